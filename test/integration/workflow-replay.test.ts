import { describe, expect, it } from '@jest/globals';
import { Worker } from '@temporalio/worker';
import { WORKFLOW_BUNDLE } from '../support/in-process-worker.js';
import { branchOf, recordedHistories, workflowTypeOf } from '../support/recorded-histories.js';
import * as workflows from '../../workflows/index.js';

/**
 * Every recorded history replays on the workflow bundle this build's workers run (the prebuilt
 * dist/workflow-bundle.js, not a fresh bundle): a deploy never wedges a workflow that older code
 * started. Recorded ones (recorded/<generation>/, by bin/record-histories from real runs of the
 * integration tests) hold every workflow type's branches; the hand-kept ones older shapes that
 * patches still serve (docs/operations.md, "Deploying a workflow change").
 */
const fixtures = recordedHistories();
const named = (file: string) => {
  const found = fixtures.find((f) => f.file === file);
  if (!found) throw new Error(`no fixture ${file}`);
  return found.history;
};

describe('recorded workflow histories', () => {
  it('hold every workflow type the worker runs', () => {
    const recorded = new Set(fixtures.map((f) => workflowTypeOf(f.history)));
    expect(Object.keys(workflows).filter((type) => !recorded.has(type))).toEqual([]);
  });

  it('hold the branches that matter: held, retried, dead, canceled, continued as new', () => {
    const branches = fixtures.map((f) => branchOf(f.history) ?? '');
    const missing = [
      'deliveryWorkflow-completed-delivered-timer-signal', // held, then released by a signal
      'deliveryWorkflow-completed-dead-timer', // retried to the end
      'deliveryWorkflow-continued-as-new-timer', // a long hold
      'deliveryWorkflow-canceled', // its subscription deleted
      'leadScoringWorkflow-continued-as-new',
      'aiReplyWorkflow-canceled',
      'aiReplyWorkflow-completed-failed-activity', // a model across the network that stayed down
      'aiReplyWorkflow-failed', // a step whose row vanished
      'articleGenerationWorkflow-canceled',
      'strategistTurnWorkflow-canceled',
      'publicationWorkflow-completed-applied-signal', // the site module's answer
      'publicationWorkflow-canceled', // superseded
    ].filter((branch) => !branches.some((b) => b.startsWith(branch)));
    expect(missing).toEqual([]);
  });

  it('all replay without a determinism error on the prebuilt bundle, in one replay worker', async () => {
    const failures: string[] = [];
    const byId = new Map(fixtures.map((f) => [f.workflowId, f.file]));
    for await (const result of Worker.runReplayHistories({ workflowBundle: { codePath: WORKFLOW_BUNDLE } }, fixtures)) {
      if (result.error) failures.push(`${byId.get(result.workflowId)}: ${result.error.message}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

describe('hand-kept histories of older shapes', () => {
  it('an AI reply of the three-step offline shape (before runAiReplyLocally, 8e3b9cf)', () => {
    const markers = named('ai-reply-before-one-step.binpb').events.map((e) => e.markerRecordedEventAttributes?.markerName).filter(Boolean);
    expect(markers.filter((n) => n === 'core_local_activity')).toHaveLength(3);
    expect(markers).toContain('core_patch');
  });

  it('a delivery hold of more than 100 looks in one run, before held deliveries continued as new', () => {
    const events = named('delivery-long-hold-before-continue-as-new.binpb').events;
    expect(events.filter((e) => e.timerStartedEventAttributes).length - 1).toBeGreaterThan(100); // less the retry pause
    expect(events.filter((e) => e.markerRecordedEventAttributes?.markerName === 'core_patch')).toEqual([]);
    expect(events.at(-1)?.workflowExecutionCompletedEventAttributes).toBeTruthy();
  });
});
