import { familyOf, isPiiCapable } from '../events/catalogue.js';

export interface StoredEvent {
  id: string;
  type: string;
  apiVersion: string;
  createdAt: Date;
  livemode: boolean;
  data: Record<string, unknown>;
  piiData: Record<string, unknown> | null;
}

export interface DeliveryBody {
  /** The exact text signed and sent. */
  body: string;
  /** True when the body carries personal data (include_pii, a lead/contact/conversation event with content). */
  carriesPii: boolean;
}

/** Whether this event's body to this subscription carries personal data. */
export function bodyCarriesPii(event: Pick<StoredEvent, 'type' | 'piiData'>, includePii: boolean): boolean {
  return includePii && isPiiCapable(event.type) && event.piiData !== null && Object.keys(event.piiData).length > 0;
}

/**
 * The envelope of spec 01 (id, type, api_version, created_at, livemode, data). For an
 * include_pii subscription the content of a lead.*, contact.* or conversation.* event is
 * added to `data`; every other event stays thin whatever the subscription says.
 */
export function deliveryBody(event: StoredEvent, includePii: boolean): DeliveryBody {
  const carriesPii = bodyCarriesPii(event, includePii);
  const data = carriesPii ? { ...event.data, ...event.piiData } : event.data;
  const envelope = {
    id: event.id,
    type: event.type,
    api_version: event.apiVersion,
    created_at: event.createdAt.toISOString(),
    livemode: event.livemode,
    data,
  };
  return { body: JSON.stringify(envelope), carriesPii };
}

/** What a PII delivery discloses, for the disclosure log: the family and the resource ids in the event. */
export function disclosedResources(event: Pick<StoredEvent, 'type' | 'data'>): { resourceType: string; resourceIds: string[] } {
  const ids = ['lead_id', 'contact_id', 'conversation_id']
    .map((field) => event.data[field])
    .filter((v): v is string => typeof v === 'string');
  return { resourceType: familyOf(event.type), resourceIds: [...new Set(ids)] };
}
