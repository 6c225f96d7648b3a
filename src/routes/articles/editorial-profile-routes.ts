import Joi from 'joi';
import { defineRoute } from '../../http/route.js';
import { IsoDate } from '../../http/schemas/common.js';
import { requireEditorialProfile, setEditorialProfile, type EditorialProfileInput } from '../../domain/articles/editorial-profile.js';
import { ARTICLE_LOCALES } from '../../entities/article.js';
import { EditorialProfileUpdateSchema } from '../../http/schemas/editorial-profile.js';
import { presentEditorialProfile } from '../../presenters/editorial-profile.js';
import { articleFamily } from './family.js';

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
