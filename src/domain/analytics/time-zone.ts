import type { Cell } from '../../config.js';
import type { Em } from '../../db/em.js';

/**
 * The day rule of analytics (decisions: "Analytics: the tenant's time zone"): a day is a
 * calendar day in the tenant's IANA zone; a tenant without one takes its cell's.
 */
export const CELL_TIME_ZONE: Record<Cell, string> = { ru: 'Europe/Moscow', en: 'Europe/London', id: 'Asia/Jakarta' };

/** The tenant's zone, or the cell's default when the tenant has none. */
export async function tenantTimeZone(em: Em, tenantId: string, cell: Cell): Promise<string> {
  const rows = await em.execute<{ time_zone: string | null }[]>('select time_zone from tenants where id = ?', [tenantId]);
  return rows[0]?.time_zone ?? CELL_TIME_ZONE[cell];
}

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** YYYY-MM-DD of an instant in `zone`. */
export function dayIn(instant: Date, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
  const part = (t: string) => parts.find((p) => p.type === t)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** Calendar arithmetic on YYYY-MM-DD (no zone: a calendar day is a label). */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00.000Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (0 when equal). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
