import { defineSignal } from '@temporalio/workflow';

/**
 * What the api and the worker share about delivery workflows: the type name, the id scheme
 * and the signals. Importable from src/ (definitions only, no workflow code).
 */
export const DELIVERY_WORKFLOW_TYPE = 'deliveryWorkflow';

/** Business key: a second start of the same delivery is rejected, so starting is idempotent. */
export const deliveryWorkflowId = (deliveryId: string): string => `delivery:${deliveryId}`;

/** A hold may have ended (subscription set active, wallet topped up): look again now. */
export const recheckHoldSignal = defineSignal('recheckHold');

/**
 * The delivery settings a workflow runs with. Workflows cannot read configuration, so the
 * relay passes these (config.webhooks) as the second argument when it starts one.
 */
export interface DeliveryTiming {
  /** Pause before retry 1..8. */
  retrySchedule: number[];
  retryAfterMaxMs: number;
  /**
   * Re-check of a hold no signal ended (jittered): the access holds of runs that waited before
   * every hold's end was signalled (the workflow's patch every-hold-signalled). Unused after it.
   */
  holdRecheckMs: number;
  /**
   * The timer of a held delivery: a backstop for a lost signal (jittered). Absent in the timing
   * of workflows started before it: DEFAULT_HOLD_BACKSTOP_MS (before the patch every-hold-signalled, holdRecheckMs).
   */
  holdBackstopMs?: number;
  /**
   * The backstop doubles at each look of one hold, up to this (ADR 0108): 100,000 deliveries
   * held for days look about once a day each, not 28 times a second between them. Absent in
   * the timing of workflows started before it: the backstop stays holdBackstopMs.
   */
  holdBackstopMaxMs?: number;
  /** Subscriber answer time-out of one attempt. */
  timeoutMs: number;
  /**
   * How long a database step retries before it fails and the delivery ends dead
   * (DURABLE_STEP_BOUND). Absent in the timing of workflows started before it: DURABLE_STEP's.
   */
  stepBoundMs?: number;
  /** Looks of a hold before its run continues as new (100 when absent: inputs of earlier code). */
  holdCyclesPerRun?: number;
}

/**
 * DeliveryState search attribute: the row's state, or `held` while paused or the wallet is
 * suspended. A first-try delivery keeps `pending` and closes Completed.
 */
export type VisibleState = 'pending' | 'failed' | 'held' | 'delivered' | 'dead';

/** What a held delivery carries into its next run when it continues as new. */
export interface DeliveryProgress {
  /** The attempt (1..retrySchedule.length + 1) the run was held before: not made yet. */
  attempt: number;
  /** What its DeliveryState shows. */
  visible: VisibleState;
  /**
   * Not before this instant (ISO): the pause a retry waited out when its run closed and the
   * reconciler started a fresh one (the row's next_attempt_at).
   */
  notBefore?: string | null;
  /** Looks of the hold so far, every one held (the backstop's doublings): absent in the progress of earlier code. */
  heldLooks?: number;
}

/** The error a delivery ends dead with when one of its database steps failed (past its bound, or a permanent error). */
export const stepFailedError = (failure: string): string =>
  `A database step of the delivery failed (${failure}): not sent further; redeliver it to send it again.`;

/**
 * Holds whose end signalled the held deliveries (recheckHoldSignal) before every hold's did (the
 * patch every-hold-signalled): the subscription set active (the api and bin/ctl), the wallet
 * active again (WalletHoldRelease), the earlier queued delivery tried or the earlier delivery of
 * the event's key done (the attempt). Only the runs that waited before the patch read it: their
 * access holds (no signal then) were looked at every holdRecheckMs. Since the patch, access
 * restored signals too (bin/ctl's status and scope changes, their sandbox shadows, the demo seed,
 * include_pii turned off), and every hold waits on holdBackstopMs.
 */
export const SIGNALLED_HOLDS: readonly string[] = ['subscription_paused', 'wallet_suspended', 'earlier_delivery_first'];

/**
 * The backstop of a held delivery whose timing has no holdBackstopMs (started before it):
 * WEBHOOK_HOLD_BACKSTOP's default, an hour.
 */
export const DEFAULT_HOLD_BACKSTOP_MS = 3_600_000;
