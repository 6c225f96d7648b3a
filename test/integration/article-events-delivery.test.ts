import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { DeliveryHarness } from '../harness/delivery-harness.js';
import type { TestApi } from '../harness/app.js';
import { anotherIntegration, newCaller } from '../harness/fixtures.js';
import { call } from '../harness/http.js';

/**
 * Who hears of an article (docs/decisions.md): article.ready goes to every integration of the
 * tenant subscribed to it, not only to the one that ordered the generation, so a CMS
 * integration that publishes on article.ready (spec 02) hears of articles another integration
 * ordered; operation.completed stays the orderer's. Real HTTPS subscribers, signed deliveries.
 */

let h: DeliveryHarness;
let api: TestApi;

beforeAll(async () => {
  h = await DeliveryHarness.start({ file: import.meta.url });
  api = await h.startApi();
}, 180_000);

afterAll(async () => {
  await api?.close();
  await h?.stop();
}, 60_000);

const eventsAt = (path: string) => h.receiver.received(path).map((r) => JSON.parse(r.rawBody.toString('utf8')) as { type: string; data: Record<string, unknown> });

describe('article.ready', () => {
  it('reaches a CMS integration of the tenant that did not order the generation; operation.completed only the orderer', async () => {
    const orderer = await newCaller(api.services, { name: 'Article Shop' });
    const cms = await anotherIntegration(api.services, orderer, { scopes: ['articles:read', 'webhooks:manage'] });
    const stranger = await newCaller(api.services, { name: 'Other Shop' });
    const run = randomUUID().slice(0, 8);
    const paths = { orderer: `/orderer-${run}`, cms: `/cms-${run}`, stranger: `/stranger-${run}` };
    await h.subscribeSigned(orderer, paths.orderer, { events: ['article.*', 'operation.completed'] });
    await h.subscribeSigned(cms, paths.cms, { events: ['article.*', 'operation.completed'] });
    await h.subscribeSigned(stranger, paths.stranger, { events: ['article.*', 'operation.completed'] });

    expect((await call(api.base, 'PUT', '/editorial-profile', { key: orderer.apiKey, body: { niche: 'Garden tools' } })).status).toBe(200);
    const res = await call(api.base, 'POST', '/articles/generation-jobs?wait=20', {
      key: orderer.apiKey, body: { keyword: 'pruning shears' }, headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.status).toBe(200);
    const job = (await call(api.base, 'GET', `/articles/generation-jobs/${res.body.operation.id}`, { key: orderer.apiKey })).body;

    const [toCms] = await h.receiver.waitFor(paths.cms, 1, 60_000);
    expect(toCms!.signature?.ok).toBe(true);
    await h.receiver.waitFor(paths.orderer, 2, 60_000);
    expect(eventsAt(paths.cms)).toEqual([expect.objectContaining({ type: 'article.ready', data: { article_id: job.article_id } })]);
    expect(eventsAt(paths.orderer).map((e) => e.type).sort()).toEqual(['article.ready', 'operation.completed']);
    // The CMS reads the article with its own key.
    expect((await call(api.base, 'GET', `/articles/${job.article_id}`, { key: cms.apiKey })).body.id).toBe(job.article_id);
    // Another tenant hears nothing; the relay is done with the tenant's events once the orderer has both.
    expect(h.receiver.received(paths.stranger)).toEqual([]);
  });
});
