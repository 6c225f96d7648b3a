import { describe, expect, it } from '@jest/globals';
import { DURABLE_STEP, boundedStep } from '../../workflows/step-options.js';
import { strandedRowOf } from '../../src/temporal/reconciler.js';

describe('boundedStep: a step retries for its bound, and no more attempts than fit in it', () => {
  it.each([
    [3_000, 3], // backoffs 1 s + 2 s
    [60_000, 6], // 1 + 2 + 4 + 8 + 16 = 31 s; the next (32 s) passes the minute
    [2 * 3_600_000, 125], // the default 2 hours: 63 s, then a minute each; under DURABLE_STEP's 150
    [24 * 3_600_000, 150], // longer: DURABLE_STEP's own 150 attempts still bound it
  ])('%i ms: %i attempts, the schedule-to-close time-out the bound', (boundMs, attempts) => {
    const step = boundedStep(DURABLE_STEP, boundMs);
    expect({ attempts: step.retry?.maximumAttempts, scheduleToClose: step.scheduleToCloseTimeout, startToClose: step.startToCloseTimeout })
      .toEqual({ attempts, scheduleToClose: boundMs, startToClose: DURABLE_STEP.startToCloseTimeout });
  });
});

describe('strandedRowOf: the row a workflow id names', () => {
  it.each([
    ['delivery:4b1c0f0e-0000-4000-8000-000000000001', { kind: 'delivery', id: '4b1c0f0e-0000-4000-8000-000000000001' }],
    ['op:4b1c0f0e-0000-4000-8000-000000000002', { kind: 'operation', id: '4b1c0f0e-0000-4000-8000-000000000002' }],
    ['publication:4b1c0f0e-0000-4000-8000-000000000003', { kind: 'publication', id: '4b1c0f0e-0000-4000-8000-000000000003' }],
    ['lead-score:4b1c0f0e-0000-4000-8000-000000000004', null],
    ['delivery:', null],
    ['reconcile-1', null],
  ])('%s', (workflowId, row) => {
    expect(strandedRowOf(workflowId)).toEqual(row);
  });
});
