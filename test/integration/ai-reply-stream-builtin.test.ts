import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OperationsHarness } from '../harness/operations-harness.js';
import { DraftListener, shownAfter } from '../harness/draft-listener.js';
import { eventually } from '../harness/eventually.js';

/**
 * The builtin seller's reply streams too (issue 37): a word every AI_BUILTIN_STREAM_WORD_MS,
 * each published as it comes (AI_DRAFT_THROTTLE_MS=0 here), and a cancel mid-reply retracts
 * the draft and leaves neither a message nor a charge.
 */

const WORD_MS = 120;

let h: OperationsHarness;
let listener: DraftListener;

beforeAll(async () => {
  h = await OperationsHarness.start({ env: { AI_PROVIDER: 'builtin', AI_BUILTIN_STREAM_WORD_MS: String(WORD_MS), AI_DRAFT_THROTTLE_MS: '0' } });
  listener = await DraftListener.start(h.api.services.redis);
}, 120_000);

afterAll(async () => {
  await listener?.close();
  await h?.stop();
}, 60_000);

describe('the builtin seller, streamed', () => {
  it('writes its reply a word every AI_BUILTIN_STREAM_WORD_MS, each word a delta, and the deltas make the final message', async () => {
    const caller = await h.caller({ name: 'Pace Shop' });
    const conversationId = await h.conversation(caller);
    const res = await h.say(caller, conversationId, 'Hello!', { wait: 20 });
    expect(res.status).toBe(200);
    const content = 'Hello! Welcome to Pace Shop. How can I help you?';
    expect(res.body.reply.content).toBe(content);
    const deltas = listener.deltas(res.body.reply.id);
    expect(deltas.map((d) => d.text)).toEqual(['Hello!', ' Welcome', ' to', ' Pace', ' Shop.', ' How', ' can', ' I', ' help', ' you?']);
    expect(shownAfter(deltas)).toBe(content);
    // Nine pauses of WORD_MS between the first word and the last (a timer never fires early; a little slack for delivery).
    expect(deltas.at(-1)!.at - deltas[0]!.at).toBeGreaterThanOrEqual(9 * WORD_MS - 60);
    expect(await listener.field(conversationId, res.body.reply.id)).toBeNull();
  });

  it('a cancel mid-reply retracts the draft, and leaves no message and no charge', async () => {
    const caller = await h.caller({ name: 'Cancel Shop' });
    const conversationId = await h.conversation(caller);
    // No catalogue: the seller says (23 words, about 2.6 s) that it will ask a colleague.
    const res = await h.say(caller, conversationId, 'Do you deliver to the Moon?', { wait: 0 });
    expect(res.status).toBe(202);
    const operationId = res.body.operation.id;
    const replyId = res.body.operation.resource.id;
    await listener.firstDelta(conversationId);
    expect((await h.cancel(caller, operationId)).status).toBe(200);
    expect(await h.workflowClosed(operationId)).toBe('CANCELLED');
    await eventually('the retraction', async () => (listener.of(conversationId).some((x) => x.kind === 'retracted') ? true : undefined));
    const heard = listener.of(conversationId).filter((x) => x.kind !== 'live');
    // The retraction is the draft's last word: nothing written after it comes back.
    expect(heard.filter((x) => x.kind === 'delta').length).toBeGreaterThanOrEqual(1);
    expect(heard.at(-1)).toMatchObject({ kind: 'retracted', messageId: replyId });
    expect(await listener.field(conversationId, replyId)).toBeNull();
    expect((await h.messages(conversationId)).map((m) => m.sender)).toEqual(['customer']);
    expect(await h.charges(operationId)).toEqual([]);
    expect(await h.operationRow(operationId)).toMatchObject({ status: 'canceled', usage_cost_rub: null });
    const conversation = await h.db.query('select status from conversations where id = $1', [conversationId]);
    expect(conversation.rows[0].status).not.toBe('handoff_pending');
  });
});
