import { createHmac } from 'node:crypto';
import type Router from '@koa/router';
import Joi from 'joi';
import type { Services } from '../services.js';
import { domainError } from '../errors/domain-error.js';
import { validatePart } from '../http/validate.js';
import { findWebsiteChannel } from '../domain/channels/website-channels.js';
import { eventSource, ingestEvents } from '../domain/analytics/events.js';
import { dayIn, tenantTimeZone } from '../domain/analytics/time-zone.js';
import { newId } from '../ids.js';
import { answerPreflight, requireAllowedOrigin } from './session-cors.js';
import { countInit, visitorAddress, visitorBody } from './rate-limits.js';

export const PAGEVIEW_PATH = '/api/widget/pageview';

const pageUrl = () => Joi.string().uri({ scheme: ['http', 'https'] }).max(2048);

export const PageviewBody = Joi.object({
  channel_id: Joi.string().max(100).required().description('The website channel (a uuid); anything else is 404 not_found.'),
  url: pageUrl().required().description('location.href of the page: its UTM parameters are read from it.'),
  title: Joi.string().max(500).allow(''),
  referrer: pageUrl().allow('').description('document.referrer.'),
}).meta({ ref: 'WidgetPageview' });

const UTM = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

/**
 * The visitor of a page view without a cookie (decisions: "Analytics: the widget beacon"): a
 * keyed hash of the day, the channel, the address and the browser, as Plausible counts. The
 * same browser is one visitor within a day, and cannot be followed from one day to the next.
 */
function dailyVisitor(secret: string, day: string, channelId: string, address: string, userAgent: string): string {
  return createHmac('sha256', secret).update(`${day}\n${channelId}\n${address}\n${userAgent}`).digest('base64url').slice(0, 22);
}

/**
 * POST /api/widget/pageview: the embed script's one beacon per page load (page address,
 * title, referrer, UTM from the address), stored as a page_view event of source `widget`.
 * CORS and the site check as init; counted against the same per-address budget as init.
 */
export function registerPageviewRoute(router: Router, services: Services): void {
  router.options(PAGEVIEW_PATH, (ctx) => {
    ctx.state.routeLabel = `OPTIONS ${PAGEVIEW_PATH}`;
    answerPreflight(ctx);
  });

  router.post(PAGEVIEW_PATH, async (ctx) => {
    ctx.state.routeLabel = `POST ${PAGEVIEW_PATH}`;
    validatePart(Joi.object({}), { ...ctx.query }, 'query');
    const body = validatePart<{ channel_id: string; url: string; title?: string; referrer?: string }>(PageviewBody, await visitorBody(ctx, services), 'body');
    if (!/^[0-9a-f-]{36}$/i.test(body.channel_id)) throw domainError('not_found', 'No such chat.');
    const address = visitorAddress(ctx, services);
    await countInit(services, body.channel_id, address);
    const em = services.orm.em.fork();
    const found = await findWebsiteChannel(em, body.channel_id);
    if (!found) throw domainError('not_found', 'No such chat.');
    requireAllowedOrigin(ctx, found.settings.allowed_domains, services.config);
    const wallet = await services.wallets.get(found.tenant.id, null);
    if (wallet.exchange === 'suspended') throw domainError('service_unavailable', 'Page views are not taken right now.', {}, { retryAfterSeconds: 300 });
    const now = services.clock.now();
    const zone = await tenantTimeZone(em, found.tenant.id, services.config.cell);
    const params = new URL(body.url).searchParams;
    const utm = Object.fromEntries(UTM.flatMap((k) => (params.get(k) ? [[k, params.get(k)!.slice(0, 255)]] : [])));
    await ingestEvents(em, found.tenant.id, eventSource.widget, [{
      externalId: newId(), type: 'page_view', occurredAt: now,
      visitorId: dailyVisitor(services.config.secrets.cursor, dayIn(now, zone), found.channel.id, address, ctx.get('user-agent')),
      properties: { url: body.url, ...(body.title ? { title: body.title } : {}), ...(body.referrer ? { referrer: body.referrer } : {}), ...utm, channel_id: found.channel.id },
    }], now, zone, services.config.cell);
    ctx.status = 204;
  });
}
