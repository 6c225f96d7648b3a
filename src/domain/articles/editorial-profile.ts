import type { Em } from '../../db/em.js';
import { EditorialProfile } from '../../entities/article.js';
import { domainError } from '../../errors/domain-error.js';

/** The editorial profile as set (PUT /editorial-profile, bin/ctl editorial-profile set): niche required, the rest optional. */
export interface EditorialProfileInput {
  niche: string;
  audience?: string | null;
  tone?: string | null;
  presentation?: string | null;
  topic_sources?: string[];
  source_urls?: string[];
  avoid?: string | null;
  example_text?: string | null;
  locale?: string | null;
}

export const EDITORIAL_LIMITS = { text: 2000, exampleText: 10000, list: 20, url: 2048 } as const;

export function findEditorialProfile(em: Em, tenantId: string): Promise<EditorialProfile | null> {
  return em.findOne(EditorialProfile, { tenantId });
}

/** The profile, else not_found (none set yet). */
export async function requireEditorialProfile(em: Em, tenantId: string): Promise<EditorialProfile> {
  const profile = await findEditorialProfile(em, tenantId);
  if (!profile) throw domainError('not_found', 'No editorial profile is set yet: PUT /editorial-profile sets one.');
  return profile;
}

/** Sets the whole profile (a field not sent becomes empty). */
export async function setEditorialProfile(em: Em, tenantId: string, input: EditorialProfileInput, now: Date): Promise<EditorialProfile> {
  const fields = {
    niche: input.niche, audience: input.audience ?? null, tone: input.tone ?? null, presentation: input.presentation ?? null,
    topicSources: input.topic_sources ?? [], sourceUrls: input.source_urls ?? [], avoid: input.avoid ?? null,
    exampleText: input.example_text ?? null, locale: input.locale ?? null, updatedAt: now,
  };
  const existing = await em.findOne(EditorialProfile, { tenantId });
  const profile = existing ? Object.assign(existing, fields) : em.create(EditorialProfile, { tenantId, ...fields, createdAt: now });
  await em.flush();
  return profile;
}
