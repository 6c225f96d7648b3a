import type { WebhookSettings } from '../../config/webhooks.js';
import type { FieldError } from '../../errors/domain-error.js';
import type { Scope } from '../access/scopes.js';
import { familyOf, isKnownEventPattern, isPiiCapable } from '../events/catalogue.js';
import { ambiguityOf, checkSubscriberUrl, resolveSubscriberHost, UrlRefused } from './resolver.js';

/**
 * The rules a subscription must keep (spec 01, Webhook subscriptions 1 and 2), each answering
 * the FieldErrors it finds, so one validation_failed can name every field at fault.
 */

/**
 * A subscriber URL: https, port 443, a host name, no credentials, written so that every URL
 * parser finds the same host (ambiguityOf), and a name that resolves only to reachable addresses.
 */
export async function urlErrors(text: string, settings: Pick<WebhookSettings, 'resolve' | 'allowPrivateNetworks'>): Promise<FieldError[]> {
  if (!URL.canParse(text)) return [{ field: '/url', code: 'invalid_format', message: 'not a valid URL' }];
  const ambiguity = ambiguityOf(text);
  if (ambiguity) return [{ field: '/url', code: 'not_allowed', message: ambiguity }];
  try {
    const url = checkSubscriberUrl(text);
    await resolveSubscriberHost(url.hostname, settings);
    return [];
  } catch (err) {
    if (!(err instanceof UrlRefused)) throw err;
    return [{ field: '/url', code: 'not_allowed', message: err.message }];
  }
}

/** What is stored of a URL urlErrors took: the WHATWG href it checked (lowercase host, no :443, a path of at least /). */
export function storedUrl(text: string): string {
  return checkSubscriberUrl(text).href;
}

/** Each entry an event type of the catalogue or `<family>.*` of a known family. */
export function eventErrors(events: readonly string[]): FieldError[] {
  return events.flatMap((e, i) => (isKnownEventPattern(e) ? [] : [{
    field: `/events/${i}`, code: 'not_supported', message: `${e} is not a known event type or <family>.* of a known family`,
  }]));
}

/** include_pii only when every entry is a lead.*, contact.* or conversation.* type (a family pattern counts). */
export function piiEventErrors(events: readonly string[]): FieldError[] {
  const others = events.filter((e) => !isPiiCapable(e));
  if (!others.length) return [];
  return [{
    field: '/include_pii', code: 'not_allowed',
    message: `include_pii is allowed only when every event is a lead.*, contact.* or conversation.* type; not: ${others.join(', ')}`,
  }];
}

/** Scopes an integration needs to receive personal data with these events: leads:read, and conversations:read for conversation events. */
export function scopesForPii(events: readonly string[]): Scope[] {
  const scopes: Scope[] = ['leads:read'];
  if (events.some((e) => familyOf(e) === 'conversation')) scopes.push('conversations:read');
  return scopes;
}

