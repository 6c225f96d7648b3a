import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** Spec 02 article statuses; handed_off is answered only where the hand-off answers (src/routes/articles/handoff.ts). */
export const ARTICLE_STATUSES = ['draft', 'review', 'approved', 'published', 'rejected', 'transferred', 'external', 'handed_off'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

export const ARTICLE_LOCALES = ['ru', 'en', 'id'] as const;

/** An article of a tenant (spec 02, Article). The body is kept as sanitized HTML. */
export const Article = defineEntity({
  name: 'Article',
  tableName: 'articles',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    title: p.text(),
    slug: p.text().nullable(),
    status: p.enum(ARTICLE_STATUSES),
    locale: p.text().nullable(),
    keyword: p.text().nullable(),
    metaTitle: p.text().nullable(),
    metaDescription: p.text().nullable(),
    coverImageUrl: p.text().nullable(),
    wordCount: p.integer(),
    /** Sanitized HTML; null = no body (transferred to the platform blog). */
    contentHtml: p.text().nullable(),
    createdAt: p.datetime().nullable(),
    updatedAt: p.datetime().nullable(),
    publishedAt: p.datetime().nullable(),
    /** updated_at, or the year 1 for an undated article: the key of the list order (a generated column). */
    listedAt: p.datetime().generated("(coalesce(updated_at, '0001-01-01 00:00:00+00'::timestamptz)) stored").nullable(),
  },
});
export type Article = InferEntity<typeof Article>;

export const PUBLICATION_STATES = ['queued', 'applied', 'skipped', 'conflict', 'failed'] as const;
export type PublicationState = (typeof PUBLICATION_STATES)[number];
export const PUBLICATION_TARGETS = ['connector', 'none'] as const;
export type PublicationTarget = (typeof PUBLICATION_TARGETS)[number];
export const PUBLISH_MODES = ['draft', 'publish'] as const;
export type PublishMode = (typeof PUBLISH_MODES)[number];

/** One job version of an article's publication; the content hash keys the version. */
export const Publication = defineEntity({
  name: 'Publication',
  tableName: 'publications',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    articleId: p.uuid(),
    version: p.integer(),
    contentHash: p.text(),
    target: p.enum(PUBLICATION_TARGETS),
    siteId: p.uuid().nullable(),
    publishMode: p.enum(PUBLISH_MODES).nullable(),
    state: p.enum(PUBLICATION_STATES),
    publishedUrl: p.text().nullable(),
    /** Reason of a conflict or a failure, at most 200 characters. */
    error: p.text().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type Publication = InferEntity<typeof Publication>;

/** A tenant's site bound for publication through its site module (authenticated by the site token). */
export const Site = defineEntity({
  name: 'Site',
  tableName: 'sites',
  properties: {
    id: p.uuid().primary(),
    tenantId: p.uuid(),
    url: p.text(),
    /** The owner's ceiling: every job to this site is a draft. */
    draftsOnly: p.boolean(),
    tokenHash: p.text(),
    lastHeartbeatAt: p.datetime().nullable(),
    createdAt: p.datetime(),
  },
});
export type Site = InferEntity<typeof Site>;

/** A tenant's editorial profile (spec 02): the precondition of article generation. */
export const EditorialProfile = defineEntity({
  name: 'EditorialProfile',
  tableName: 'editorial_profiles',
  properties: {
    tenantId: p.uuid().primary(),
    niche: p.text(),
    audience: p.text().nullable(),
    tone: p.text().nullable(),
    presentation: p.text().nullable(),
    topicSources: p.json<string[]>(),
    sourceUrls: p.json<string[]>(),
    avoid: p.text().nullable(),
    exampleText: p.text().nullable(),
    locale: p.text().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export type EditorialProfile = InferEntity<typeof EditorialProfile>;
