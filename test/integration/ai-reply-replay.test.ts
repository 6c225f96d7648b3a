import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { Worker } from '@temporalio/worker';
import { temporal } from '@temporalio/proto';
import { WORKFLOWS } from '../support/in-process-worker.js';

/**
 * Histories written by earlier code replay on today's workflows (a worker deployed mid-flight
 * takes over their workflows). The fixture is an AI reply of the builtin seller recorded
 * before runAiReplyLocally (8e3b9cf: beginAiReply, composeAiReplyLocally and finishAiReply as
 * three local activities, behind the offline-model-local-activity patch).
 */
const fixture = (name: string) => temporal.api.history.v1.History.decode(readFileSync(new URL(`../fixtures/histories/${name}`, import.meta.url)));

describe('AI reply histories of earlier code', () => {
  it('the three-step offline reply replays on the one-step workflow without a determinism error', async () => {
    const history = fixture('ai-reply-before-one-step.binpb');
    const localSteps = history.events
      .map((e) => e.markerRecordedEventAttributes?.markerName)
      .filter((name): name is string => Boolean(name));
    // The fixture is what it says: three local activity markers and the older patch's marker.
    expect(localSteps.filter((n) => n === 'core_local_activity')).toHaveLength(3);
    expect(localSteps).toContain('core_patch');
    await expect(Worker.runReplayHistory({ workflowsPath: WORKFLOWS }, history, 'op:recorded-before-one-step')).resolves.toBeUndefined();
  }, 60_000);
});
