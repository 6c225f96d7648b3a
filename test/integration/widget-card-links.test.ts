import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OperationsHarness } from '../harness/operations-harness.js';
import type { Caller } from '../harness/fixtures.js';
import { runCtl } from '../../src/cli/ctl.js';
import { DEMO_CONSENT, DEMO_TENANT_ID, DEMO_WEBSITE_CHANNEL_ID } from '../../src/domain/provisioning/demo.js';
import { startDemoSite } from '../../src/widget/demo-site.js';
import { conversationOf, history, send, websiteChannel } from './widget-fixtures.js';

/**
 * Card addresses that are paths (spec 02 Card: page_url "a path starting with `/`, resolved
 * against the account's primary domain") as the chat shows them, and the demo tenant whose
 * cards are what bin/up's demo shop sells (issue 9 items 18 and 20); a real worker and the
 * builtin seller.
 */

const NBSP = '\u00a0';
let h: OperationsHarness;

beforeAll(async () => {
  // A database of its own: the demo seed below sets the demo tenant's shop domain and its chat
  // spends the demo wallet, rows other files read in the shared database.
  h = await OperationsHarness.start({ freshDatabase: 'widget_card_links', env: { WIDGET_REPLY_HOLD_MS: '15000' } });
}, 120_000);
afterAll(async () => {
  await h?.stop();
}, 60_000);

const ctl = (...args: string[]) => runCtl([...args, '--json'], h.api.services);

describe('card paths in the chat', () => {
  let caller: Caller;
  let channelId: string;
  let token: string;

  beforeAll(async () => {
    caller = await h.caller();
    channelId = await websiteChannel(h.api, caller.tenantId);
    await h.card(caller, { code: 'runner', name: 'Runner sneakers', page_url: '/products/runner', price_text: '4 990 ₽', ai_enabled: true });
    await h.card(caller, { code: 'boots', name: 'Hiking boots sneakers', page_url: 'https://other.example.com/boots', buttons: [{ label: 'Buy', url: '/cart/boots' }, { label: 'Reviews', url: 'https://reviews.example.com/boots' }], ai_enabled: true, sort: 1 });
  });

  it('without a primary domain: a path page_url is null and buttons to paths are left out (the API keeps the path)', async () => {
    const res = await send(h.api, { channel_id: channelId, content: 'Do you have sneakers?' });
    expect(res.status).toBe(200);
    token = res.body.session_token;
    expect(res.body.response.cards).toEqual([
      expect.objectContaining({ name: 'Runner sneakers', page_url: null, buttons: [] }),
      expect.objectContaining({ name: 'Hiking boots sneakers', page_url: 'https://other.example.com/boots', buttons: [{ label: 'Reviews', url: 'https://reviews.example.com/boots' }] }),
    ]);
    const stored = await h.messages((await conversationOf(h.db, token)).id);
    expect(stored.at(-1).cards.map((c: any) => [c.page_url, c.buttons.map((b: any) => b.url)])).toEqual([
      ['/products/runner', ['/products/runner']],
      ['https://other.example.com/boots', ['/cart/boots', 'https://reviews.example.com/boots']],
    ]);
  });

  it('bin/ctl tenant set-domain: paths become https://<domain> addresses, also in messages sent before', async () => {
    expect(await ctl('tenant', 'set-domain', '--tenant', caller.tenantId, '--domain', 'Shop.Example.com')).toEqual({ id: caller.tenantId, primary_domain: 'shop.example.com' });
    const res = await history(h.api, token);
    expect(res.status).toBe(200);
    expect(res.body.messages.at(-1).cards).toEqual([
      expect.objectContaining({ page_url: 'https://shop.example.com/products/runner', buttons: [{ label: 'More details', url: 'https://shop.example.com/products/runner' }] }),
      expect.objectContaining({
        page_url: 'https://other.example.com/boots',
        buttons: [{ label: 'Buy', url: 'https://shop.example.com/cart/boots' }, { label: 'Reviews', url: 'https://reviews.example.com/boots' }],
      }),
    ]);
  });
});

describe('the demo tenant (bin/ctl demo seed)', () => {
  it('seeds the demo shop\'s products as cards, once however often it runs, and sets the shop as the primary domain', async () => {
    const first = await ctl('demo', 'seed', '--shop-domain', 'localhost:3401');
    const again = await ctl('demo', 'seed', '--shop-domain', 'localhost:3401');
    expect(again).toMatchObject({ primary_domain: 'localhost:3401', cards: ['sofa-oslo', 'runner-x', 'lamp-bergen'] });
    expect(first.cards).toEqual(again.cards);
    const { rows } = await h.db.query('select code, name, page_url, price_amount, price_currency, ai_enabled, active from cards where tenant_id = $1 order by sort', [DEMO_TENANT_ID]);
    expect(rows).toEqual([
      { code: 'sofa-oslo', name: 'Sofa Oslo', page_url: '/products/sofa-oslo', price_amount: '49990.00', price_currency: 'RUB', ai_enabled: true, active: true },
      { code: 'runner-x', name: 'Runner X sneakers', page_url: '/products/runner-x', price_amount: '7990.00', price_currency: 'RUB', ai_enabled: true, active: true },
      { code: 'lamp-bergen', name: 'Lamp Bergen', page_url: '/products/lamp-bergen', price_amount: '3490.00', price_currency: 'RUB', ai_enabled: true, active: true },
    ]);
  });

  it('a newcomer asking the demo chat "Do you have sneakers?" gets the Runner X card, linking to its page on the demo shop, its button in English', async () => {
    await ctl('demo', 'seed', '--shop-domain', 'localhost:3401');
    const res = await send(h.api, { channel_id: DEMO_WEBSITE_CHANNEL_ID, content: 'Do you have sneakers?', consent_version: DEMO_CONSENT.version });
    expect(res.status).toBe(200);
    expect(res.body.response).toMatchObject({
      sender: 'ai',
      cards: [{
        name: 'Runner X sneakers', description: 'Light, for every day', price_text: `7${NBSP}990${NBSP}₽`, image_url: null,
        page_url: 'http://localhost:3401/products/runner-x', buttons: [{ label: 'More details', url: 'http://localhost:3401/products/runner-x' }],
      }],
    });
  });

  it('the demo shop serves each product page the cards link to', async () => {
    const site = await startDemoSite({ cellOrigin: h.api.origin, channelId: DEMO_WEBSITE_CHANNEL_ID });
    try {
      const home = await (await fetch(site.url)).text();
      for (const [path, name] of [['/products/sofa-oslo', 'Sofa Oslo'], ['/products/runner-x', 'Runner X sneakers'], ['/products/lamp-bergen', 'Lamp Bergen']]) {
        expect(home).toContain(`href="${path}"`);
        const page = await fetch(new URL(path!, site.url));
        expect(page.status).toBe(200);
        expect(await page.text()).toContain(`<h1>${name}</h1>`);
      }
    } finally {
      await site.close();
    }
  });
});
