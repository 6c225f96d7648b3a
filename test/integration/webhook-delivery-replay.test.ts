import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { Worker } from '@temporalio/worker';
import { temporal } from '@temporalio/proto';
import { WORKFLOWS } from '../support/in-process-worker.js';

/**
 * Delivery histories written by earlier code replay on today's workflow (a worker deployed
 * while a delivery is held takes it over). The fixture was recorded before held deliveries
 * continued as new (issue 30 item 2): one run of more than 100 looks at a paused
 * subscription, every 5 ms, between a failed first attempt and a delivered second one.
 */
const fixture = (name: string) => temporal.api.history.v1.History.decode(readFileSync(new URL(`../fixtures/histories/${name}`, import.meta.url)));

describe('delivery histories of earlier code', () => {
  it('a hold of more than 100 looks in one run replays without a determinism error (the continue-as-new is patched)', async () => {
    const history = fixture('delivery-long-hold-before-continue-as-new.binpb');
    const events = history.events;
    // The fixture is what it says: over 100 hold timers in one run, no patch marker, and it ended delivered.
    const holdTimers = events.filter((e) => e.timerStartedEventAttributes).length - 1; // less the retry pause
    expect(holdTimers).toBeGreaterThan(100);
    expect(events.filter((e) => e.markerRecordedEventAttributes?.markerName === 'core_patch')).toEqual([]);
    expect(events.at(-1)?.workflowExecutionCompletedEventAttributes).toBeTruthy();
    await expect(Worker.runReplayHistory({ workflowsPath: WORKFLOWS }, history, 'delivery:recorded-before-continue-as-new')).resolves.toBeUndefined();
  }, 60_000);
});
