import { condition, proxyLocalActivities, setHandler, sleep, upsertSearchAttributes } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { recheckHoldSignal, type DeliveryTiming } from './delivery-contract.js';
import { DELIVERY_STATE } from './search-attributes.js';
import { DURABLE_STEP } from './step-options.js';

/** Infrastructure (the database) may be down for a while: these retry while it is, within DURABLE_STEP's bounds. */
const { workerDeliveryTiming } = proxyLocalActivities<Activities>(DURABLE_STEP);

export interface DeliveryOutcome {
  /** stopped: the delivery or its subscription was deleted. */
  state: 'delivered' | 'dead' | 'stopped';
  /** Attempts made and recorded. */
  attempts: number;
}

/**
 * DeliveryState search attribute: the row's state, or `held` while paused or the wallet is
 * suspended. A first-try delivery keeps `pending` and closes Completed.
 */
type VisibleState = 'pending' | 'failed' | 'held' | 'delivered' | 'dead';

/**
 * One delivery of one event to one subscription (workflow id `delivery:<id>`): the first try
 * and up to `retrySchedule.length` retries with jittered pauses. The attempt is a local
 * activity (docs/decisions.md, "Deliveries as local activities"): it runs in the worker that
 * runs the workflow, with no task-queue round trip; a worker that dies mid-attempt loses its
 * workflow task, and the next worker makes the attempt again (at least once: Svc-Event-Id
 * lets the subscriber drop the repeat). The attempt activity first
 * looks at the holds (subscription paused, wallet suspended, access ended for now); a held attempt is not made and
 * not counted, and the workflow waits for recheckHoldSignal or a long jittered timer before it
 * asks again. A revoked integration ends it as dead with no attempt. Cancellation (the subscription was deleted) ends it as Canceled.
 */
export async function deliveryWorkflow(deliveryId: string, given?: DeliveryTiming): Promise<DeliveryOutcome> {
  const timing = given ?? (await workerDeliveryTiming());
  // The answer time-out is configuration, so this proxy is made here rather than at the top.
  // The answer time-out bounds the POST; the rest is two or three database round trips.
  const { attemptDelivery } = proxyLocalActivities<Activities>({
    ...DURABLE_STEP,
    startToCloseTimeout: timing.timeoutMs + 30_000,
  });
  let recheck = false;
  setHandler(recheckHoldSignal, () => {
    recheck = true;
  });
  let visible: VisibleState = 'pending';
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
  for (let attempt = 1; attempt <= lastAttempt; attempt++) {
    for (;;) {
      recheck = false;
      const outcome = await attemptDelivery({
        deliveryId,
        attempt,
        retryBaseMs: timing.retrySchedule[attempt - 1] ?? null,
        jitter: (Math.random() - 0.5) / 5,
        retryAfterMaxMs: timing.retryAfterMaxMs,
        timeoutMs: timing.timeoutMs,
      });
      if (outcome.state === 'held') {
        show('held');
        await condition(() => recheck, Math.round(timing.holdRecheckMs * (0.8 + Math.random() * 0.4)));
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
