import type { components } from '../schema.js';
import { OperationTimeoutError } from '../errors.js';
import { Resource, keyed, sent, unwrap, type WriteOptions } from '../resource.js';
import type { RequestOptions } from '../request-options.js';

export type Operation = components['schemas']['Operation'];
export type OperationEnvelope = components['schemas']['OperationEnvelope'];

/** The statuses that end an operation. */
export const FINISHED_STATUSES: readonly Operation['status'][] = ['succeeded', 'failed', 'canceled'];
export const isFinished = (op: Pick<Operation, 'status'>): boolean => FINISHED_STATUSES.includes(op.status);

export interface OperationWaitOptions {
  /** How long in all (default 5 minutes): then OperationTimeoutError. */
  timeoutMs?: number;
}

/** Paid, slow work (AI replies, article generation): GET /operations/{id}, cancel, and wait. */
export class Operations extends Resource {
  /** The operation; `wait` (0 to 20 s) holds the answer until it finishes. */
  retrieve(id: string, o: RequestOptions & { wait?: number } = {}) {
    return unwrap(this.api.GET('/operations/{id}', { params: { path: { id }, query: o.wait === undefined ? {} : { wait: o.wait } }, ...sent(o) }));
  }

  /** Cancels a queued or running operation (nothing is charged). */
  cancel(id: string, o: WriteOptions = {}) {
    return unwrap(this.api.POST('/operations/{id}/cancel', { params: { path: { id } }, headers: keyed(o), ...sent(o) }));
  }

  /**
   * The operation once it has finished (succeeded, failed or canceled; a failed one carries
   * `error`): held answers of GET /operations/{id}?wait=20, one after another, until it ends.
   * Takes an id, an Operation or the OperationEnvelope a 202 answered.
   */
  async wait(op: string | Operation | OperationEnvelope, o: OperationWaitOptions = {}): Promise<Operation> {
    let current: Operation = typeof op === 'string' ? await this.retrieve(op) : 'operation' in op ? op.operation : op;
    const deadline = Date.now() + (o.timeoutMs ?? 300_000);
    while (!isFinished(current)) {
      const left = deadline - Date.now();
      if (left <= 0) throw new OperationTimeoutError(current.id, current.status);
      current = await this.retrieve(current.id, { wait: Math.max(0, Math.min(20, Math.floor(left / 1000))) });
    }
    return current;
  }
}
