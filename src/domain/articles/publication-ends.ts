import type { Em } from '../../db/em.js';

/** The error column's bound (publications.error is at most 200 characters). */
const ERROR_CHARS = 200;

/**
 * Ends a queued publication as failed with `error`, so the article can be published again: its
 * workflow's step failed, or its workflow ended without the module's result (the reconciler).
 * False when it was no longer queued.
 */
export async function failQueuedPublication(em: Em, publicationId: string, error: string, now: Date): Promise<boolean> {
  const rows = await em.execute(
    `update publications set state = 'failed', error = ?, updated_at = ? where id = ? and state = 'queued' returning id`,
    [error.slice(0, ERROR_CHARS), now.toISOString(), publicationId],
  );
  return rows.length > 0;
}
