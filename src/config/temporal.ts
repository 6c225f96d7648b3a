import Joi from 'joi';
import { WORK_KINDS, type WorkKind } from '../temporal/task-queues.js';
import type { PayloadKey } from '../temporal/payload-codec.js';
import { ConfigError, type Env } from './config-error.js';

/** Worker options sized for this workload (docs/decisions.md, "Worker sizing"); the slots are per task queue. */
export interface TemporalWorkerSizing {
  maxConcurrentWorkflowTaskPolls: number;
  maxConcurrentLocalActivityExecutions: number;
  maxCachedWorkflows: number;
}

/** The slots of one task queue's Worker (docs/decisions.md, "Task queues by kind of work"). */
export interface TaskQueueSlots {
  maxConcurrentWorkflowTaskExecutions: number;
  maxConcurrentActivityTaskExecutions: number;
}

/**
 * The files of a TLS connection to Temporal's frontend (TEMPORAL_TLS_*, the temporal CLI's own
 * variable names): the CA that signed the frontend's certificate (unset: the system's), the
 * client certificate and key the frontend asks for, the name its certificate carries when the
 * address is another (bin/up --cluster: 127.0.0.1, certificate for temporal-frontend).
 */
export interface TemporalTlsFiles {
  ca?: string;
  cert?: string;
  key?: string;
  serverName?: string;
}

/** Temporal: the frontend, the task queues and their Workers' slots, the Schedules, the payload codec's keys. */
export interface TemporalSettings {
  address: string; namespace: string;
  /** The base name of the task queues (src/temporal/task-queues.ts). */
  taskQueue: string;
  /** Put before every Schedule id the setup makes (TEMPORAL_SCHEDULE_PREFIX; default none): two deployments, or two test files, in one namespace keep theirs apart. */
  schedulePrefix: string;
  /** The setup keeps this deployment's Schedules paused (TEMPORAL_SCHEDULES_PAUSED; default false): a staging copy, or a test, triggers them by hand. */
  schedulesPaused: boolean;
  /**
   * The Worker Deployment the workers poll as (TEMPORAL_DEPLOYMENT; default the task queues'
   * base): with the build id of the workflow bundle, the version of a worker
   * (src/temporal/worker-versioning.ts).
   */
  deployment: string;
  uiUrl: string; worker: TemporalWorkerSizing;
  /** Mutual TLS to the frontend (src/temporal/tls.ts): files, read at each connection; none on the dev server. */
  tls?: TemporalTlsFiles;
  slots: Record<WorkKind, TaskQueueSlots>;
  /** The queues a worker process polls (WORKER_QUEUES; default all). */
  workerQueues: WorkKind[];
  /**
   * The payload codec's keys (TEMPORAL_PAYLOAD_KEYS), oldest first: the last seals new payloads,
   * every one opens (src/temporal/payload-codec.ts; docs/operating.md, "Rotating the payload key").
   */
  payloadKeys: PayloadKey[];
}

/** The variables of the Temporal settings. */
export const TEMPORAL_ENV = {
  TEMPORAL_ADDRESS: Joi.string().default('127.0.0.1:7233'),
  TEMPORAL_NAMESPACE: Joi.string().default('default'),
  TEMPORAL_TASK_QUEUE: Joi.string().default('public-api'),
  TEMPORAL_SCHEDULE_PREFIX: Joi.string().allow('').default(''),
  TEMPORAL_SCHEDULES_PAUSED: Joi.boolean().default(false),
  // The server refuses a deployment name with '.' or ':' (its version names are `<deployment>.<build id>`), or one starting with '__'.
  TEMPORAL_DEPLOYMENT: Joi.string().pattern(/^(?!__)[A-Za-z0-9_-]{1,100}$/),
  TEMPORAL_UI_URL: Joi.string().uri().default('http://127.0.0.1:8233'),
  // Paths (docs/operating.md, "Certificates for the cluster"); empty as unset. A certificate needs its key.
  TEMPORAL_TLS_CA: Joi.string().allow(''),
  TEMPORAL_TLS_CERT: Joi.string().allow(''),
  TEMPORAL_TLS_KEY: Joi.string().allow(''),
  TEMPORAL_TLS_SERVER_NAME: Joi.string().hostname().allow(''),
  TEMPORAL_PAYLOAD_KEYS: Joi.string().allow(''),
  // 40, not 200: a worker takes no more tasks than it finishes within their 10-s time-out (ADR 0109).
  TEMPORAL_MAX_WORKFLOW_TASKS: Joi.number().integer().min(2).max(10000).default(40),
  TEMPORAL_WORKFLOW_TASK_POLLS: Joi.number().integer().min(2).max(1000).default(20),
  TEMPORAL_MAX_LOCAL_ACTIVITIES: Joi.number().integer().min(1).max(10000).default(40),
  TEMPORAL_MAX_ACTIVITIES: Joi.number().integer().min(1).max(10000).default(100),
  TEMPORAL_MAX_CACHED_WORKFLOWS: Joi.number().integer().min(0).max(100000).default(2000),
  // TEMPORAL_MAX_WORKFLOW_TASKS and TEMPORAL_MAX_ACTIVITIES are the deliveries queue's slots (the benchmarks' knob).
  TEMPORAL_INTERACTIVE_MAX_WORKFLOW_TASKS: Joi.number().integer().min(2).max(10000).default(200),
  TEMPORAL_INTERACTIVE_MAX_ACTIVITIES: Joi.number().integer().min(1).max(10000).default(100),
  TEMPORAL_BATCH_MAX_WORKFLOW_TASKS: Joi.number().integer().min(2).max(10000).default(10),
  TEMPORAL_BATCH_MAX_ACTIVITIES: Joi.number().integer().min(1).max(10000).default(4),
  WORKER_QUEUES: Joi.string().pattern(new RegExp(`^\\s*(${WORK_KINDS.join('|')})\\s*(,\\s*(${WORK_KINDS.join('|')})\\s*)*$`)).default(WORK_KINDS.join(',')),
};

const PAYLOAD_KEY = /^([A-Za-z0-9_.-]{1,40}):([A-Za-z0-9+/]{43}=)$/;

/**
 * TEMPORAL_PAYLOAD_KEYS: `<key id>:<32 bytes in base64>`, comma-separated, oldest first (bin/up
 * writes the first into .env). Required in every environment: no process of the project talks
 * to Temporal without sealing what it writes there.
 */
export function parsePayloadKeys(text: string | undefined): PayloadKey[] {
  if (!text?.trim()) {
    throw new ConfigError('configuration: "TEMPORAL_PAYLOAD_KEYS" is required (`<key id>:<32 random bytes in base64>`, comma-separated, newest last; bin/up writes one into .env on its first run)');
  }
  const keys = text.split(',').map((entry, i) => {
    const m = PAYLOAD_KEY.exec(entry.trim());
    if (!m) throw new ConfigError(`configuration: "TEMPORAL_PAYLOAD_KEYS" entry ${i + 1} is not \`<key id>:<32 bytes in base64>\` (a key id of letters, digits, ".", "_" or "-")`);
    return { id: m[1]!, key: Buffer.from(m[2]!, 'base64') };
  });
  const repeated = keys.find((k, i) => keys.findIndex((o) => o.id === k.id) !== i);
  if (repeated) throw new ConfigError(`configuration: "TEMPORAL_PAYLOAD_KEYS" names key id "${repeated.id}" twice`);
  return keys;
}

function parseTemporalTls(v: Env): TemporalTlsFiles | undefined {
  const files: TemporalTlsFiles = { ca: v.TEMPORAL_TLS_CA || undefined, cert: v.TEMPORAL_TLS_CERT || undefined, key: v.TEMPORAL_TLS_KEY || undefined, serverName: v.TEMPORAL_TLS_SERVER_NAME || undefined };
  if (!files.cert !== !files.key) throw new ConfigError('configuration: "TEMPORAL_TLS_CERT" and "TEMPORAL_TLS_KEY" go together (the client certificate and its key)');
  return Object.values(files).some(Boolean) ? files : undefined;
}

export function parseTemporalSettings(v: Env): TemporalSettings {
  const temporalTls = parseTemporalTls(v);
  const payloadKeys = parsePayloadKeys(v.TEMPORAL_PAYLOAD_KEYS);
  return {
    address: v.TEMPORAL_ADDRESS, namespace: v.TEMPORAL_NAMESPACE, taskQueue: v.TEMPORAL_TASK_QUEUE, schedulePrefix: v.TEMPORAL_SCHEDULE_PREFIX, schedulesPaused: v.TEMPORAL_SCHEDULES_PAUSED, uiUrl: v.TEMPORAL_UI_URL,
    deployment: v.TEMPORAL_DEPLOYMENT ?? v.TEMPORAL_TASK_QUEUE,
    ...(temporalTls ? { tls: temporalTls } : {}),
    worker: {
      maxConcurrentWorkflowTaskPolls: v.TEMPORAL_WORKFLOW_TASK_POLLS,
      maxConcurrentLocalActivityExecutions: v.TEMPORAL_MAX_LOCAL_ACTIVITIES,
      maxCachedWorkflows: v.TEMPORAL_MAX_CACHED_WORKFLOWS,
    },
    slots: {
      deliveries: { maxConcurrentWorkflowTaskExecutions: v.TEMPORAL_MAX_WORKFLOW_TASKS, maxConcurrentActivityTaskExecutions: v.TEMPORAL_MAX_ACTIVITIES },
      interactive: { maxConcurrentWorkflowTaskExecutions: v.TEMPORAL_INTERACTIVE_MAX_WORKFLOW_TASKS, maxConcurrentActivityTaskExecutions: v.TEMPORAL_INTERACTIVE_MAX_ACTIVITIES },
      batch: { maxConcurrentWorkflowTaskExecutions: v.TEMPORAL_BATCH_MAX_WORKFLOW_TASKS, maxConcurrentActivityTaskExecutions: v.TEMPORAL_BATCH_MAX_ACTIVITIES },
    },
    workerQueues: [...new Set(String(v.WORKER_QUEUES).split(',').map((k) => k.trim() as WorkKind))],
    payloadKeys,
  };
}
