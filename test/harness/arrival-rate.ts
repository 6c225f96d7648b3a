import { randomUUID } from 'node:crypto';
import type { DeliveryHarness } from './delivery-harness.js';
import type { Caller } from './fixtures.js';
import type { ReceivedRequest } from './receiver.js';
import { EVENTS } from '../../src/domain/events/catalogue.js';
import { recordEvent } from '../../src/domain/events/outbox.js';
import { wakeRelay } from '../../src/domain/events/outbox-wakeup.js';

/**
 * A backlog for a subscription with max_per_second, and what its receiver counted: the
 * integration test (webhook-delivery-rate.test.ts) and the benchmark (test/bench/webhook-rate.bench.test.ts).
 */

/** The most requests that arrived within any span shorter than a second (arrival times in ms). */
export function mostInAnySecond(times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let first = 0, last = 0; last < sorted.length; last++) {
    while (sorted[last]! - sorted[first]! >= 1000) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

/**
 * `leads` x `perLead` lead.updated events committed at once (as after a pause or a recovery),
 * each lead's versions 1..perLead in order, then `unkeyed` crm.mode_changed events (no key:
 * they all ask for start slots at once), and the relay woken. Answers the lead ids.
 */
export async function raiseBacklog(h: DeliveryHarness, caller: Caller, leads: number, perLead: number, unkeyed = 0): Promise<string[]> {
  const ids = Array.from({ length: leads }, () => randomUUID());
  await h.services.orm.em.fork().transactional(async (em) => {
    const now = new Date();
    for (let version = 1; version <= perLead; version++) {
      for (const lead of ids) {
        recordEvent(em, {
          tenantId: caller.tenantId, integrationId: caller.integrationId, type: 'lead.updated',
          ...EVENTS['lead.updated']({ lead_id: lead, contact_id: null, conversation_id: null, version, changed_fields: ['status'] }),
        }, now);
      }
    }
    for (let i = 0; i < unkeyed; i++) {
      recordEvent(em, {
        tenantId: caller.tenantId, integrationId: caller.integrationId, type: 'crm.mode_changed',
        ...EVENTS['crm.mode_changed']({ crm_mode: 'builtin', previous_crm_mode: 'external' }),
      }, now);
    }
  });
  await wakeRelay(h.services.redis);
  return ids;
}

export interface ArrivalCount {
  /** Distinct events received. */
  events: number;
  requests: number;
  mostInAnySecond: number;
  /** First to last arrival. */
  spanMs: number;
  /** Leads whose versions did not arrive as 1..perLead (an attempt repeated right after itself is one). */
  outOfOrder: string[];
}

/** What the receiver counted of a backlog raiseBacklog made (the order of the leads' events; the rate of all). */
export function countArrivals(requests: readonly ReceivedRequest[], leads: readonly string[], perLead: number): ArrivalCount {
  const times = requests.map((r) => r.receivedAt);
  const data = requests.map((r) => JSON.parse(r.rawBody.toString('utf8')).data as { lead_id: string; version: number });
  const inOrder = Array.from({ length: perLead }, (_, i) => i + 1).join(',');
  const versionsOf = (lead: string) => data.filter((d) => d.lead_id === lead).map((d) => d.version).filter((v, i, all) => i === 0 || v !== all[i - 1]);
  return {
    events: new Set(requests.map((r) => r.eventId)).size,
    requests: requests.length,
    mostInAnySecond: mostInAnySecond(times),
    spanMs: times.length ? Math.max(...times) - Math.min(...times) : 0,
    outOfOrder: leads.filter((lead) => versionsOf(lead).join(',') !== inOrder),
  };
}
