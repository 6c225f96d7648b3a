import type { Disclosure } from '../../domain/disclosures/disclosure-log.js';

/** What every conversation route shares: its release family and the migration of its tables. */
export const CONVERSATIONS_MIGRATION = 'Migration20261122000500Conversations' as const;
export const conversationFamily = { family: 'conversations', migration: CONVERSATIONS_MIGRATION, pii: true } as const;

export interface IdParams {
  id: string;
}

/** Records what an answer discloses; an empty page discloses nothing. */
export function discloseAll(disclose: (d: Disclosure) => void, resourceType: 'conversation' | 'message', items: readonly unknown[]): void {
  const resourceIds = items.map((i) => (i as { id: string }).id);
  if (resourceIds.length) disclose({ resourceType, resourceIds });
}
