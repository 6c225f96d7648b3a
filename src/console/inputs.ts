import { DELIVERY_STATES, type DeliveryState } from '../entities/webhook.js';
import type { SupportDeliveryFilters } from '../domain/support/lookup.js';
import { Refusal } from './answers.js';

/** What the console's forms and filters send, read strictly: a value it cannot read is a 400 page. */

/** A datetime-local value (YYYY-MM-DDTHH:MM[:SS]) read as UTC; null when empty. */
export function utcInput(label: string, text: string): Date | null {
  if (text === '') return null;
  const at = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text) ? new Date(`${text}Z`) : null;
  if (!at || Number.isNaN(at.getTime()) || at.toISOString().slice(0, text.length) !== text) {
    throw new Refusal(400, `“${label}” is a date and time such as 2026-11-21T09:30 (UTC).`);
  }
  return at;
}

/** A time as a datetime-local value, in UTC to the minute (or to the second: 19). */
export function localInput(d: Date, length = 16): string {
  return d.toISOString().slice(0, length);
}

const EVENT_TYPE = /^[a-z_]+(\.[a-z_]+){1,3}$/;

/** A delivery list's filters from the page's query: state, event type, a time range. */
export function deliveryFilters(query: URLSearchParams): SupportDeliveryFilters & { raw: Record<string, string> } {
  const raw: Record<string, string> = {};
  for (const key of ['state', 'event_type', 'since', 'until']) {
    const value = query.get(key);
    if (value) raw[key] = value.slice(0, 64);
  }
  if (raw.state && !(DELIVERY_STATES as readonly string[]).includes(raw.state)) throw new Refusal(400, `The state is one of ${DELIVERY_STATES.join(', ')}.`);
  if (raw.event_type && !EVENT_TYPE.test(raw.event_type)) throw new Refusal(400, 'The event type reads like lead.created.');
  return {
    raw,
    state: raw.state as DeliveryState | undefined,
    eventType: raw.event_type,
    since: utcInput('from', raw.since ?? '') ?? undefined,
    until: utcInput('to', raw.until ?? '') ?? undefined,
  };
}
