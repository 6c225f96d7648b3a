import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OperationTimeoutError, SalesChat } from '../src/index.js';
import { FarSide } from './far-side.js';

/** Auto-pagination (next_cursor) and operations.wait (GET /operations/{id}?wait=) against a real local server. */

let far: FarSide;
let client: SalesChat;

beforeAll(async () => {
  far = await FarSide.start();
  client = new SalesChat({ apiKey: 'k', baseUrl: far.base });
});
afterAll(() => far.close());

const lead = (n: number) => ({ id: `lead-${n}`, status: 'new' });
/** Three pages of two, two and one lead; the cursor names the next page. */
function pages(url: string) {
  const cursor = new URL(url, 'http://x').searchParams.get('cursor');
  if (!cursor) return { status: 200, body: { data: [lead(1), lead(2)], next_cursor: 'p2' } };
  if (cursor === 'p2') return { status: 200, body: { data: [lead(3), lead(4)], next_cursor: 'p3' } };
  return { status: 200, body: { data: [lead(5)], next_cursor: null } };
}

describe('auto-pagination', () => {
  it('for await follows next_cursor through every page, keeping the filters', async () => {
    far.answer((s) => pages(s.url));
    const ids: string[] = [];
    for await (const l of client.leads.list({ status: 'new', limit: 2 })) ids.push(l.id);
    expect(ids).toEqual(['lead-1', 'lead-2', 'lead-3', 'lead-4', 'lead-5']);
    const queries = far.seen.map((s) => Object.fromEntries(new URL(s.url, 'http://x').searchParams));
    expect(queries).toEqual([{ status: 'new', limit: '2' }, { status: 'new', limit: '2', cursor: 'p2' }, { status: 'new', limit: '2', cursor: 'p3' }]);
  });

  it('awaited, a list is its first page; pages() yields page by page; a break stops fetching', async () => {
    far.answer((s) => pages(s.url));
    const first = await client.leads.list();
    expect(first).toEqual({ data: [lead(1), lead(2)], next_cursor: 'p2' });
    expect(far.seen).toHaveLength(1);
    const sizes: number[] = [];
    for await (const page of client.leads.list().pages()) sizes.push(page.data.length);
    expect(sizes).toEqual([2, 2, 1]);
    far.answer((s) => pages(s.url));
    for await (const l of client.leads.list()) if (l.id === 'lead-1') break;
    expect(far.seen).toHaveLength(1);
  });

  it('a cursor you kept starts the walk there; toArray collects', async () => {
    far.answer((s) => pages(s.url));
    expect((await client.leads.list({ cursor: 'p3' }).toArray({ limit: 100 })).map((l) => l.id)).toEqual(['lead-5']);
  });

  it('toArray takes a required limit: it stops there without reading further pages, and refuses none', async () => {
    far.answer((s) => pages(s.url));
    expect((await client.leads.list().toArray({ limit: 3 })).map((l) => l.id)).toEqual(['lead-1', 'lead-2', 'lead-3']);
    expect(far.seen).toHaveLength(2);
    const list = client.leads.list() as unknown as { toArray(o?: { limit?: number }): Promise<unknown[]> };
    await expect(list.toArray()).rejects.toThrow(TypeError);
    await expect(list.toArray({ limit: 0 })).rejects.toThrow(/limit/);
  });
});

describe('operations.wait', () => {
  const op = (status: string) => ({ id: 'op1', type: 'conversation.ai_reply', status, created_at: '2026-11-27T12:00:00.000Z' });

  it('holds GET /operations/{id}?wait=20 until the operation has finished; takes the envelope of a 202', async () => {
    far.answer((_, nth) => ({ status: 200, body: op(nth < 3 ? 'running' : 'succeeded') }));
    const done = await client.operations.wait({ operation: op('queued') } as never);
    expect(done.status).toBe('succeeded');
    expect(far.seen.map((s) => s.url)).toEqual(Array(3).fill('/api/public/v1/operations/op1?wait=20'));
  });

  it('a finished operation is answered without a request; an id is read first', async () => {
    far.answer(() => ({ status: 200, body: op('failed') }));
    expect((await client.operations.wait(op('canceled') as never)).status).toBe('canceled');
    expect(far.seen).toHaveLength(0);
    expect((await client.operations.wait('op1')).status).toBe('failed');
    expect(far.seen.map((s) => s.url)).toEqual(['/api/public/v1/operations/op1']);
  });

  it('gives up with OperationTimeoutError once its timeout has passed', async () => {
    far.answer(() => ({ status: 200, body: op('running') }));
    await expect(client.operations.wait(op('queued') as never, { timeoutMs: 1_500 })).rejects.toBeInstanceOf(OperationTimeoutError);
    expect(far.seen.map((s) => s.url)).toContain('/api/public/v1/operations/op1?wait=1');
  });
});
