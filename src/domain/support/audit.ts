import type { Em } from '../../db/em.js';
import { newId } from '../../ids.js';

/** What the support console records (docs/decisions.md, "A support console"). */
export const SUPPORT_ACTIONS = [
  'login', 'login.failed', 'login.locked', 'logout', 'session.end',
  'operator.create', 'operator.disable', 'operator.enable', 'operator.reset-password', 'operator.reset-totp',
  'delivery.replay', 'webhook.recover', 'webhook.recover.page', 'webhook.pause', 'webhook.resume', 'codec.decode',
] as const;
export type SupportActionName = (typeof SUPPORT_ACTIONS)[number];

export interface SupportAction {
  /** The operator's e-mail (a failed sign-in: the e-mail typed; bin/ctl: `bin/ctl` and the user). */
  operator: string;
  action: SupportActionName;
  /** The delivery, subscription, operator (id, or e-mail when none) or address acted on; for a decode, the workflow (or namespace:<ns>). */
  targetId: string;
  tenantId: string | null;
  /** What came of it: ids made, counts; never customer text. */
  detail: Record<string, unknown>;
}

export interface RecordedSupportAction extends SupportAction {
  id: string;
  createdAt: Date;
}

/** Records an action in the caller's transaction: the action and its record commit together or not at all. */
export async function recordSupportAction(em: Em, a: SupportAction, now: Date): Promise<void> {
  await em.execute(
    'insert into support_actions (id, operator, action, target_id, tenant_id, detail, created_at) values (?, ?, ?, ?, ?, ?::jsonb, ?)',
    [newId(), a.operator, a.action, a.targetId, a.tenantId, JSON.stringify(a.detail), now.toISOString()],
    'run',
  );
}

interface ActionRow { id: string; operator: string; action: SupportActionName; target_id: string; tenant_id: string | null; detail: Record<string, unknown>; created_at: string | Date }

/** The newest actions, of everything or of one target (a delivery, a subscription). */
export async function recentSupportActions(em: Em, o: { targetIds?: readonly string[]; limit: number }): Promise<RecordedSupportAction[]> {
  const rows = o.targetIds
    ? await em.execute<ActionRow[]>('select * from support_actions where target_id = any(?::text[]) order by created_at desc, id desc limit ?', [`{${o.targetIds.join(',')}}`, o.limit])
    : await em.execute<ActionRow[]>('select * from support_actions order by created_at desc, id desc limit ?', [o.limit]);
  return rows.map(recorded);
}

const recorded = (r: ActionRow): RecordedSupportAction => ({
  id: r.id, operator: r.operator, action: r.action, targetId: r.target_id, tenantId: r.tenant_id, detail: r.detail, createdAt: new Date(r.created_at),
});

/** The action that made a replay: a `delivery.replay` naming it, or the recovery page (`webhook.recover.page`) that lists it; null when none did. */
export async function replayOrigin(em: Em, replayId: string): Promise<RecordedSupportAction | null> {
  const rows = await em.execute<ActionRow[]>(
    `select * from support_actions
      where (action = 'delivery.replay' and detail->>'replay_id' = ?) or (action = 'webhook.recover.page' and detail->'replay_ids' @> jsonb_build_array(?::text))
      order by created_at desc, id desc limit 1`,
    [replayId, replayId],
  );
  return rows.map(recorded)[0] ?? null;
}
