import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OperationsHarness } from '../harness/operations-harness.js';
import { ChatCompletionsServer } from '../harness/chat-completions-server.js';
import { eventually } from '../harness/eventually.js';
import { conversationOf, history, send, websiteChannel } from './widget-fixtures.js';

/**
 * A visitor whose AI reply fails (the model provider answers 500 to every call) is not left
 * waiting for it: the operation fails with upstream_unavailable, nothing is charged, and the
 * conversation goes to an operator (state queued, conversation.handoff_requested).
 */

let h: OperationsHarness;
let model: ChatCompletionsServer;

beforeAll(async () => {
  model = await ChatCompletionsServer.start();
  h = await OperationsHarness.start({
    env: { AI_PROVIDER: 'openai', OPENAI_BASE_URL: model.url, OPENAI_MODEL: 'gpt-4o-mini', AI_MAX_ATTEMPTS: '2', WIDGET_REPLY_HOLD_MS: '0' },
  });
}, 120_000);
afterAll(async () => {
  await h?.stop();
  await model?.close();
}, 60_000);

describe('a failed AI reply to a website visitor', () => {
  it('hands the conversation to an operator, charges nothing, and the visitor sees the queue', async () => {
    model.script({ status: 500 }, { status: 500 });
    const caller = await h.caller({ name: 'Failing model shop' });
    const channelId = await websiteChannel(h.api, caller.tenantId);
    const first = await send(h.api, { channel_id: channelId, content: 'Do you have sneakers?' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ queued: false, response: null, state: 'ai' });
    const conversation = await conversationOf(h.db, first.body.session_token);

    const operation = await eventually('the operation to fail', async () => {
      const row = (await h.db.query(`select * from operations where input->>'conversation_id' = $1 and status = 'failed'`, [conversation.id])).rows[0];
      return row;
    }, 30_000);
    expect({ code: operation.error_code, channel: operation.channel_id, integration: operation.integration_id })
      .toEqual({ code: 'upstream_unavailable', channel: channelId, integration: null });
    expect(await h.charges(operation.id)).toEqual([]);

    const read = await eventually('the visitor to see the queue', async () => {
      const res = await history(h.api, first.body.session_token);
      return res.body.state === 'queued' ? res : undefined;
    }, 10_000);
    expect(read.body.messages.map((m: { sender: string }) => m.sender)).toEqual(['user']);
    const handoffs = await h.events(caller.tenantId, 'conversation.handoff_requested');
    expect(handoffs.map((e) => e.data)).toEqual([{ conversation_id: conversation.id, reason: 'ai_reply_failed' }]);
  });
});
