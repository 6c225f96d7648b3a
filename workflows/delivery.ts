import { TemporalFailure } from '@temporalio/common';
import { condition, continueAsNew, isCancellation, patched, proxyLocalActivities, setHandler, sleep, upsertSearchAttributes, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import type { AttemptOutcome } from '../activities/webhooks.js';
import { DEFAULT_HOLD_BACKSTOP_MS, SIGNALLED_HOLDS, recheckHoldSignal, stepFailedError, type DeliveryProgress, type DeliveryTiming, type VisibleState } from './delivery-contract.js';
import { DELIVERY_STATE } from './search-attributes.js';
import { DURABLE_STEP, LAST_STEP, boundedStep, stepFailure } from './step-options.js';

/** Infrastructure (the database) may be down for a while: these retry while it is, within DURABLE_STEP's bounds. */
const { workerDeliveryTiming } = proxyLocalActivities<Activities>(DURABLE_STEP);

/** The last step of a delivery whose database step failed: short, so the workflow fails soon after. */
const { endFailedDelivery } = proxyLocalActivities<Activities>(LAST_STEP);

export interface DeliveryOutcome {
  /** stopped: the delivery or its subscription was deleted. */
  state: 'delivered' | 'dead' | 'stopped';
  /** Attempts made and recorded. */
  attempts: number;
}

/**
 * Hold cycles (a look, then a wait) of one run before it continues as new, unless the timing
 * says otherwise: about 600 history events a run, so a 30-day hold re-checked every 10 minutes
 * is 43 short runs, not one run of 26,000 events (docs/decisions.md, "Deliveries continue as new").
 */
const HOLD_CYCLES_PER_RUN = 100;

/**
 * Every hold's end signals its deliveries (docs/decisions.md, "Every hold's end is a signal"):
 * every hold waits on the backstop timer. Before it, only SIGNALLED_HOLDS did and the access
 * holds were looked at every holdRecheckMs; runs that passed that wait replay as they ran.
 */
const EVERY_HOLD_SIGNALLED = 'every-hold-signalled';

/**
 * How long a held delivery waits for its signal before it looks again by itself (jittered ±20 %
 * by the caller), after `heldLooks` looks of this hold: the backstop, doubled at each look up
 * to holdBackstopMaxMs when the timing has it (ADR 0108).
 */
function holdWaitMs(timing: DeliveryTiming, holdReason: string | undefined, heldLooks: number): number {
  if (patched(EVERY_HOLD_SIGNALLED)) {
    const backstop = timing.holdBackstopMs ?? DEFAULT_HOLD_BACKSTOP_MS;
    return timing.holdBackstopMaxMs ? Math.min(timing.holdBackstopMaxMs, backstop * 2 ** Math.min(heldLooks - 1, 30)) : backstop;
  }
  return timing.holdBackstopMs && holdReason && SIGNALLED_HOLDS.includes(holdReason) ? timing.holdBackstopMs : timing.holdRecheckMs;
}

/**
 * One delivery of one event to one subscription (workflow id `delivery:<id>`): the first try
 * and up to `retrySchedule.length` retries with jittered pauses. The attempt is a local
 * activity (docs/adr/0007-webhook-delivery.md, the paragraph "One attempt, a local activity"): it runs in the worker that
 * runs the workflow, with no task-queue round trip; a worker that dies mid-attempt loses its
 * workflow task, and the next worker makes the attempt again (at least once: Svc-Event-Id
 * lets the subscriber drop the repeat). The attempt activity first
 * looks at the holds (subscription paused, wallet suspended, access ended for now); a held attempt is not made and
 * not counted, and the workflow waits for recheckHoldSignal, which every end of a hold sends, or
 * a long jittered backstop timer (holdBackstopMs, an hour by default) before it asks again. An
 * attempt throttled by its subscription's max_per_second sleeps until the start slot it took. A
 * revoked integration ends it as dead with no attempt. Cancellation (the subscription was deleted) ends it as Canceled.
 * A database step that fails past its bound (timing.stepBoundMs, DURABLE_STEP_BOUND) or with a
 * permanent error ends the delivery dead in a last step (endFailedDelivery), then the workflow fails;
 * a fresh run the reconciler starts goes on from `progress` after what is left of its pause.
 * A long hold continues as new every holdCyclesPerRun looks (HOLD_CYCLES_PER_RUN by default) (or when the server suggests
 * it), carrying its timing and `progress`: the attempt it is held before and what it shows.
 */
export async function deliveryWorkflow(deliveryId: string, given?: DeliveryTiming, progress?: DeliveryProgress): Promise<DeliveryOutcome> {
  try {
    return await deliver(deliveryId, given, progress);
  } catch (err) {
    // A database step failed past its bound, or with a permanent error (step-options.ts): the
    // delivery ends dead saying why, in a last step of its own, before the workflow fails. When
    // that step fails too, the reconciler finds the row and the Failed workflow.
    // Cancellation (the subscription was deleted, its rows with it) ends it as Canceled.
    if (!(err instanceof TemporalFailure) || isCancellation(err)) throw err;
    await endFailedDelivery(deliveryId, stepFailedError(stepFailure(err)));
    throw err;
  }
}

async function deliver(deliveryId: string, given?: DeliveryTiming, progress?: DeliveryProgress): Promise<DeliveryOutcome> {
  const timing = given ?? (await workerDeliveryTiming());
  // The answer time-out and the step's bound are configuration, so this proxy is made here rather than at the top.
  // The answer time-out bounds the POST; the rest is two or three database round trips.
  const step = { ...DURABLE_STEP, startToCloseTimeout: timing.timeoutMs + 30_000 };
  const { attemptDelivery } = proxyLocalActivities<Activities>(timing.stepBoundMs ? boundedStep(step, timing.stepBoundMs) : step);
  let recheck = false;
  setHandler(recheckHoldSignal, () => {
    recheck = true;
  });
  let visible: VisibleState = progress?.visible ?? 'pending';
  const show = (state: VisibleState) => {
    if (state === visible) return;
    visible = state;
    upsertSearchAttributes([{ key: DELIVERY_STATE, value: state }]);
  };
  /**
   * A delivery that succeeds while still shown as pending closes Completed with no upsert: the
   * close status says it (docs/decisions.md, "DeliveryState"). One that was shown held or
   * failed is shown delivered, so the attribute never keeps a stale state.
   */
  const showDelivered = () => {
    if (visible !== 'pending') show('delivered');
  };

  const lastAttempt = timing.retrySchedule.length + 1;
  let holdCycles = 0;
  // Looks of the current hold, every one held: carried into a continued run, ended by any other outcome.
  let heldLooks = progress?.heldLooks ?? 0;
  // A fresh run the reconciler started waits out what is left of the recorded pause.
  const waitLeft = progress?.notBefore ? Date.parse(progress.notBefore) - Date.now() : 0;
  if (waitLeft > 0) await sleep(waitLeft);
  for (let attempt = progress?.attempt ?? 1; attempt <= lastAttempt; attempt++) {
    let slotTaken = false;
    for (;;) {
      recheck = false;
      const outcome: AttemptOutcome = await attemptDelivery({
        deliveryId,
        attempt,
        retryBaseMs: timing.retrySchedule[attempt - 1] ?? null,
        jitter: (Math.random() - 0.5) / 5,
        retryAfterMaxMs: timing.retryAfterMaxMs,
        timeoutMs: timing.timeoutMs,
        ...(slotTaken ? { slotTaken } : {}),
      });
      if (outcome.state !== 'held') heldLooks = 0;
      if (outcome.state === 'throttled') {
        // Its start slot at the subscription's max_per_second: a durable timer. A recheck (the
        // rate changed, a hold ended) wakes it to take a new slot (docs/decisions.md, "Deliveries at a subscription's rate").
        slotTaken = !(await condition(() => recheck, Math.max(1, outcome.pauseMs ?? 0))) && outcome.slotTaken === true;
        continue;
      }
      if (outcome.state === 'held') {
        show('held');
        heldLooks += 1;
        // A hold waits for the signal of its end, its timer only a backstop (docs/decisions.md, "Every hold's end is a signal").
        await condition(() => recheck, Math.round(holdWaitMs(timing, outcome.holdReason, heldLooks) * (0.8 + Math.random() * 0.4)));
        holdCycles += 1;
        // The next run begins with this look again: nothing else is in flight while held.
        if ((holdCycles >= (timing.holdCyclesPerRun ?? HOLD_CYCLES_PER_RUN) || workflowInfo().continueAsNewSuggested)) {
          return continueAsNew<typeof deliveryWorkflow>(deliveryId, timing, { attempt, visible, ...(timing.holdBackstopMaxMs ? { heldLooks } : {}) });
        }
        continue;
      }
      if (outcome.state === 'gone') return { state: 'stopped', attempts: attempt - 1 };
      if (outcome.state === 'ended') {
        show('dead');
        return { state: 'dead', attempts: attempt - 1 };
      }
      if (outcome.state === 'delivered') {
        showDelivered();
        return { state: 'delivered', attempts: attempt };
      }
      show(outcome.state);
      if (outcome.state === 'dead') return { state: 'dead', attempts: attempt };
      await sleep(outcome.pauseMs ?? 0);
      break;
    }
  }
  return { state: 'dead', attempts: lastAttempt };
}
