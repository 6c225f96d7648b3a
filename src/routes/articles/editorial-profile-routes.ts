import Joi from 'joi';
import { defineRoute } from '../../http/route.js';
import { IsoDate } from '../../http/schemas/common.js';
import { EDITORIAL_LIMITS, requireEditorialProfile, setEditorialProfile, type EditorialProfileInput } from '../../domain/articles/editorial-profile.js';
import type { EditorialProfile } from '../../entities/article.js';
import { ARTICLE_LOCALES } from '../../entities/article.js';
import { articleFamily } from './family.js';

const text = () => Joi.string().max(EDITORIAL_LIMITS.text).allow(null);

const profileFields = {
  niche: Joi.string().max(EDITORIAL_LIMITS.text).pattern(/\S/, 'non-blank text').description('What the account writes about; required.'),
  audience: text(),
  tone: text(),
  presentation: text().description('How articles are laid out (lists, tables, length).'),
  topic_sources: Joi.array().items(Joi.string().max(200)).max(EDITORIAL_LIMITS.list).description('Where topics come from (e.g. search queries, the catalogue).'),
  source_urls: Joi.array().items(Joi.string().max(EDITORIAL_LIMITS.url).uri({ scheme: ['https', 'http'] })).max(EDITORIAL_LIMITS.list),
  avoid: text().description('What articles must not say or mention.'),
  example_text: Joi.string().max(EDITORIAL_LIMITS.exampleText).allow(null).description('A sample of the wanted style.'),
  locale: Joi.string().valid(...ARTICLE_LOCALES, null),
};

export const EditorialProfileUpdateSchema = Joi.object({ ...profileFields, niche: profileFields.niche.required() })
  .meta({ ref: 'EditorialProfileUpdate' }).description('The whole profile: a field not sent becomes empty.');

export const EditorialProfileSchema = Joi.object({
  niche: Joi.string().required(),
  audience: Joi.string().allow(null).required(),
  tone: Joi.string().allow(null).required(),
  presentation: Joi.string().allow(null).required(),
  topic_sources: Joi.array().items(Joi.string()).required(),
  source_urls: Joi.array().items(Joi.string()).required(),
  avoid: Joi.string().allow(null).required(),
  example_text: Joi.string().allow(null).required(),
  locale: Joi.string().allow(null).required().description(`${ARTICLE_LOCALES.join(', ')}.`),
  updated_at: IsoDate.required(),
  livemode: Joi.boolean().required().description('false for a sandbox\'s profile (a test key), true live.'),
}).meta({ ref: 'EditorialProfile' });

/** The account's one profile: it has no id, so the pipeline does not stamp it; it says its livemode itself, like every other answer. */
export function presentEditorialProfile(p: EditorialProfile, livemode: boolean) {
  return {
    niche: p.niche, audience: p.audience ?? null, tone: p.tone ?? null, presentation: p.presentation ?? null, topic_sources: p.topicSources,
    source_urls: p.sourceUrls, avoid: p.avoid ?? null, example_text: p.exampleText ?? null, locale: p.locale ?? null, updated_at: p.updatedAt.toISOString(), livemode,
  };
}

export const getEditorialProfileRoute = defineRoute({
  ...articleFamily, release: 'beta', method: 'GET', path: '/editorial-profile', scope: 'articles:read', rateClass: 'read',
  summary: "The account's editorial profile (the precondition of article generation)",
  description: '404 not_found until one is set.',
  responses: { 200: { description: 'EditorialProfile', schema: EditorialProfileSchema } },
  errors: ['not_found'],
  handler: async ({ auth, em }) => ({ status: 200, body: presentEditorialProfile(await requireEditorialProfile(em, auth.tenant.id), auth.tenant.livemode) }),
});

export const putEditorialProfileRoute = defineRoute<unknown, unknown, EditorialProfileInput>({
  ...articleFamily, release: 'beta', method: 'PUT', path: '/editorial-profile', scope: 'articles:write', rateClass: 'write',
  summary: 'Set the editorial profile',
  description: 'Replaces the whole profile; niche is required.',
  body: EditorialProfileUpdateSchema,
  responses: { 200: { description: 'EditorialProfile', schema: EditorialProfileSchema } },
  errors: ['validation_failed'],
  handler: async ({ body, auth, em, services }) => ({ status: 200, body: presentEditorialProfile(await setEditorialProfile(em, auth.tenant.id, body, services.clock.now()), auth.tenant.livemode) }),
});
