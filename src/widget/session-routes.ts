import type Router from '@koa/router';
import type { Context, Next } from 'koa';
import type { Services } from '../services.js';
import { domainError } from '../errors/domain-error.js';
import { WIDGET_API_PREFIX } from '../http/error-handler.js';
import { validatePart } from '../http/validate.js';
import { findWebsiteChannel, type WebsiteChannel } from '../domain/channels/website-channels.js';
import { answerPreflight, requireAllowedOrigin } from './session-cors.js';
import { conversationOfSession, requireOpenChat, sessionOfToken } from './sessions.js';
import { countInit, countingRejections, countMessage, countRead, visitorAddress, visitorBody } from './rate-limits.js';
import { takeVisitorTurn } from './visitor-turn.js';
import { answerVisitorTurn } from './visitor-answer.js';
import { HistoryQuery, InitBody, MessageBody, MessageQuery, PollQuery } from './schemas.js';
import { refuseOverlongContent } from '../domain/conversations/messages.js';
import { attachmentAddress, attachmentSigner, conversationView, presentForVisitor, visitorHistory, visitorMessagesAfter } from './visitor-reads.js';
import { UUID } from '../ids.js';

/**
 * Registered first on the widget router: /api/widget answers are a visitor's conversation,
 * never cached (a route may say otherwise, as the stream does). Errors get their `error`
 * field from the error handler.
 */
async function noStore(ctx: Context, next: Next): Promise<void> {
  if (ctx.path.startsWith(WIDGET_API_PREFIX)) ctx.set('Cache-Control', 'no-store');
  await next();
}

/** 404 for anything but the id of an active tenant's website channel. */
async function websiteChannel(services: Services, id: string): Promise<WebsiteChannel> {
  const found = await findWebsiteChannel(services.orm.em.fork(), id);
  if (!found) throw domainError('not_found', 'No such chat.');
  return found;
}

const notFoundUnlessUuid = (id: string) => {
  if (!UUID.test(id)) throw domainError('not_found', 'No such chat.');
};

/** POST /api/widget/init, its preflight, messages, history, poll and the attachment redirect (spec 01, Visitor chat routes). */
export function registerSessionRoutes(router: Router, services: Services): void {
  const { config } = services;
  router.use(noStore);

  router.options('/api/widget/init', (ctx) => {
    ctx.state.routeLabel = 'OPTIONS /api/widget/init';
    answerPreflight(ctx);
  });

  router.post('/api/widget/init', async (ctx) => {
    ctx.state.routeLabel = 'POST /api/widget/init';
    const body = validatePart<{ channel_id: string }>(InitBody, await visitorBody(ctx, services), 'body');
    notFoundUnlessUuid(body.channel_id);
    await countInit(services, body.channel_id, visitorAddress(ctx, services));
    const { channel, settings } = await websiteChannel(services, body.channel_id);
    requireAllowedOrigin(ctx, settings.allowed_domains, config);
    ctx.body = {
      channel_id: channel.id, greeting: settings.greeting, color: settings.color, assistant: settings.assistant, queue: settings.queue,
      ...(settings.consent ? { consent: settings.consent } : {}),
    };
  });

  router.post('/api/widget/messages', async (ctx) => {
    ctx.state.routeLabel = 'POST /api/widget/messages';
    const { wait } = validatePart<{ wait?: number }>(MessageQuery, { ...ctx.query }, 'query');
    const body = validatePart<{ channel_id: string; content: string; session_token?: string | null; page_url?: string | null; page_title?: string | null; consent_version?: string | null }>(MessageBody, await visitorBody(ctx, services), 'body');
    if (!body.content.trim()) throw domainError('validation_failed', 'Write a message.', { errors: [{ field: '/content', code: 'required', message: 'content is empty' }] });
    refuseOverlongContent(body.content);
    notFoundUnlessUuid(body.channel_id);
    const address = visitorAddress(ctx, services);
    // The token is checked before anything is counted for it (a forged one spends no visitor's or channel's budget).
    const held = body.session_token ? await countingRejections(services, address, () => sessionOfChannel(body.session_token, body.channel_id)) : null;
    await countMessage(services, body.channel_id, address, held?.id ?? null);
    const website = await websiteChannel(services, body.channel_id);
    const wallet = await services.wallets.forPaidWork(website.tenant.id, null);
    if (wallet.exchange === 'suspended') throw domainError('service_unavailable', 'The chat is unavailable right now; try again later.', {}, { retryAfterSeconds: 300 });
    const turn = await takeVisitorTurn(services, ctx, website, wallet, {
      content: body.content, sessionToken: body.session_token, pageUrl: body.page_url, pageTitle: body.page_title, consentVersion: body.consent_version,
    });
    ctx.body = await answerVisitorTurn(services, turn, wait === undefined ? config.widget.replyHoldMs : Math.min(wait * 1000, config.widget.replyHoldMs));
  });

  /** The session of a token, of this channel only; the message's transaction checks it again, locked. */
  async function sessionOfChannel(token: unknown, channelId: string) {
    const session = await sessionOfToken(services.orm.em.fork(), token, config.widget, services.clock.now());
    if (session.channelId !== channelId) throw domainError('invalid_session', 'The chat session belongs to another chat; start a new chat.');
    return session;
  }

  /** The visitor's session and conversation behind `st`, while its chat is open; reads are counted per session. */
  async function visitorOf(ctx: Context, st: string | undefined) {
    const em = services.orm.em.fork();
    const session = await countingRejections(services, visitorAddress(ctx, services), () => sessionOfToken(em, st, config.widget, services.clock.now()));
    await countRead(services, session.id);
    await requireOpenChat(em, session.channelId);
    return { em, conversation: await conversationOfSession(em, session) };
  }

  router.get('/api/widget/history', async (ctx) => {
    ctx.state.routeLabel = 'GET /api/widget/history';
    const query = validatePart<{ st?: string }>(HistoryQuery, { ...ctx.query }, 'query');
    const { em, conversation } = await visitorOf(ctx, query.st);
    const messages = await visitorHistory(em, conversation);
    ctx.body = { messages: await presentForVisitor(em, messages, config, services.clock.now()), ...conversationView(conversation) };
  });

  router.get('/api/widget/poll', async (ctx) => {
    ctx.state.routeLabel = 'GET /api/widget/poll';
    const query = validatePart<{ st?: string; after: Date }>(PollQuery, { ...ctx.query }, 'query');
    const { em, conversation } = await visitorOf(ctx, query.st);
    const messages = await visitorMessagesAfter(em, conversation, query.after);
    ctx.body = { new_messages: await presentForVisitor(em, messages, config, services.clock.now()), ...conversationView(conversation) };
  });

  router.get('/api/widget/attachments/:messageId/:index', async (ctx) => {
    ctx.state.routeLabel = 'GET /api/widget/attachments/:messageId/:index';
    const { messageId, index } = ctx.params as { messageId: string; index: string };
    const exp = Number(ctx.query.exp);
    const sig = typeof ctx.query.sig === 'string' ? ctx.query.sig : '';
    const valid = UUID.test(messageId) && /^\d{1,3}$/.test(index) && attachmentSigner(config).verify(messageId, Number(index), exp, sig, services.clock.now());
    const address = valid ? await attachmentAddress(services.orm.em.fork(), messageId, Number(index), config) : null;
    if (!address) throw domainError('not_found', 'No such attachment, or its address has expired.');
    ctx.redirect(address);
  });
}
