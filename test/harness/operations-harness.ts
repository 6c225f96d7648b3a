import { expect } from '@jest/globals';
import type { Client } from '@temporalio/client';
import type pg from 'pg';
import { InProcessWorker } from './in-process-worker.js';
import { ownShare } from './isolation.js';
import { startApi, type TestApi } from './app.js';
import { dropDatabase, freshDatabase, sqlClient } from './database.js';
import { anotherIntegration, newCaller, type AnotherIntegrationOptions, type Caller, type CallerOptions } from './fixtures.js';
import { call, type Answer } from './http.js';
import { eventually } from './eventually.js';
import { operationWorkflowId } from '../../workflows/operation-contract.js';
import type { Clock } from '../../src/clock.js';
import { findVisibleConversation } from '../../src/domain/conversations/conversations.js';
import { appendMessage } from '../../src/domain/conversations/messages.js';
import { createOperation } from '../../src/domain/operations/operations.js';
import { newId } from '../../src/ids.js';

export interface OperationsHarnessOptions {
  /** Configuration over the test defaults (AI_PROVIDER, OPENAI_BASE_URL, PAID_CONCURRENCY, ...). */
  env?: Record<string, string>;
  /** Run a Temporal worker in this process (default true); false to start worker processes yourself. */
  worker?: boolean;
  /**
   * A database of its own with this name prefix (dropped at stop), for tests that lock tables
   * or run a worker process (whose relay and operation sweep see the whole database).
   */
  freshDatabase?: string;
  /** The clock of the api and the in-process worker (default: the system's). */
  clock?: Clock;
}

/** Operation statuses that end an operation. */
export const FINISHED = ['succeeded', 'failed', 'canceled'];

/** An ISO 8601 UTC time as the api writes it. */
export const ISO_TIME = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

export interface OperationExpectation {
  id?: unknown;
  status: 'queued' | 'running' | 'succeeded' | 'failed' | 'canceled';
  /** The reply message id (operation.resource.id); shown except when failed or canceled. */
  resourceId?: unknown;
  /** Usage once charged: roubles (the ru test cell) and the model. */
  usage?: { amount: string; model: string };
  error?: { code: string; message?: unknown };
  /** What a 2xx answer says on the operation, wherever it is in it (default true); null where nothing stamps it (a Problem, an event's data). */
  livemode?: boolean | null;
}

/**
 * The whole Operation object (spec 01) of a conversation.ai_reply: completed_at only when
 * finished, resource {type: message} except failed/canceled, usage once charged, error when failed.
 */
export function operationBody(o: OperationExpectation): Record<string, unknown> {
  const finished = FINISHED.includes(o.status);
  // On the operation and on its resource alike (a {type, id} reference is an object with an id too).
  const stamped = o.livemode === null ? {} : { livemode: o.livemode ?? true };
  return {
    id: o.id ?? expect.any(String),
    type: 'conversation.ai_reply',
    status: o.status,
    created_at: ISO_TIME,
    ...(finished ? { completed_at: ISO_TIME } : {}),
    ...(o.status !== 'failed' && o.status !== 'canceled' ? { resource: { type: 'message', id: o.resourceId ?? expect.any(String), ...stamped } } : {}),
    ...(o.usage ? { usage: { cost: { amount: o.usage.amount, currency: 'RUB' }, model: o.usage.model } } : {}),
    ...(o.error ? { error: { code: o.error.code, message: o.error.message ?? expect.any(String) } } : {}),
    ...stamped,
  };
}

/** An answer's object without the livemode the pipeline adds, however deep (an operation's resource too): as it travels inside an event's data. */
export function withoutLivemode(body: Record<string, unknown>): Record<string, unknown> {
  const strip = (v: unknown): unknown => (Array.isArray(v) ? v.map(strip)
    : typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype ? withoutLivemode(v as Record<string, unknown>) : v);
  return Object.fromEntries(Object.entries(body).filter(([k]) => k !== 'livemode').map(([k, v]) => [k, strip(v)]));
}

/** A stored customer message as a 2xx answer presents it (livemode true, as in every object of such an answer). */
export function customerMessageBody(conversationId: string, content: string, id: unknown = expect.any(String)): Record<string, unknown> {
  return {
    id, conversation_id: conversationId, sender: 'customer', content_type: 'text', content, attachments: [], cards: [], operator: null, deleted: false, created_at: ISO_TIME, livemode: true,
  };
}

/**
 * A real api and a real Temporal worker on a task queue of their own, sharing the test
 * database: what a paid-operation test needs. Model calls go to the builtin seller unless
 * `env` points AI_PROVIDER=openai at a local Chat Completions server.
 */
export class OperationsHarness {
  api!: TestApi;
  client!: Client;
  db!: pg.Client;
  env!: Record<string, string>;
  /** The file's own task queues, Schedule ids and Redis key prefix. */
  readonly share = ownShare('operations');
  readonly run = this.share.id;
  readonly taskQueue = this.share.taskQueue;
  /** The in-process worker (unless started with worker: false). */
  worker?: InProcessWorker;
  private ownDatabase?: string;

  static async start(o: OperationsHarnessOptions = {}): Promise<OperationsHarness> {
    const h = new OperationsHarness();
    if (o.freshDatabase) h.ownDatabase = await freshDatabase(o.freshDatabase);
    h.env = {
      ...h.share.env, AI_RETRY_INITIAL: '100ms', AI_TIMEOUT_MS: '30000', OPERATION_SWEEP_MS: '500',
      ...(h.ownDatabase ? { DATABASE_URL: h.ownDatabase } : {}), ...o.env,
    };
    h.api = await startApi(h.env, o.clock ? { clock: o.clock } : {});
    h.client = await h.api.services.temporal.client();
    h.db = await sqlClient(h.api.services.config.databaseUrl);
    if (o.worker !== false) await h.startWorker();
    return h;
  }

  /** A worker in this process, on the harness's task queue. */
  async startWorker(): Promise<void> {
    this.worker ??= new InProcessWorker(this.api.services);
    await this.worker.start();
  }

  async stop(): Promise<void> {
    await this.worker?.stop();
    await this.db?.end();
    await this.api?.close();
    if (this.ownDatabase) await dropDatabase(this.ownDatabase);
  }

  caller(o: CallerOptions = {}): Promise<Caller> {
    return newCaller(this.api.services, o);
  }

  /** Another integration (with its own key) of the same tenant as `caller`. */
  anotherIntegration(caller: Caller, o: AnotherIntegrationOptions = {}): Promise<Caller> {
    return anotherIntegration(this.api.services, caller, o);
  }

  /** POST /conversations for a new customer; returns the conversation id. */
  async conversation(caller: Caller, externalCustomerId = `cust-${Math.random().toString(36).slice(2)}`): Promise<string> {
    const res = await call(this.api.base, 'POST', '/conversations', { key: caller.apiKey, body: { external_customer_id: externalCustomerId, name: 'Anna' } });
    if (res.status !== 201) throw new Error(`POST /conversations answered ${res.status}: ${res.text}`);
    return res.body.id;
  }

  /** A customer turn: POST /conversations/{id}/messages with an Idempotency-Key and `wait`. */
  say(caller: Caller, conversationId: string, content: string, o: { key?: string; wait?: number } = {}): Promise<Answer> {
    const query = o.wait === undefined ? '' : `?wait=${o.wait}`;
    return call(this.api.base, 'POST', `/conversations/${conversationId}/messages${query}`, {
      key: caller.apiKey, body: { content }, headers: { 'idempotency-key': o.key ?? `turn-${Math.random().toString(36).slice(2)}` },
    });
  }

  /** GET /operations/{id}, with `wait` when given. */
  /**
   * What the messages route commits for a customer's message, without its after-commit start (the
   * api died between the two): the message and its queued AI reply, dated `at`. The worker's
   * operation starter starts it.
   */
  async queuedReply(caller: Caller, conversationId: string, content: string, at = new Date()): Promise<{ operationId: string; replyId: string }> {
    return this.api.services.orm.em.fork().transactional(async (em) => {
      const conversation = await findVisibleConversation(em, caller.tenantId, conversationId, { lock: true });
      const message = await appendMessage(em, conversation, { sender: 'customer', content, aiReply: { status: 'queued' } }, at);
      const reply = newId();
      const op = createOperation(em, {
        tenantId: caller.tenantId, integrationId: caller.integrationId, type: 'conversation.ai_reply',
        input: { conversation_id: conversationId, message_id: message.id }, resource: { type: 'message', id: reply }, costCeilingRub: '0.12',
      }, at);
      await em.flush();
      return { operationId: op.id, replyId: reply };
    });
  }

  operation(caller: Caller, id: string, wait?: number): Promise<Answer> {
    return call(this.api.base, 'GET', `/operations/${id}${wait === undefined ? '' : `?wait=${wait}`}`, { key: caller.apiKey });
  }

  /** POST /operations/{id}/cancel. */
  cancel(caller: Caller, id: string): Promise<Answer> {
    return call(this.api.base, 'POST', `/operations/${id}/cancel`, { key: caller.apiKey });
  }

  /** POST /cards (201 expected); returns the card. */
  async card(caller: Caller, card: Record<string, unknown>): Promise<any> {
    const res = await call(this.api.base, 'POST', '/cards', { key: caller.apiKey, body: card, headers: { 'idempotency-key': `card-${Math.random().toString(36).slice(2)}` } });
    if (res.status !== 201) throw new Error(`POST /cards answered ${res.status}: ${res.text}`);
    return res.body;
  }

  /** POST /conversations/{id}/takeover (200 expected). */
  async takeOver(caller: Caller, conversationId: string): Promise<void> {
    const res = await call(this.api.base, 'POST', `/conversations/${conversationId}/takeover`, { key: caller.apiKey, body: {} });
    if (res.status !== 200) throw new Error(`POST takeover answered ${res.status}: ${res.text}`);
  }

  /** Waits until the operation row has ended; returns the row. */
  settled(id: string, timeoutMs = 60_000): Promise<any> {
    return eventually(`operation ${id} to finish`, async () => {
      const row = await this.operationRow(id);
      return row && FINISHED.includes(row.status) ? row : undefined;
    }, timeoutMs);
  }

  /** Waits until the operation's workflow has closed; returns its Temporal status name (COMPLETED, CANCELLED, ...). */
  workflowClosed(id: string, timeoutMs = 60_000): Promise<string> {
    return eventually(`workflow of operation ${id} to close`, async () => {
      const d = await this.client.workflow.getHandle(operationWorkflowId(id)).describe().catch(() => undefined);
      return d && d.status.name !== 'RUNNING' ? d.status.name : undefined;
    }, timeoutMs);
  }

  /** The messages of a conversation as stored, oldest first. */
  async messages(conversationId: string): Promise<any[]> {
    return (await this.db.query('select id, sender, content, cards from messages where conversation_id = $1 order by created_at, id', [conversationId])).rows;
  }

  /** The operations rows whose input names this conversation. */
  async operationsOf(conversationId: string): Promise<any[]> {
    return (await this.db.query(`select * from operations where input->>'conversation_id' = $1 order by created_at`, [conversationId])).rows;
  }

  /** Every charge of a tenant. */
  async tenantCharges(tenantId: string): Promise<{ amount_rub: string; operation_id: string | null }[]> {
    return (await this.db.query(`select amount_rub, operation_id from wallet_ledger where tenant_id = $1 and kind = 'charge' order by created_at`, [tenantId])).rows;
  }

  /** The ledger charges of an operation (there must never be more than one). */
  async charges(operationId: string): Promise<{ amount_rub: string; integration_id: string }[]> {
    return (await this.db.query(`select amount_rub, integration_id from wallet_ledger where operation_id = $1 and kind = 'charge'`, [operationId])).rows;
  }

  async balance(tenantId: string): Promise<string> {
    return (await this.db.query('select balance_rub from wallets where tenant_id = $1', [tenantId])).rows[0].balance_rub;
  }

  async operationRow(id: string): Promise<any> {
    return (await this.db.query('select * from operations where id = $1', [id])).rows[0];
  }

  async events(tenantId: string, type: string): Promise<any[]> {
    return (await this.db.query('select id, integration_id, data from outbox_events where tenant_id = $1 and type = $2 order by created_at, id', [tenantId, type])).rows;
  }
}
