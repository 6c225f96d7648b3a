import type { Em } from '../../db/em.js';
import { recordEvent } from '../events/outbox.js';
import { EVENTS } from '../events/catalogue.js';

/** Array parameters go as PostgreSQL array text: the query layer would expand a JS array into a list. */
const intArray = (values: readonly number[]) => `{${values.join(',')}}`;

/** api_key.expiring is raised this many days before a key expires (spec 01, Authentication 8). */
export const EXPIRY_THRESHOLDS_DAYS = [30, 7] as const;

interface DueRow {
  key_id: string;
  tenant_id: string;
  integration_id: string;
  mode: string;
  expires_at: Date;
  threshold_days: number;
}

const DUE_SQL = `
  select k.key_id, k.tenant_id, k.integration_id, k.mode, k.expires_at, t.days as threshold_days
    from api_keys k
    cross join unnest(?::int[]) as t(days)
   where k.revoked_at is null
     and k.expires_at > ?::timestamptz
     and k.expires_at <= ?::timestamptz + make_interval(days => t.days)
     and not exists (select 1 from key_expiry_notices n where n.key_id = k.key_id and n.threshold_days = t.days)`;

/**
 * Tenants that have at least one key past a threshold without its notice, in id order; with a
 * page, only those after `page.after` and at most `page.limit` of them (the key-expiry sweep's
 * keyset page). Without one, every such tenant (the scan of before the sweep, until it goes).
 */
export async function tenantsWithDueKeyNotices(em: Em, now: Date, page?: { after: string | null; limit: number }): Promise<string[]> {
  const rows = await em.execute<{ tenant_id: string }[]>(
    `select distinct tenant_id from (${DUE_SQL} and (?::uuid is null or k.tenant_id > ?::uuid)) due order by tenant_id limit ?::int`,
    [intArray(EXPIRY_THRESHOLDS_DAYS), now.toISOString(), now.toISOString(), page?.after ?? null, page?.after ?? null, page?.limit ?? null],
  );
  return rows.map((r) => r.tenant_id);
}

/**
 * In one transaction: for each of the tenant's keys past one or more thresholds, marks every
 * passed threshold and raises ONE api_key.expiring for the nearest (a key found 5 days before
 * expiry gets the 7-day notice, not a stale 30-day one). The notice rows are the guard: a
 * second run, or a second worker, raises nothing again.
 */
export async function raiseKeyExpiryNotices(em: Em, tenantId: string, now: Date): Promise<string[]> {
  return em.transactional(async (tx) => {
    const due = await tx.execute<DueRow[]>(`${DUE_SQL} and k.tenant_id = ? order by k.key_id, t.days`, [
      intArray(EXPIRY_THRESHOLDS_DAYS), now.toISOString(), now.toISOString(), tenantId,
    ]);
    const byKey = new Map<string, DueRow[]>();
    for (const row of due) byKey.set(row.key_id, [...(byKey.get(row.key_id) ?? []), row]);
    const raised: string[] = [];
    for (const [keyId, rows] of byKey) {
      const claimed = await tx.execute<{ threshold_days: number }[]>(
        `insert into key_expiry_notices (key_id, threshold_days, created_at)
         select ?, d, ? from unnest(?::int[]) d on conflict do nothing returning threshold_days`,
        [keyId, now.toISOString(), intArray(rows.map((r) => r.threshold_days))],
      );
      if (!claimed.length) continue;
      const nearest = rows[0]!;
      const expiresAt = new Date(nearest.expires_at);
      const event = recordEvent(tx, {
        tenantId,
        integrationId: nearest.integration_id,
        type: 'api_key.expiring',
        livemode: nearest.mode === 'live',
        ...EVENTS['api_key.expiring']({
          key_id: keyId,
          integration_id: nearest.integration_id,
          expires_at: expiresAt.toISOString(),
          threshold_days: nearest.threshold_days,
          days_left: Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / 86_400_000)),
        }),
      }, now);
      await tx.flush();
      await tx.execute('update key_expiry_notices set event_id = ? where key_id = ? and threshold_days = ?', [event.id, keyId, nearest.threshold_days]);
      raised.push(event.id);
    }
    return raised;
  });
}
