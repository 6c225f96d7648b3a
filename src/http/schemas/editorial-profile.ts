import Joi from 'joi';
import { EDITORIAL_LIMITS } from '../../domain/articles/editorial-profile.js';
import { ARTICLE_LOCALES } from '../../entities/article.js';

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

/** The editorial profile as a caller sends it: PUT /editorial-profile's body, and what bin/ctl editorial-profile set validates. */
export const EditorialProfileUpdateSchema = Joi.object({ ...profileFields, niche: profileFields.niche.required() })
  .meta({ ref: 'EditorialProfileUpdate' }).description('The whole profile: a field not sent becomes empty.');
