import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OperationsHarness } from '../harness/operations-harness.js';
import { ChatCompletionsServer } from '../harness/chat-completions-server.js';
import { call } from '../harness/http.js';
import { openedHistory } from '../harness/workflow-history.js';
import { SEALED_ENCODING } from '../../src/temporal/payload-codec.js';
import { operationWorkflowId } from '../../workflows/operation-contract.js';

/**
 * Customers' words sealed in Temporal (docs/decisions.md): the history of an AI reply and of an
 * article generation made by a model across the network (AI_PROVIDER=openai, a local Chat
 * Completions server), read as an operator reads it with the Temporal CLI, holds no payload in
 * plain JSON and none of the customer's, the model's or a failure's words; decoded with the
 * workers' keys, it holds them.
 */

const CUSTOMER_WORDS = 'Hi, Ekaterina Vasnetsova here, call me on +7 912 345 67 89';
const REPLY_WORDS = 'Dear Ekaterina, the blue kettle ships tomorrow to Tverskaya 7';
/** A provider's error that quotes the prompt, as some do: the failure's message carries customer text. */
const ECHOED_WORDS = 'cannot continue after Ekaterina Vasnetsova here';
const ARTICLE = {
  title: 'Restoring a Tula samovar', meta_title: 'Samovar restoration', meta_description: 'How to restore a samovar.',
  html: '<h2>Brass</h2><p>Brass darkens where the charcoal burned; citric acid lifts it.</p>',
};
/** The fields of core's marker of a local step. */
const LOCAL_STEP_BOOKKEEPING = ['activity_id', 'activity_type', 'attempt', 'backoff', 'complete_time', 'original_schedule_time', 'seq'];

let h: OperationsHarness;
let chat: ChatCompletionsServer;

beforeAll(async () => {
  chat = await ChatCompletionsServer.start(REPLY_WORDS);
  h = await OperationsHarness.start({
    env: { AI_PROVIDER: 'openai', OPENAI_BASE_URL: chat.url, OPENAI_API_KEY: 'sk-local-test-key', OPENAI_MODEL: 'gpt-4o-mini', AI_MAX_ATTEMPTS: '2', AI_RETRY_INITIAL: '100ms' },
  });
}, 120_000);

afterAll(async () => {
  await h?.stop();
  await chat?.close();
}, 60_000);

/** The history as `temporal workflow show --output json` prints it (shorthand: JSON payloads shown as their JSON, as in the UI). */
async function shownHistory(workflowId: string, ...flags: string[]): Promise<{ text: string; json: unknown }> {
  const cli = process.env.TEMPORAL_CLI;
  if (!cli) throw new Error('TEMPORAL_CLI is not set: run the tests through bin/test');
  const { config } = h.api.services;
  const { stdout } = await promisify(execFile)(cli, ['workflow', 'show', '--workflow-id', workflowId, '--output', 'json',
    '--address', config.temporal.address, '--namespace', config.temporal.namespace, ...flags], { maxBuffer: 64 * 1024 * 1024 });
  return { text: stdout, json: JSON.parse(stdout) };
}

interface Found {
  path: string;
  value: Record<string, any>;
}

/** Every object in `node` that `pick` chooses, with its path (search attributes aside: codecs do not encode them). */
function findAll(node: unknown, pick: (key: string, value: Record<string, any>) => boolean, path = ''): Found[] {
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) => {
    if (key === 'searchAttributes' || typeof value !== 'object' || value === null) return [];
    const here = `${path}.${key}`;
    return [...(pick(key, value) ? [{ path: here, value }] : []), ...findAll(value, pick, here)];
  });
}

/** Every string and every byte field (as UTF-8) of a message, one a line. */
function textIn(node: unknown): string {
  if (typeof node === 'string') return node;
  if (ArrayBuffer.isView(node)) return Buffer.from(node.buffer, node.byteOffset, node.byteLength).toString('utf8');
  if (typeof node !== 'object' || node === null) return '';
  return Object.values(node).map(textIn).filter(Boolean).join('\n');
}

const encodingOf = (payload: Record<string, any>) => Buffer.from(String(payload.metadata?.encoding ?? ''), 'base64').toString('utf8');

/** The checks of one operation's history: sealed payloads, no words in the clear, the words there once opened. */
function sealedHistoryChecks(run: () => Promise<{ workflowId: string; inTheClear: string[]; opened: string[] }>): void {
  let workflowId: string;
  let words: { inTheClear: string[]; opened: string[] };

  beforeAll(async () => {
    ({ workflowId, ...words } = await run());
  }, 60_000);

  it('holds no payload in plain JSON: every one is sealed, naming the key that sealed it', async () => {
    const { json } = await shownHistory(workflowId, '--no-json-shorthand-payloads');
    const payloads = findAll(json, (_, v) => typeof v.metadata === 'object' && v.metadata !== null && 'encoding' in v.metadata);
    // The workflow's input, the steps' inputs and results (and a failure's attributes).
    expect(payloads.length).toBeGreaterThan(4);
    const [key] = h.api.services.config.temporal.payloadKeys.slice(-1);
    // Core's own bookkeeping of a local step (which step, which attempt, when), written by the
    // worker's core beside the step's sealed result, never through a codec: no value of the project's.
    const bookkeeping = payloads.filter((p) => /markerRecordedEventAttributes\.details\.data\.payloads\.\d+$/.test(p.path));
    for (const p of bookkeeping) expect(Object.keys(JSON.parse(Buffer.from(p.value.data, 'base64').toString('utf8'))).sort()).toEqual(LOCAL_STEP_BOOKKEEPING);
    const sealed = payloads.filter((p) => !bookkeeping.includes(p));
    expect(sealed.filter((p) => encodingOf(p.value) !== SEALED_ENCODING).map((p) => `${p.path}: ${encodingOf(p.value)}`)).toEqual([]);
    expect(new Set(sealed.map((p) => Buffer.from(String(p.value.metadata['encryption-key-id']), 'base64').toString('utf8')))).toEqual(new Set([key!.id]));
  });

  it('holds none of the customer\'s, the model\'s or the provider\'s words, and failures only as sealed attributes', async () => {
    const { text, json } = await shownHistory(workflowId);
    // As shown (JSON payloads as their JSON), and every payload's bytes as text (a marker's are shown in base64).
    const full = await shownHistory(workflowId, '--no-json-shorthand-payloads');
    const bytes = findAll(full.json, (_, v) => typeof v.data === 'string').map((p) => Buffer.from(p.value.data, 'base64').toString('utf8')).join('\n');
    for (const w of words.inTheClear) expect({ shown: text.includes(w), bytes: bytes.includes(w) }).toEqual({ shown: false, bytes: false });
    const failures = findAll(json, (key) => key === 'failure' || key === 'lastFailure' || key === 'cause');
    expect(failures.filter((f) => f.value.message !== 'Encoded failure' || !f.value.encodedAttributes).map((f) => f.path)).toEqual([]);
  });

  it('opens with the workers\' keys: the same history holds those words', async () => {
    const opened = textIn(await openedHistory(h.client, workflowId));
    for (const w of words.opened) expect(opened).toContain(w);
  });
}

describe('the history of an AI reply from a remote model', () => {
  sealedHistoryChecks(async () => {
    const caller = await h.caller({ name: 'Samovar Kettles' });
    const conversationId = await h.conversation(caller);
    // The first call fails quoting the prompt, the second answers: a failure and a result in one history.
    chat.script({ status: 500, body: { error: { message: ECHOED_WORDS } } }, {});
    const res = await h.say(caller, conversationId, CUSTOMER_WORDS, { wait: 15 });
    expect(res.status).toBe(200);
    expect(res.body.reply.content).toBe(REPLY_WORDS);
    await h.workflowClosed(res.body.operation.id);
    return {
      workflowId: operationWorkflowId(res.body.operation.id),
      inTheClear: [CUSTOMER_WORDS, REPLY_WORDS, ECHOED_WORDS, 'Ekaterina', 'Vasnetsova', 'Tverskaya', '912 345'],
      opened: [REPLY_WORDS, ECHOED_WORDS],
    };
  });
});

describe('the history of an article generated by a remote model', () => {
  sealedHistoryChecks(async () => {
    const caller = await h.caller();
    await call(h.api.base, 'PUT', '/editorial-profile', { key: caller.apiKey, body: { niche: 'Samovars', audience: 'collectors', locale: 'en' } });
    chat.script({ reply: JSON.stringify(ARTICLE) });
    const res = await call(h.api.base, 'POST', '/articles/generation-jobs?wait=20', { key: caller.apiKey, body: { keyword: 'tula samovar restoration' }, headers: { 'idempotency-key': randomUUID() } });
    expect(res.status).toBe(200);
    expect(res.body.operation.status).toBe('succeeded');
    await h.workflowClosed(res.body.operation.id);
    return { workflowId: operationWorkflowId(res.body.operation.id), inTheClear: [ARTICLE.title, 'Brass darkens', 'tula samovar restoration'], opened: ['Brass darkens'] };
  });
});
