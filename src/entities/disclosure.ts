import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** One disclosure of personal data: which resources went to which integration, and how. */
export interface Disclosure {
  resourceType: string;
  resourceIds: string[];
}

/** One disclosure of personal data to an integration (an API read or a PII webhook delivery). */
export const DisclosureLogEntry = defineEntity({
  name: 'DisclosureLogEntry',
  tableName: 'disclosure_log',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    integrationId: p.uuid(),
    keyId: p.text().nullable(),
    channel: p.text(),
    requestId: p.text().nullable(),
    route: p.text(),
    resourceType: p.text(),
    resourceIds: p.array(),
    recipientCountry: p.text().nullable(),
    occurredAt: p.datetime(),
  },
});
export type DisclosureLogEntry = InferEntity<typeof DisclosureLogEntry>;

/** The register of standing permissions to disclose (for example a webhook with include_pii). */
export const DisclosureRegisterEntry = defineEntity({
  name: 'DisclosureRegisterEntry',
  tableName: 'disclosure_register',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    integrationId: p.uuid(),
    subjectType: p.text(),
    subjectId: p.text(),
    action: p.text(),
    transferBasis: p.text().nullable(),
    recipientCountry: p.text().nullable(),
    createdAt: p.datetime(),
  },
});
export type DisclosureRegisterEntry = InferEntity<typeof DisclosureRegisterEntry>;
