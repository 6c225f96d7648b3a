import type pg from 'pg';
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { TestApi } from '../harness/app.js';
import { useApiSuite } from '../harness/api-suite.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { call, expectProblem, type Answer } from '../harness/http.js';
import { schemaErrors, type Schema } from '../harness/json-schema.js';
import { disclosureRows, minutes } from './conversations-fixtures.js';
import { leadBody, seedLead, type SeededLead } from './leads-fixtures.js';

let api: TestApi;
let sql: pg.Client;
let doc: Schema;
useApiSuite((s) => ({ api, sql, doc } = s));

const get = (who: Caller, path: string) => call(api.base, 'GET', path, { key: who.apiKey });
const ids = (res: Answer) => res.body.data.map((item: { id: string }) => item.id);
const schemaOf = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const fieldError = (field: string, code: string) => ({ errors: [{ field, code, message: expect.any(String) }] });
const q = encodeURIComponent;

describe('GET /leads', () => {
  let caller: Caller;
  const seeds: SeededLead[] = [];
  const at = (n: number) => seeds[n]!;

  beforeAll(async () => {
    caller = await newCaller(api.services);
    seeds.push(await seedLead(sql, caller, { updatedAt: minutes(30), title: 'Runner X — Anna', contact: { name: 'Anna', email: 'anna@example.com', phone: '+79123456789' }, valueAmount: '1500.50' }));
    seeds.push(await seedLead(sql, caller, { updatedAt: minutes(10), status: 'qualified', source: 'api' }));
    seeds.push(await seedLead(sql, caller, { updatedAt: minutes(20), status: 'won', contact: null, version: 4 }));
    seeds.push(await seedLead(sql, caller, { updatedAt: minutes(20), source: 'telegram' }));
    seeds.push(await seedLead(sql, caller, { updatedAt: minutes(25), archived: true, status: 'lost' }));
    await seedLead(sql, await newCaller(api.services), { updatedAt: minutes(5) });
  });

  /** Non-archived, ascending by (updated_at, id): the two at minute 20 in id order. */
  const expectedOrder = () => [at(1).id, ...[at(2).id, at(3).id].sort(), at(0).id];
  const bodyOf = (id: string) => leadBody(seeds.find((s) => s.id === id)!);

  it("answers the tenant's non-archived leads, whole, ascending by (updated_at, id), private and uncached", async () => {
    const res = await get(caller, '/leads');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.body).toEqual({ data: expectedOrder().map(bodyOf), next_cursor: null });
    expect(schemaErrors(res.body, schemaOf('LeadPage'), doc)).toEqual([]);
  });

  it('archived=true answers the archived leads only', async () => {
    const res = await get(caller, '/leads?archived=true');
    expect(res.body).toEqual({ data: [bodyOf(at(4).id)], next_cursor: null });
    expect(ids(await get(caller, '/leads?archived=false'))).toEqual(expectedOrder());
  });

  it('pages by next_cursor without losing or repeating one', async () => {
    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const res: Answer = await get(caller, `/leads?limit=1${cursor ? `&cursor=${q(cursor)}` : ''}`);
      expect(res.status).toBe(200);
      pages.push(ids(res));
      cursor = res.body.next_cursor;
    } while (cursor);
    expect(pages).toEqual(expectedOrder().map((id) => [id]));
  });

  it.each<[string, string, () => string[]]>([
    ['status', 'status=qualified', () => [at(1).id]],
    ['status among the archived', 'status=lost&archived=true', () => [at(4).id]],
    ['source', 'source=telegram', () => [at(3).id]],
    ['source and status together', 'source=website&status=won', () => [at(2).id]],
    ['a source nobody has', 'source=Website', () => []],
  ])('filters by %s', async (_, query, expected) => {
    const res = await get(caller, `/leads?${query}`);
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual(expected());
  });

  it('updated_since is inclusive, as a date-time with zone or a date', async () => {
    expect(ids(await get(caller, `/leads?updated_since=${q('2026-01-01T00:20:00Z')}`))).toEqual(expectedOrder().slice(1));
    expect(ids(await get(caller, `/leads?updated_since=${q('2026-01-01T03:30:00+03:00')}`))).toEqual([at(0).id]);
    expect(ids(await get(caller, '/leads?updated_since=2026-01-01'))).toEqual(expectedOrder());
    expect(ids(await get(caller, '/leads?updated_since=2026-01-02'))).toEqual([]);
  });

  it('updated_after is strictly later', async () => {
    expect(ids(await get(caller, `/leads?updated_after=${q('2026-01-01T00:20:00Z')}`))).toEqual([at(0).id]);
    expect(ids(await get(caller, `/leads?updated_after=${q('2026-01-01T00:19:59.999Z')}`))).toEqual(expectedOrder().slice(1));
  });

  it('updated_since and updated_after together answer 422 at /updated_after', async () => {
    const res = await get(caller, `/leads?updated_since=2026-01-01&updated_after=${q('2026-01-01T00:00:00Z')}`);
    expectProblem(res, 'validation_failed', fieldError('/updated_after', 'invalid_value'));
  });

  it('include_deleted=true answers 422 not_supported; false is the default', async () => {
    expectProblem(await get(caller, '/leads?include_deleted=true'), 'validation_failed', fieldError('/include_deleted', 'not_supported'));
    expect(ids(await get(caller, '/leads?include_deleted=false'))).toEqual(expectedOrder());
  });

  it('a cursor is bound to its filters: reused with other filters it answers 422 at /cursor', async () => {
    const first = await get(caller, '/leads?limit=1&source=website');
    expect(first.body.next_cursor).toEqual(expect.any(String));
    expectProblem(await get(caller, `/leads?limit=1&source=api&cursor=${q(first.body.next_cursor)}`), 'validation_failed', fieldError('/cursor', 'invalid_format'));
    expectProblem(await get(caller, `/leads?limit=1&source=website&archived=true&cursor=${q(first.body.next_cursor)}`), 'validation_failed', fieldError('/cursor', 'invalid_format'));
    expect((await get(caller, `/leads?limit=1&source=website&cursor=${q(first.body.next_cursor)}`)).status).toBe(200);
    const stranger = await newCaller(api.services);
    expectProblem(await get(stranger, `/leads?limit=1&source=website&cursor=${q(first.body.next_cursor)}`), 'validation_failed', fieldError('/cursor', 'invalid_format'));
  });

  it.each<[string, string, string, string]>([
    ['a status outside the canonical set', 'status=open', '/status', 'not_supported'],
    ['a status in another case', 'status=Won', '/status', 'not_supported'],
    ['archived that is not a boolean', 'archived=maybe', '/archived', 'invalid_format'],
    ['updated_since that is not a time', 'updated_since=yesterday', '/updated_since', 'invalid_format'],
    ['updated_since as an ordinal date (ISO 8601, not a form spec 02 names)', 'updated_since=2026-121', '/updated_since', 'invalid_format'],
    ['updated_after with the hour alone', 'updated_after=2026-05-01T10', '/updated_after', 'invalid_format'],
    ['updated_after at an hour that does not exist', 'updated_after=2026-05-01T25:00:00', '/updated_after', 'invalid_format'],
    ['limit 0', 'limit=0', '/limit', 'out_of_range'],
    ['limit 101', 'limit=101', '/limit', 'out_of_range'],
    ['a cursor this API never issued', 'cursor=abc.def', '/cursor', 'invalid_format'],
    ['an unknown parameter', 'colour=red', '/colour', 'unknown_field'],
  ])('%s answers 422 validation_failed at the field', async (_, query, field, code) => {
    expectProblem(await get(caller, `/leads?${query}`), 'validation_failed', fieldError(field, code));
  });

  it('records one disclosure of the leads it answered; an empty page discloses nothing', async () => {
    const who = await newCaller(api.services);
    const s = await seedLead(sql, who, { updatedAt: minutes(1) });
    expect((await get(who, '/leads?status=won')).body.data).toEqual([]);
    const res = await get(who, '/leads');
    expect(await disclosureRows(sql, who.integrationId)).toEqual([
      { route: 'GET /leads', resource_type: 'lead', resource_ids: [s.id], request_id: res.headers.get('x-request-id') },
    ]);
  });

  it("sees only the caller's tenant", async () => {
    expect((await get(await newCaller(api.services), '/leads')).body).toEqual({ data: [], next_cursor: null });
  });

  it('needs leads:read: without it 403 scope_missing', async () => {
    const who = await newCaller(api.services, { scopes: ['conversations:read'] });
    expectProblem(await get(who, '/leads'), 'scope_missing');
  });

  it('on the ru cell an integration without the transfer conditions gets 403 pii_transfer_not_allowed, and nothing is disclosed', async () => {
    const who = await newCaller(api.services, { integrationAllowlist: null });
    await seedLead(sql, who);
    expectProblem(await get(who, '/leads'), 'pii_transfer_not_allowed');
    expect(await disclosureRows(sql, who.integrationId)).toEqual([]);
  });
});

describe('GET /leads: updated_since and updated_after take a date or a date-time, without a zone read as UTC', () => {
  let caller: Caller;
  let midnight: string;
  let later: string;
  let nextDay: string;
  beforeAll(async () => {
    caller = await newCaller(api.services);
    midnight = (await seedLead(sql, caller, { updatedAt: new Date('2026-05-01T00:00:00Z') })).id;
    later = (await seedLead(sql, caller, { updatedAt: new Date('2026-05-01T00:00:00.001Z') })).id;
    nextDay = (await seedLead(sql, caller, { updatedAt: new Date('2026-05-02T10:00:00Z') })).id;
  });

  it("updated_after takes a date: strictly after the day's start in UTC", async () => {
    expect(ids(await get(caller, '/leads?updated_after=2026-05-01'))).toEqual([later, nextDay]);
    expect(ids(await get(caller, '/leads?updated_after=2026-05-02'))).toEqual([nextDay]);
    expect(ids(await get(caller, '/leads?updated_after=2026-05-03'))).toEqual([]);
  });

  it('updated_after takes a date-time without a zone as UTC, strictly later', async () => {
    expect(ids(await get(caller, '/leads?updated_after=2026-05-01T00:00:00'))).toEqual([later, nextDay]);
    expect(ids(await get(caller, '/leads?updated_after=2026-05-02T09:59:59.999'))).toEqual([nextDay]);
    expect(ids(await get(caller, '/leads?updated_after=2026-05-02T10:00'))).toEqual([]);
    expect(ids(await get(caller, `/leads?updated_after=${q('2026-05-02T12:59:59.999+03:00')}`))).toEqual([nextDay]);
  });

  it('updated_since takes the same forms by the same rule, inclusive', async () => {
    expect(ids(await get(caller, '/leads?updated_since=2026-05-01T00:00:00'))).toEqual([midnight, later, nextDay]);
    expect(ids(await get(caller, '/leads?updated_since=2026-05-01T00:00:00.001'))).toEqual([later, nextDay]);
    expect(ids(await get(caller, '/leads?updated_since=2026-05-02T10:00:00.001'))).toEqual([]);
  });

  it('the OpenAPI document states the rule on both parameters, and no date-time format a date would break', () => {
    const parameters: Schema[] = doc.paths['/leads'].get.parameters;
    for (const name of ['updated_since', 'updated_after']) {
      const p = parameters.find((x) => x.name === name)!;
      expect(p.description).toContain("a date is its day's start in UTC");
      expect(p.description).toContain('a date-time without a zone is UTC');
      expect(p.schema.format).toBeUndefined();
      expect(new RegExp(p.schema.pattern).test('2026-05-01') && new RegExp(p.schema.pattern).test('2026-05-01T10:00:00')).toBe(true);
    }
  });
});

describe('GET /leads/{id}', () => {
  it('answers the whole Lead with its contact and ETag, and records the disclosure', async () => {
    const caller = await newCaller(api.services);
    const s = await seedLead(sql, caller, { version: 3, status: 'proposal', contact: { name: 'Boris', email: 'boris@example.com', phone: null }, updatedAt: minutes(3) });
    const res = await get(caller, `/leads/${s.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('etag')).toBe('"3"');
    expect(res.body).toEqual(leadBody(s));
    expect(schemaErrors(res.body, schemaOf('Lead'), doc)).toEqual([]);
    expect(await disclosureRows(sql, caller.integrationId)).toEqual([
      { route: 'GET /leads/{id}', resource_type: 'lead', resource_ids: [s.id], request_id: res.headers.get('x-request-id') },
    ]);
  });

  it.each<[string, () => Promise<string>]>([
    ['a missing id', async () => '7c9e6679-7425-40de-944b-e07fc1f90ae7'],
    ['an id that is not a uuid', async () => 'not-a-uuid'],
    ["another tenant's lead", async () => (await seedLead(sql, await newCaller(api.services))).id],
  ])('%s answers 404 not_found and discloses nothing', async (_, idOf) => {
    const caller = await newCaller(api.services);
    expectProblem(await get(caller, `/leads/${await idOf()}`), 'not_found');
    expect(await disclosureRows(sql, caller.integrationId)).toEqual([]);
  });
});
