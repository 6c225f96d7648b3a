import { describe, expect, it } from '@jest/globals';
import { Worker } from '@temporalio/worker';
import { WORKFLOW_BUNDLE } from '../harness/in-process-worker.js';
import { branchOf, recordedHistories, workflowTypeOf } from '../harness/recorded-histories.js';
import * as workflows from '../../workflows/index.js';
import { sealingKeyIdsIn } from '../../src/temporal/payload-codec.js';

/**
 * Every recorded history replays on the workflow bundle this build's workers run (the prebuilt
 * dist/workflow-bundle.js, not a fresh bundle): a deploy never wedges a workflow that older code
 * started. The recorded ones (recorded/<generation>/, by bin/record-histories from real runs of
 * the integration tests) hold every workflow type's branches (docs/operating.md, "Deploying a
 * workflow change").
 */
const fixtures = recordedHistories();

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
      'publicationWorkflow-completed-applied', // the site module's answer (an Update)
      'publicationWorkflow-completed-unanswered', // the module never answered: the wait's bound
      'publicationWorkflow-canceled', // superseded
    ].filter((branch) => !branches.some((b) => b.startsWith(branch)));
    expect(missing).toEqual([]);
  });

  it('hold no sealed payload: the recorder decodes each history, so they replay with no key (docs/decisions.md, "Customers\' words sealed in Temporal")', () => {
    expect(fixtures.filter((f) => sealingKeyIdsIn(f.history).size > 0).map((f) => f.file)).toEqual([]);
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
