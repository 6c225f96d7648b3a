import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { SalesChat } from '@sales-chat/client';
import { DeliveryHarness } from '../harness/delivery-harness.js';
import { DIST } from '../harness/in-process-worker.js';
import type { TestApi } from '../harness/app.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { eventually } from '../harness/eventually.js';
import { seedTopic } from './strategist-fixtures.js';
import { documentedFetch } from '../../clients/typescript/test/documented-fetch.js';
import { CrmSync } from '../../examples/crm-sync.js';
import { aiReply } from '../../examples/ai-reply.js';
import { articleFromTopic } from '../../examples/article-from-topic.js';

/**
 * Issue 29 item 3: the examples/ tour, written with the client (@sales-chat/client), run against
 * the stack: an api, a Temporal worker with the delivery engine, and a real HTTPS receiver (the
 * integrator's server) that hands deliveries to the CRM sync. Each example's output is kept in
 * the run's folder (examples/<name>.log next to its build).
 */

let h: DeliveryHarness;
let api: TestApi;
let caller: Caller;
let client: SalesChat;

beforeAll(async () => {
  h = await DeliveryHarness.start({ file: import.meta.url });
  api = await h.startApi();
  caller = await newCaller(api.services, { name: 'Examples shop' });
  client = new SalesChat({ apiKey: caller.apiKey, baseUrl: api.base, fetch: documentedFetch });
}, 180_000);

afterAll(async () => {
  await api?.close();
  await h?.stop();
}, 60_000);

/** The example's log lines, also written to <run>/examples/<name>.log. */
function output(name: string): { lines: string[]; log: (line: string) => void; save: () => Promise<void> } {
  const lines: string[] = [];
  return {
    lines,
    log: (line) => { lines.push(line); },
    save: async () => {
      const dir = join(dirname(DIST), 'examples');
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, `${name}.log`), `${lines.join('\n')}\n`);
    },
  };
}

describe('examples/', () => {
  it('crm-sync: pages the new leads into the CRM, then follows lead.updated webhooks (signed, verified, read back)', async () => {
    const out = output('crm-sync');
    const leads = [];
    for (const [title, status] of [['Sofa for Anna', 'new'], ['Lamp for Boris', 'new'], ['Desk for Clara', 'new'], ['Chair for Dan', 'won']] as const) {
      leads.push(await client.leads.create({ title, status, contact: { name: title.split(' ').pop()!, email: `${title.split(' ').pop()!.toLowerCase()}@example.com` } }));
    }
    const sync = new CrmSync(client, undefined, out.log);
    expect(await sync.backfill({ status: 'new' })).toBe(3);
    expect([...sync.records.keys()].sort()).toEqual(leads.slice(0, 3).map((l) => l.id).sort());

    // The integrator's HTTPS endpoint: the raw body and Svc-Signature go to the example as they came.
    const path = '/hooks/sales-chat';
    h.receiver.route(path, (_, request) => ({ status: sync.receive(request.rawBody, request.headers['svc-signature']) }));
    await sync.subscribe(h.receiver.url(path));

    // Someone moves Anna's lead on the platform: lead.updated reaches the CRM.
    const anna = await client.leads.retrieve(leads[0]!.id);
    await client.leads.update(anna.id, { status: 'qualified', next_action: 'Call back on Monday' }, { ifMatch: anna.etag });
    const record = await eventually('the CRM record to follow the change', async () => {
      await sync.idle();
      const r = sync.records.get(anna.id);
      return r?.status === 'qualified' ? r : undefined;
    }, 90_000);
    expect(record).toMatchObject({ title: 'Sofa for Anna', status: 'qualified', version: anna.version + 1, contactEmail: 'anna@example.com' });
    const delivered = h.receiver.received(path);
    expect(delivered.length).toBeGreaterThan(0);
    expect(delivered.every((r) => r.status === 200 && r.signature === null)).toBe(true);

    // A forged delivery is refused before its body is read.
    expect(sync.receive(delivered[0]!.rawBody, `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`)).toBe(400);
    // A retried delivery (same event id) is answered and not processed twice.
    expect(sync.receive(delivered[0]!.rawBody, delivered[0]!.headers['svc-signature'])).toBe(200);
    await out.save();
    expect(out.lines).toEqual(expect.arrayContaining([
      'backfill: 3 lead(s) copied (status new); the CRM holds 3',
      expect.stringMatching(/^subscribed .+ to lead\.updated$/),
      expect.stringMatching(new RegExp(`^lead\\.updated ${anna.id.slice(0, 8)}: .*status.* -> status qualified, version ${anna.version + 1}$`)),
      'refused a delivery: mismatch',
    ]));
  });

  it('ai-reply: the customer writes, the paid AI reply comes within wait (200) or through operations.wait (202)', async () => {
    const out = output('ai-reply');
    const hello = { id: 'crm-anna-msg-1', text: 'Hello! Do you have a sofa that seats three?' };
    const within = await aiReply(client, { id: 'crm-anna', name: 'Anna' }, hello, { wait: 20, log: out.log });
    expect(within.operation).toMatchObject({ type: 'conversation.ai_reply', status: 'succeeded', usage: { cost: { currency: 'RUB' } } });
    expect(within.reply).toEqual(expect.any(String));
    // The same turn run again (a crash after sending it): the keys come from the turn, so it is answered again, not bought twice.
    const again = await aiReply(client, { id: 'crm-anna', name: 'Anna' }, hello, { wait: 20, log: out.log });
    expect(again.conversationId).toBe(within.conversationId);
    expect(again.operation?.id).toBe(within.operation?.id);
    const senders = (await client.conversations.listMessages(within.conversationId).toArray({ limit: 100 })).map((m) => m.sender);
    expect(senders.filter((s) => s === 'customer')).toHaveLength(1);
    expect(senders.filter((s) => s === 'ai')).toHaveLength(1);
    const later = await aiReply(client, { id: 'crm-boris', name: 'Boris' }, { id: 'crm-boris-msg-1', text: 'How long is delivery to Kazan?' }, { wait: 0, log: out.log });
    expect(later.operation).toMatchObject({ status: 'succeeded', resource: { type: 'message' } });
    expect(later.reply).toEqual(expect.any(String));
    await out.save();
    expect(out.lines).toEqual(expect.arrayContaining([
      expect.stringMatching(/^ai \(within wait\): /), expect.stringMatching(/^202: operation .+ queued; waiting for it$/), expect.stringMatching(/^charged \d+\.\d\d RUB/),
    ]));
  });

  it('article-from-topic: a proposed topic approved with generate, the draft approved, handed off and published', async () => {
    const out = output('article-from-topic');
    await seedTopic(api.services, caller, { title: 'How to choose a sofa for a small flat', trendScore: 87 });
    const article = await articleFromTopic(client, 'https://shop.example.com', out.log);
    expect(article).toMatchObject({ status: 'published', title: expect.any(String) });
    const topics = await client.strategist.topics.list({ status: 'generated' });
    expect(topics.data.map((t) => t.generated_article_id)).toContain(article!.id);
    await out.save();
    expect(out.lines[out.lines.length - 1]).toMatch(/^published: published at https:\/\/shop\.example\.com\/blog\//);
  });
});
