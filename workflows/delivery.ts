import { condition, proxyActivities, setHandler, sleep, upsertSearchAttributes } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { recheckHoldSignal, type DeliveryTiming } from './delivery-contract.js';
import { DELIVERY_STATE } from './search-attributes.js';

/** Infrastructure (the database) may be down for a while: these retry until it is back. */
const INFRASTRUCTURE_RETRY = { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' } as const;

const { workerDeliveryTiming } = proxyActivities<Activities>({ startToCloseTimeout: '30 seconds', retry: INFRASTRUCTURE_RETRY });

export interface DeliveryOutcome {
  /** stopped: the delivery or its subscription was deleted. */
  state: 'delivered' | 'dead' | 'stopped';
  /** Attempts made and recorded. */
  attempts: number;
}

/** DeliveryState search attribute: the row's state, or `held` while paused or the wallet is suspended. */
type VisibleState = 'pending' | 'failed' | 'held' | 'delivered' | 'dead';

/**
 * One delivery of one event to one subscription (workflow id `delivery:<id>`): the first try
 * and up to `retrySchedule.length` retries with jittered pauses. The attempt activity first
 * looks at the holds (subscription paused, wallet suspended, access ended for now); a held attempt is not made and
 * not counted, and the workflow waits for recheckHoldSignal or a long jittered timer before it
 * asks again. A revoked integration ends it as dead with no attempt. Cancellation (the subscription was deleted) ends it as Canceled.
 */
export async function deliveryWorkflow(deliveryId: string, given?: DeliveryTiming): Promise<DeliveryOutcome> {
  const timing = given ?? (await workerDeliveryTiming());
  // The answer time-out is configuration, so this proxy is made here rather than at the top.
  const { attemptDelivery } = proxyActivities<Activities>({
    startToCloseTimeout: timing.timeoutMs + 60_000,
    heartbeatTimeout: '10 seconds',
    retry: INFRASTRUCTURE_RETRY,
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
      show(outcome.state);
      if (outcome.state === 'delivered' || outcome.state === 'dead') return { state: outcome.state, attempts: attempt };
      await sleep(outcome.pauseMs ?? 0);
      break;
    }
  }
  return { state: 'dead', attempts: lastAttempt };
}
