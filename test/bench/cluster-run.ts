import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Client } from '@temporalio/client';
import { connectTemporal, temporalClient } from '../../src/temporal/connect.js';
import { setupTemporal } from '../../src/temporal/search-attributes.js';
import { deploymentVersionOf, setupVersion } from '../../src/temporal/worker-versioning.js';
import { type Config, loadConfig } from '../../src/config.js';
import { postToLedger } from '../../src/domain/wallet/ledger.js';
import { benchSecrets, mapInParallel, migrateDatabase, provisionCaller, withOrm, type BenchCaller } from './bench-support.js';
import { ApiClient, CARDS, QUESTIONS, type Answer } from './api-client.js';
import { HOST, addBenchWebhook, type BenchReceiver } from './webhook-receiver.js';
import {
  BALANCER_PORT, PG_PORT, REDIS_PORT, startApi, startBalancer, startPostgres, startRedis, startTemporalService, startWorkerProcess, stopPostgres, stopProcess,
  waitBalanced, type TemporalService,
} from './cluster-stack.js';

/**
 * The stack of bin/cluster-faults, bin/cluster-roll and bin/bench-cluster-tail (cluster-stack.ts
 * starts each process) and the open-loop load they drive through the balancer: POST
 * /conversations (each commits one conversation.created event, delivered to a local HTTPS
 * subscriber) and paid AI turns, POST /conversations/{id}/messages?wait=20 on the builtin seller.
 */

export const WAIT_S = 20;
/** A request not answered by then is "hung": a write well past any bounded wait, a turn past wait=20 and the drain. */
export const WRITE_TIMEOUT_MS = 30_000;
export const TURN_TIMEOUT_MS = 45_000;
export const DATABASE_URL = `postgres://postgres@127.0.0.1:${PG_PORT}/sales_api_faults`;

export interface Stack {
  env: NodeJS.ProcessEnv;
  temporal: Record<TemporalService, ChildProcess | undefined>;
  redis?: ChildProcess;
  apis: (ChildProcess | undefined)[];
  workers: (ChildProcess | undefined)[];
  balancer?: ChildProcess;
}

function appEnv(receiver: BenchReceiver): NodeJS.ProcessEnv {
  return {
    ...process.env,
    // Not production: WEBHOOK_ALLOW_PRIVATE_NETWORKS and WEBHOOK_RESOLVE (the local subscriber) are refused there.
    NODE_ENV: 'development',
    LOG_LEVEL: 'info',
    CELL: 'ru',
    DATABASE_URL,
    REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}/0`,
    REDIS_KEY_PREFIX: 'faults:',
    TEMPORAL_ADDRESS: '127.0.0.1:7233',
    PUBLIC_ORIGIN: `http://127.0.0.1:${BALANCER_PORT}`,
    TRUSTED_PROXIES: '127.0.0.1',
    AI_PROVIDER: 'builtin',
    // Priced, so each succeeded operation leaves its one charge to count (live builtin work is free unless priced).
    AI_BUILTIN_PRICE_RUB: '1.50',
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    WEBHOOK_RESOLVE: `${HOST}=${receiver.address}`,
    // The load is one tenant's: its rate limits would measure the refusals, not the deploy.
    RATE_LIMIT_READ_PER_MIN: '100000000',
    RATE_LIMIT_WRITE_PER_MIN: '100000000',
    RATE_LIMIT_PAID_PER_MIN: '100000000',
    // Its paid operations at once (402 spend_limit_reached beyond): while Temporal is down they pile up.
    PAID_CONCURRENCY: '1000',
    ...benchSecrets(),
  };
}

export async function startStack(receiver: BenchReceiver): Promise<Stack> {
  const stack: Stack = { env: appEnv(receiver), temporal: { history: undefined, matching: undefined, frontend: undefined, worker: undefined }, apis: [], workers: [] };
  console.error(`-> application PostgreSQL on ${PG_PORT}, Redis on ${REDIS_PORT}`);
  await startPostgres();
  stack.redis = await startRedis();
  console.error('-> Temporal cluster: history, matching, frontend, worker');
  for (const service of ['history', 'matching', 'frontend', 'worker'] as const) stack.temporal[service] = await startTemporalService(service);
  const setup = await setupTemporal(loadConfig(stack.env));
  const version = await withClient(stack.env, (client) => setupVersion(client, deploymentVersionOf(loadConfig(stack.env)), true));
  console.error(`   setup: ${JSON.stringify({ ...setup, ...version })}`);
  await migrateDatabase(loadConfig(stack.env));
  console.error('-> two workers, two apis, HAProxy');
  for (const i of [0, 1]) stack.workers[i] = await startWorkerProcess(stack.env, i);
  for (const i of [0, 1] as const) stack.apis[i] = await startApi(stack.env, i);
  stack.balancer = await startBalancer();
  await waitBalanced(30_000);
  return stack;
}

export async function stopStack(stack: Stack): Promise<void> {
  await stopProcess(stack.balancer);
  for (const c of [...stack.apis, ...stack.workers]) await stopProcess(c, 'SIGTERM', 30_000);
  for (const service of ['worker', 'frontend', 'matching', 'history'] as const) await stopProcess(stack.temporal[service], 'SIGTERM', 15_000);
  await stopProcess(stack.redis);
  try {
    stopPostgres('fast');
  } catch (err) {
    console.error(`   ${(err as Error).message}`);
  }
}


export async function withClient<T>(env: NodeJS.ProcessEnv, fn: (client: Client) => Promise<T>): Promise<T> {
  const config = loadConfig(env);
  const connection = await connectTemporal(config);
  try {
    return await fn(temporalClient(config, connection));
  } finally {
    await connection.close();
  }
}


export interface Call extends Answer {
  kind: 'write' | 'turn';
}

/**
 * Open loop through the balancer: `eventsPerS` POST /conversations and `turnsPerS` paid AI turns
 * (wait=20) a second. Each write is a new customer (`<customerPrefix>-<n>`, so a new conversation
 * and its conversation.created): loads of one run need prefixes of their own.
 */
export class Load {
  readonly calls: Call[] = [];
  /** Conversations for the turns, one each: made before the load, then by the load's writes. */
  private readonly forTurns: string[];
  /** Turns not offered: no conversation left (every write failing for a while). */
  skippedTurns = 0;
  private running = true;
  private loop?: Promise<void>;
  private inFlight = new Set<Promise<void>>();

  constructor(private readonly api: ApiClient, conversations: string[], private readonly rates: { eventsPerS: number; turnsPerS: number; customerPrefix?: string }) {
    this.forTurns = [...conversations];
  }

  start(): void {
    const started = Date.now();
    let writes = 0;
    let turns = 0;
    this.loop = (async () => {
      while (this.running) {
        const elapsed = Date.now() - started;
        for (; writes < Math.floor((elapsed * this.rates.eventsPerS) / 1000) + 1; writes++) this.track(this.write(writes));
        for (; this.rates.turnsPerS > 0 && turns < Math.floor((elapsed * this.rates.turnsPerS) / 1000) + 1; turns++) this.track(this.turn(turns));
        await sleep(5);
      }
    })();
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
    while (this.inFlight.size) await Promise.all([...this.inFlight]);
  }

  private track(p: Promise<void>): void {
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p));
  }

  private async write(n: number): Promise<void> {
    const a = await this.api.call('POST', '/conversations', { external_customer_id: `${this.rates.customerPrefix ?? 'faults'}-${n}`, name: `Покупатель ${n}` }, { idempotencyKey: randomUUID(), timeoutMs: WRITE_TIMEOUT_MS });
    this.calls.push({ ...a, kind: 'write' });
    // Each turn on a conversation of its own: the newest one made.
    if (a.status === 201) this.forTurns.push(a.body.id as string);
  }

  private async turn(n: number): Promise<void> {
    const conversation = this.forTurns.pop();
    if (!conversation) {
      this.skippedTurns++;
      return;
    }
    const a = await this.api.call('POST', `/conversations/${conversation}/messages?wait=${WAIT_S}`, { content: QUESTIONS[n % QUESTIONS.length] }, { idempotencyKey: randomUUID(), timeoutMs: TURN_TIMEOUT_MS });
    this.calls.push({ ...a, kind: 'turn' });
  }
}

/** A setup call (unmeasured): a 503 (a bounded wait that ran out on this busy machine) is tried again after its Retry-After. */
export async function setupCall(api: ApiClient, what: string, path: string, body: unknown): Promise<Answer> {
  const key = randomUUID();
  for (let tries = 1; ; tries++) {
    const a = await api.call('POST', path, body, { idempotencyKey: key });
    if (a.status === 201) return a;
    if (a.status !== 503 || tries === 10) throw new Error(`${what}: POST ${path} answered ${a.status || a.error}: ${a.text.slice(0, 500)}`);
    await sleep(1000);
  }
}

export const isProblem = (a: Answer) => (a.contentType ?? '').startsWith('application/problem+json');
export const succeeded = (a: Call) => (a.kind === 'write' ? a.status === 201 : a.status === 200 && a.body?.ai_reply?.status === 'replied');


/**
 * The load's tenant: a caller with a balance, the cards the builtin seller answers from, one
 * subscription to conversation.created on the local subscriber at `path`, and `turnConversations`
 * conversations for the first turns (made before the load; their events are delivered and counted too).
 */
export async function provisionLoad(config: Config, receiver: BenchReceiver, path: string, turnConversations: number): Promise<{ caller: BenchCaller; api: ApiClient; forTurns: string[] }> {
  const caller = await withOrm(config, (orm) => orm.em.fork().transactional(async (em) => {
    const now = new Date();
    const c = await provisionCaller(em, config, 'Faults Electronics', now);
    await postToLedger(em, { tenantId: c.tenantId, kind: 'topup', amountRub: '10000000', description: 'faults benchmark balance' }, now);
    await addBenchWebhook(em, config, receiver, { tenantId: c.tenantId, integrationId: c.integrationId, path, events: ['conversation.created'] }, now);
    return c;
  }));
  const api = new ApiClient(BALANCER_PORT, caller.apiKey, 2000);
  for (const [i, card] of CARDS.entries()) {
    await setupCall(api, 'card', '/cards', {
      code: card.code, name: card.name, description: card.description, price: { amount: card.amount, currency: 'RUB' },
      page_url: `https://shop.example.com/p/${card.code}`, ai_enabled: true, sort: i,
    });
  }
  if (turnConversations) console.error(`-> ${turnConversations} conversations for the turns`);
  const forTurns = await mapInParallel(turnConversations, 10, async (i) =>
    (await setupCall(api, 'conversation', '/conversations', { external_customer_id: `turns-${i}`, name: `Покупатель ${i}` })).body.id as string);
  return { caller, api, forTurns };
}
