import { describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { PinoSdkLogger } from '../../src/temporal/sdk-telemetry.js';

/**
 * The SDK's log metadata as the process's JSON lines: each part of the SDK names the workflow's
 * identity its own way, and every line leaves with `workflow_id` and `run_id`. The worker process
 * itself is tested in test/integration/worker-telemetry.test.ts.
 */
function logged(write: (logger: PinoSdkLogger) => void): Record<string, unknown>[] {
  const lines: Record<string, unknown>[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => { lines.push(JSON.parse(line) as Record<string, unknown>); } });
  write(new PinoSdkLogger(log));
  return lines;
}

describe('PinoSdkLogger', () => {
  it('names the workflow of an activity line (workflowId, workflowRunId) as workflow_id and run_id, and an error as err with its message', () => {
    const [line] = logged((l) => l.warn('Activity failed', { sdkComponent: 'worker', workflowId: 'op:1', workflowRunId: 'run-1', activityType: 'callModel', error: new Error('model timed out') }));
    expect(line).toMatchObject({ level: 40, component: 'temporal-sdk', msg: 'Activity failed', workflow_id: 'op:1', run_id: 'run-1', activityType: 'callModel', err: { message: 'model timed out' } });
    expect(line).not.toHaveProperty('workflowRunId');
  });

  it('names a workflow line (workflowId, runId) and a Core line (workflow_id, run_id) alike', () => {
    const lines = logged((l) => {
      l.error('Workflow failed', { workflowId: 'delivery:1', runId: 'run-2' });
      l.log('WARN', 'Failing workflow task', { sdkComponent: 'core', workflow_id: 'delivery:2', run_id: 'run-3', failure: 'text' });
    });
    expect(lines).toEqual([
      expect.objectContaining({ level: 50, workflow_id: 'delivery:1', run_id: 'run-2', msg: 'Workflow failed' }),
      expect.objectContaining({ level: 40, workflow_id: 'delivery:2', run_id: 'run-3', failure: 'text', msg: 'Failing workflow task' }),
    ]);
  });

  it('leaves out what pino filters at its level', () => {
    expect(logged((l) => { l.debug('Workflow started', { workflowId: 'w' }); l.trace('poll'); })).toEqual([]);
  });
});
