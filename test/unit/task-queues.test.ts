import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { WORKFLOW_KINDS, WORK_KINDS, taskQueueFor, taskQueueOf } from '../../src/temporal/task-queues.js';
import { loadConfig } from '../../src/config.js';
import { ConfigError } from '../../src/config/config-error.js';
import { workerTuning } from '../../src/temporal/worker.js';

const SECRET = 'x'.repeat(32);
const load = (env: Record<string, string> = {}) =>
  loadConfig({ API_KEY_PEPPER: SECRET, CURSOR_SECRET: `${SECRET}c`, WEBHOOK_SECRET_KEY: `${SECRET}w`, WIDGET_SECRET: `${SECRET}v`, TEMPORAL_PAYLOAD_KEYS: 'placeholder:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=', ...env });

/** The workflow types the worker registers: the names workflows/index.ts exports. */
function exportedWorkflows(): string[] {
  const text = readFileSync(new URL('../../workflows/index.ts', import.meta.url), 'utf8');
  return [...text.matchAll(/export \{([^}]+)\}/g)].flatMap((m) => m[1]!.split(',').map((n) => n.trim())).filter(Boolean).sort();
}

describe('task queues by kind of work', () => {
  it('gives every workflow the worker runs a kind, and names no other', () => {
    expect(Object.keys(WORKFLOW_KINDS).sort()).toEqual(exportedWorkflows());
  });

  it('derives three distinct queues from the base, none of them the base itself', () => {
    expect(WORK_KINDS.map((k) => taskQueueOf('test-42', k))).toEqual(['test-42-deliveries', 'test-42-interactive', 'test-42-batch']);
    expect(taskQueueFor('q', 'aiReplyWorkflow')).toBe('q-interactive');
    expect(taskQueueFor('q', 'strategistTurnWorkflow')).toBe('q-interactive');
    expect(taskQueueFor('q', 'deliveryWorkflow')).toBe('q-deliveries');
    for (const w of ['analyticsSnapshot', 'strategistReport', 'deliveryLogRetention', 'keyExpiryNotices', 'tenantSweep'] as const) expect(taskQueueFor('q', w)).toBe('q-batch');
  });

  it('sizes each queue from its own settings, never with more polls than slots, with the model deadline as shutdown grace', () => {
    const c = load({ TEMPORAL_BATCH_MAX_WORKFLOW_TASKS: '2', TEMPORAL_BATCH_MAX_ACTIVITIES: '1', TEMPORAL_INTERACTIVE_MAX_ACTIVITIES: '40', AI_TIMEOUT_MS: '20000' });
    expect(c.temporal.slots).toEqual({
      deliveries: { maxConcurrentWorkflowTaskExecutions: 40, maxConcurrentActivityTaskExecutions: 100 },
      interactive: { maxConcurrentWorkflowTaskExecutions: 200, maxConcurrentActivityTaskExecutions: 40 },
      batch: { maxConcurrentWorkflowTaskExecutions: 2, maxConcurrentActivityTaskExecutions: 1 },
    });
    expect(workerTuning(c, 'batch')).toMatchObject({
      maxConcurrentWorkflowTaskExecutions: 2, maxConcurrentWorkflowTaskPolls: 2, maxConcurrentActivityTaskExecutions: 1, maxConcurrentActivityTaskPolls: 1, shutdownGraceTime: 25_000,
    });
    expect(workerTuning(c, 'deliveries')).toMatchObject({ maxConcurrentWorkflowTaskExecutions: 40, maxConcurrentWorkflowTaskPolls: 20, maxConcurrentActivityTaskExecutions: 100, maxConcurrentLocalActivityExecutions: 40 });
  });

  it('polls all three queues by default; WORKER_QUEUES chooses, and a kind it does not know is refused', () => {
    expect(load().temporal.workerQueues).toEqual(['deliveries', 'interactive', 'batch']);
    expect(load({ WORKER_QUEUES: 'batch, interactive' }).temporal.workerQueues).toEqual(['batch', 'interactive']);
    expect(() => load({ WORKER_QUEUES: 'batch,nightly' })).toThrow(ConfigError);
    expect(() => load({ WORKER_QUEUES: '' })).toThrow(ConfigError);
  });
});
