import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type pg from 'pg';
import { startApi, type TestApi } from '../harness/app.js';
import { sqlClient } from '../harness/database.js';
import { newCaller, sandboxCaller, type Caller } from '../harness/fixtures.js';
import { call, expectProblem, type Answer } from '../harness/http.js';
import { schemaErrors, type Schema } from '../harness/json-schema.js';
import { runCtl } from '../../src/cli/ctl.js';
import { PinnedClock } from '../../src/clock.js';
import { HOOKS_ENV, idempotencyKey } from './webhooks-fixtures.js';

/**
 * Test mode over HTTP: a test key and a live key of one tenant never see each other's
 * objects on any list route of the OpenAPI document (a list route added later is walked too),
 * every object says livemode, and `bin/ctl sandbox reset` empties the sandbox alone.
 */
let api: TestApi;
let sql: pg.Client;
let doc: Schema;
let live: Caller;
let test: Caller;

const ctl = (...argv: string[]) => runCtl([...argv, '--json'], api.services);
const get = (who: Caller, path: string) => call(api.base, 'GET', path, { key: who.apiKey });
async function post(who: Caller, path: string, body: unknown): Promise<Answer> {
  const res = await call(api.base, 'POST', path, { key: who.apiKey, body, headers: { 'idempotency-key': idempotencyKey() } });
  if (res.status >= 300) throw new Error(`POST ${path} answered ${res.status}: ${res.text}`);
  return res;
}

/** The same objects in one mode: through the api, and an article through bin/ctl (articles have no create route). */
async function createObjects(who: Caller, tag: string): Promise<void> {
  await post(who, '/cards', { code: `card-${tag}`, name: `Card ${tag}` });
  const conversation = await post(who, '/conversations', { external_customer_id: `customer-${tag}`, name: 'Anna', email: `anna-${tag}@example.com` });
  await post(who, `/conversations/${conversation.body.id}/operator-messages`, { content: `Hello from ${tag}`, operator: { name: 'Olga' } });
  const leads = await get(who, '/leads');
  await post(who, `/leads/${leads.body.data[0].id}/tasks`, { title: `Call back (${tag})` });
  await post(who, '/webhooks', { url: `https://hooks.test/${tag}`, events: ['lead.*'] });
  await ctl('article', 'create', '--tenant', who.tenantId, '--title', `Article ${tag}`);
}

interface ListRoute { path: string; parent: string | null }

/** Every GET of the document whose 200 answer is a page (`data` list): the list routes. */
function listRoutes(): ListRoute[] {
  const resolve = (s: Schema): Schema => (s.$ref ? doc.components.schemas[String(s.$ref).split('/').pop()!] : s);
  const routes: ListRoute[] = [];
  for (const [path, operations] of Object.entries<Record<string, any>>(doc.paths)) {
    const schema = operations.get?.responses?.['200']?.content?.['application/json']?.schema;
    if (!schema || resolve(schema).properties?.data?.type !== 'array') continue;
    const params = path.match(/\{[^}]+\}/g) ?? [];
    const parent = params.length === 1 ? /^(.*)\/\{[^}]+\}\/[^{}]+$/.exec(path)?.[1] ?? null : null;
    routes.push({ path, parent: params.length === 0 ? null : parent ?? `unsupported:${path}` });
  }
  return routes;
}

/** The objects (items with an id) of a list as one key sees it, each checked to say its livemode. */
async function objectsOf(who: Caller, path: string, livemode: boolean): Promise<string[]> {
  const res = await get(who, `${path}${path.includes('?') ? '&' : '?'}limit=100`);
  expect({ path, status: res.status }).toEqual({ path, status: 200 });
  const items = (res.body.data as Record<string, unknown>[]).filter((item) => typeof item.id === 'string');
  for (const item of items) expect({ path, id: item.id, livemode: item.livemode }).toEqual({ path, id: item.id, livemode });
  return items.map((item) => item.id as string);
}

/** Every list route's objects for both keys; parameterised routes under the objects of their parent list. */
async function everyList(): Promise<Map<string, { live: string[]; test: string[] }>> {
  const seen = new Map<string, { live: string[]; test: string[] }>();
  const routes = listRoutes();
  for (const route of routes.filter((r) => r.parent === null)) {
    seen.set(route.path, { live: await objectsOf(live, route.path, true), test: await objectsOf(test, route.path, false) });
  }
  for (const route of routes.filter((r) => r.parent !== null)) {
    const parent = seen.get(route.parent!);
    if (!parent) throw new Error(`no parent list for ${route.path}`);
    const at = (id: string) => route.path.replace(/\{[^}]+\}/, id);
    const both = { live: [] as string[], test: [] as string[] };
    for (const id of parent.live) both.live.push(...await objectsOf(live, at(id), true));
    for (const id of parent.test) both.test.push(...await objectsOf(test, at(id), false));
    // Under the other mode's parent there is nothing: its id is unknown here.
    if (parent.live[0]) expectProblem(await get(test, at(parent.live[0])), 'not_found');
    if (parent.test[0]) expectProblem(await get(live, at(parent.test[0])), 'not_found');
    seen.set(route.path, both);
  }
  return seen;
}

beforeAll(async () => {
  api = await startApi(HOOKS_ENV);
  sql = await sqlClient();
  doc = (await call(api.base, 'GET', '/openapi.json')).body;
  live = await newCaller(api.services);
  test = await sandboxCaller(api.services, live);
  await createObjects(live, 'live');
  await createObjects(test, 'test');
});
afterAll(async () => {
  await sql?.end();
  await api?.close();
});

describe('a test key works in the sandbox', () => {
  it('GET /me says key.mode test for a test key and live for a live one; both name the live tenant and integration, each its own api channel', async () => {
    const mine = await get(test, '/me');
    const theirs = await get(live, '/me');
    expect(mine.body.key.mode).toBe('test');
    expect(theirs.body.key.mode).toBe('live');
    expect(schemaErrors(mine.body, doc.paths['/me'].get.responses['200'].content['application/json'].schema, doc)).toEqual([]);
    // The key's owners are the live rows in both modes (the sandbox's shadow ids stay inside).
    expect(mine.body.tenant.id).toBe(live.tenantId);
    expect(mine.body.integration.id).toBe(live.integrationId);
    expect(theirs.body.tenant.id).toBe(live.tenantId);
    expect(theirs.body.integration.id).toBe(live.integrationId);
    expect(test.tenantId).not.toBe(live.tenantId);
    // channel_id is the sandbox's api channel: the one its conversations carry.
    const { rows } = await sql.query(`select id from channels where tenant_id = $1 and integration_id = $2 and type = 'api'`, [test.tenantId, test.integrationId]);
    expect(rows).toHaveLength(1);
    expect(mine.body.channel_id).toBe(rows[0].id);
    expect(mine.body.channel_id).not.toBe(theirs.body.channel_id);
  });

  it('the sandbox is a shadow of the live tenant: its tenant and integration name the live ones', async () => {
    const { rows } = await sql.query(
      `select t.live_tenant_id, i.live_integration_id from tenants t join integrations i on i.tenant_id = t.id where t.id = $1`, [test.tenantId]);
    expect(rows).toEqual([{ live_tenant_id: live.tenantId, live_integration_id: live.integrationId }]);
  });

  it('an object of one mode is not found with the key of the other', async () => {
    const card = (await get(test, '/cards')).body.data[0];
    expect(card.code).toBe('card-test');
    expectProblem(await get(live, `/cards/${card.code}`), 'not_found');
    const conversation = (await get(live, '/conversations')).body.data[0];
    expectProblem(await get(test, `/conversations/${conversation.id}`), 'not_found');
    expect((await get(live, `/conversations/${conversation.id}`)).body.livemode).toBe(true);
  });

  it('the live integration suspended stops its test keys too (the shadow follows it)', async () => {
    const other = await newCaller(api.services);
    const otherTest = await sandboxCaller(api.services, other);
    await ctl('integration', 'set-status', '--integration', other.integrationId, '--status', 'suspended');
    expectProblem(await get(otherTest, '/me'), 'integration_inactive');
    await ctl('integration', 'set-status', '--integration', other.integrationId, '--status', 'active');
    expect((await get(otherTest, '/me')).status).toBe(200);
  });
});

describe('list routes: a test key and a live key never see each other\'s objects', () => {
  it('walks every list route of the OpenAPI document: disjoint objects, each saying its livemode', async () => {
    const seen = await everyList();
    for (const [path, { live: liveIds, test: testIds }] of seen) {
      expect({ path, shared: liveIds.filter((id) => testIds.includes(id)) }).toEqual({ path, shared: [] });
    }
    // The objects made in both modes above are listed on both sides, so the walk above compared something.
    const inBoth = [...seen].filter(([, ids]) => ids.live.length && ids.test.length).map(([path]) => path);
    expect(inBoth).toEqual(expect.arrayContaining(['/articles', '/cards', '/conversations', '/conversations/{id}/messages', '/leads', '/leads/{id}/tasks', '/webhooks', '/disclosures']));
  });

  it('every list answer matches the document (livemode documented on each object)', async () => {
    for (const route of listRoutes().filter((r) => r.parent === null)) {
      const res = await get(test, `${route.path}?limit=100`);
      expect({ path: route.path, errors: schemaErrors(res.body, doc.paths[route.path].get.responses['200'].content['application/json'].schema, doc) })
        .toEqual({ path: route.path, errors: [] });
    }
  });
});

describe('bin/ctl sandbox reset', () => {
  it('empties the sandbox on every list route and leaves live data untouched; the test key and wallet stay', async () => {
    await ctl('wallet', 'set-balance', '--sandbox', '--tenant', live.tenantId, '--balance', '50');
    const before = await everyList();
    const result = await ctl('sandbox', 'reset', '--tenant', live.tenantId);
    expect(result).toMatchObject({ tenant: live.tenantId, sandbox_tenant: test.tenantId });
    expect(result.deleted).toMatchObject({ cards: 1, conversations: 1, articles: 1, webhooks: 1 });
    const after = await everyList();
    for (const [path, ids] of after) {
      expect({ path, test: ids.test }).toEqual({ path, test: [] });
      // Nothing live went (the disclosure log grows with these very reads).
      expect({ path, gone: before.get(path)!.live.filter((id) => !ids.live.includes(id)) }).toEqual({ path, gone: [] });
    }
    expect((await get(test, '/me')).status).toBe(200);
    expect((await get(test, '/wallet')).body.balance.amount).toBe('50.00');
  });

  it('--seed fills the sandbox with the demo catalogue and a few conversations, all livemode false', async () => {
    const result = await ctl('sandbox', 'reset', '--tenant', live.tenantId, '--seed');
    expect(result.seeded).toMatchObject({ conversations: 3 });
    const cards = await objectsOf(test, '/cards', false);
    expect(cards.length).toBe((result.seeded as { cards: number }).cards);
    expect((await objectsOf(test, '/conversations', false)).length).toBe(3);
    expect((await get(live, '/cards')).body.data.map((c: { code: string }) => c.code)).toEqual(['card-live']);
  });

  it('a sandbox row is refused where a live one is meant', async () => {
    await expect(ctl('sandbox', 'reset', '--tenant', test.tenantId)).rejects.toThrow(/is a sandbox tenant; name the live one/);
    await expect(ctl('key', 'issue', '--integration', test.integrationId, '--mode', 'test')).rejects.toThrow(/is a sandbox integration; name the live one/);
  });
});

describe('rate limits of test keys are apart from live ones', () => {
  let limited: TestApi;
  beforeAll(async () => {
    // The clock stands still, so the three reads of each key fall in one minute.
    limited = await startApi({ RATE_LIMIT_READ_PER_MIN: '2' }, { clock: new PinnedClock(new Date('2026-11-21T12:00:30.000Z')) });
  });
  afterAll(async () => limited?.close());

  it('a live key at its read limit leaves its test key all of its own', async () => {
    const caller = await newCaller(limited.services);
    const key = await sandboxCaller(limited.services, caller);
    const read = (apiKey: string) => call(limited.base, 'GET', '/me', { key: apiKey }).then((r) => r.status);
    expect([await read(caller.apiKey), await read(caller.apiKey), await read(caller.apiKey)]).toEqual([200, 200, 429]);
    expect([await read(key.apiKey), await read(key.apiKey), await read(key.apiKey)]).toEqual([200, 200, 429]);
  });
});
