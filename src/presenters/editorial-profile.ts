import type { EditorialProfile } from '../entities/article.js';

/**
 * The account's one profile (GET and PUT /editorial-profile, bin/ctl editorial-profile set): it
 * has no id, so the pipeline does not stamp it; it says its livemode itself, like every other answer.
 */
export function presentEditorialProfile(p: EditorialProfile, livemode: boolean) {
  return {
    niche: p.niche, audience: p.audience ?? null, tone: p.tone ?? null, presentation: p.presentation ?? null, topic_sources: p.topicSources,
    source_urls: p.sourceUrls, avoid: p.avoid ?? null, example_text: p.exampleText ?? null, locale: p.locale ?? null, updated_at: p.updatedAt.toISOString(), livemode,
  };
}
