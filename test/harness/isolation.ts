import { randomBytes } from 'node:crypto';
import type { Client } from '@temporalio/client';
import type { Config } from '../../src/config.js';
import { reconcileSchedules, scheduleIdsOf, schedulePlan, type ScheduleIds } from '../../src/temporal/schedules.js';

/**
 * What bin/test gives the whole run (TEMPORAL_TASK_QUEUE=test-<pid>, REDIS_KEY_PREFIX=test:<pid>:).
 * A worker on the run-wide queue would run every other file's workflows; Schedules without a
 * prefix of their own are the production ids every worker process makes.
 */
const RUN_WIDE = { taskQueue: process.env.TEMPORAL_TASK_QUEUE ?? 'public-api', redisKeyPrefix: process.env.REDIS_KEY_PREFIX ?? 'svc:' };

/** A test file's own share of the run's Temporal namespace and Redis database. */
export interface OwnShare {
  /** Unique in the run: `<name>-<random id>`. */
  id: string;
  /** The base of its task queues (src/temporal/task-queues.ts derives the three kinds from it). */
  taskQueue: string;
  /** Its Redis key prefix (inside the run's): its keys and pub/sub channels (relay wake-ups, wallet changes) are its own. */
  redisKeyPrefix: string;
  /** The prefix of its Schedule ids (kept paused: a test triggers the one it checks). */
  schedulePrefix: string;
  /** The same as configuration, to spread over an api's, a harness's or a worker process's env. */
  env: Record<string, string>;
}

/**
 * The one way a test file gets a task queue, Schedule ids and Redis key prefix of its own:
 * every file that runs a worker (in its process or as a process) starts it with `env`.
 */
export function ownShare(name: string): OwnShare {
  const id = `${name}-${randomBytes(6).toString('hex')}`;
  const taskQueue = `test-${id}`;
  const redisKeyPrefix = `${RUN_WIDE.redisKeyPrefix}${id}:`;
  const schedulePrefix = `test-${id}-`;
  return {
    id, taskQueue, redisKeyPrefix, schedulePrefix,
    env: { TEMPORAL_TASK_QUEUE: taskQueue, REDIS_KEY_PREFIX: redisKeyPrefix, TEMPORAL_SCHEDULE_PREFIX: schedulePrefix, TEMPORAL_SCHEDULES_PAUSED: 'true' },
  };
}

/** Throws unless a worker with this configuration runs on a share of its own (ownShare). */
export function refuseRunWide(config: Pick<Config, 'temporal' | 'redisKeyPrefix'>, who: string): void {
  const shared = [
    config.temporal.taskQueue === RUN_WIDE.taskQueue && `TEMPORAL_TASK_QUEUE=${config.temporal.taskQueue} is the run-wide task queue (it would run other files' workflows)`,
    config.temporal.schedulePrefix === '' && 'TEMPORAL_SCHEDULE_PREFIX is empty (the production Schedule ids, which other files\' setups make too)',
    !config.temporal.schedulesPaused && 'TEMPORAL_SCHEDULES_PAUSED is not set (its Schedules would fire by the clock: an hourly key-expiry scan or delivery-log clean-up over a database other files use)',
    config.redisKeyPrefix === RUN_WIDE.redisKeyPrefix && `REDIS_KEY_PREFIX=${config.redisKeyPrefix} is the run-wide prefix (its relay would wake on other files' events)`,
  ].filter(Boolean);
  if (shared.length) throw new Error(`${who} refuses to start a worker on the run's shared resources: ${shared.join('; ')}. Start it with the env of ownShare() (test/harness/isolation.ts).`);
}

/** The Schedules the setup makes with this configuration. */
export const scheduleIdsFor = (config: Config): ScheduleIds => scheduleIdsOf(config);

/**
 * The setup step's Schedules for a test's workers, as bin/up runs `bin/ctl temporal setup`
 * before any worker (a worker makes none): made paused (ownShare's TEMPORAL_SCHEDULES_PAUSED).
 */
export async function setUpSchedules(client: Client, config: Config): Promise<ScheduleIds> {
  await reconcileSchedules(client, schedulePlan(config));
  return scheduleIdsOf(config);
}

/** Deletes a test worker's Schedules (its own ids only). */
export async function deleteSchedules(client: Client | undefined, ids: ScheduleIds): Promise<void> {
  for (const id of Object.values(ids)) await client?.schedule.getHandle(id).delete().catch(() => undefined);
}
