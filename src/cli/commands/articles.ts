import { UsageError } from '../args.js';
import { findTenant } from '../../domain/provisioning/tenants.js';
import { isSandbox } from '../../domain/sandbox/shadows.js';
import { createArticle } from '../../domain/articles/articles.js';
import { bindSite, listSites, showSite } from '../../domain/articles/sites.js';
import { setEditorialProfile, type EditorialProfileInput } from '../../domain/articles/editorial-profile.js';
import { EditorialProfileUpdateSchema } from '../../http/schemas/editorial-profile.js';
import { presentEditorialProfile } from '../../presenters/editorial-profile.js';
import { ARTICLE_LOCALES, ARTICLE_STATUSES, type ArticleStatus } from '../../entities/article.js';
import type { CommandGroup } from './command.js';

/** Sites (where the site module publishes), the editorial profile, articles. */

export const articles: CommandGroup = {
  usage: `  site bind --tenant ID --url https://HOST [--drafts-only]   (prints the site id and, once, its token)
  site list --tenant ID
  site show --site ID
      (a site's address, whether its module beat within 2 hours, its queued jobs; never its token)
  editorial-profile set --tenant ID --niche N [--audience A] [--tone T] [--presentation P] [--topic-sources a,b] [--source-urls u1,u2] [--avoid A] [--example-text T] [--locale ru|en|id]
  article create --tenant ID --title T [--status S] [--slug S] [--locale ru|en|id] [--keyword K] [--content HTML]`,
  commands: {
    'site bind': async (s, em, f) => {
      const tenantId = (await findTenant(em, f.required('tenant'))).id;
      const url = f.required('url');
      const draftsOnly = f.switch('drafts-only');
      f.done();
      if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) throw new UsageError('--url is an http(s):// address');
      return { ...(await bindSite(em, { tenantId, url, draftsOnly }, s.config.secrets.apiKeyPepper, s.clock.now())) };
    },
    'site list': async (s, em, f) => {
      const tenantId = (await findTenant(em, f.required('tenant'))).id;
      f.done();
      return { tenant_id: tenantId, sites: await listSites(em, tenantId, s.clock.now()) };
    },
    'site show': async (s, em, f) => {
      const id = f.required('site');
      f.done();
      return { ...await showSite(em, id, s.clock.now()) };
    },
    'editorial-profile set': async (s, em, f) => {
      const tenantId = (await findTenant(em, f.required('tenant'))).id;
      const list = (name: string) => f.optional(name)?.split(',').map((v) => v.trim()).filter(Boolean);
      const given = {
        niche: f.required('niche'), audience: f.optional('audience'), tone: f.optional('tone'), presentation: f.optional('presentation'),
        topic_sources: list('topic-sources'), source_urls: list('source-urls'), avoid: f.optional('avoid'), example_text: f.optional('example-text'),
        locale: f.optional('locale'),
      };
      f.done();
      const { value, error } = EditorialProfileUpdateSchema.validate(JSON.parse(JSON.stringify(given)) as unknown, { abortEarly: false });
      if (error) throw new UsageError(error.details.map((d) => d.message).join('; '));
      return presentEditorialProfile(await setEditorialProfile(em, tenantId, value as EditorialProfileInput, s.clock.now()), !await isSandbox(em, tenantId));
    },
    'article create': async (s, em, f) => {
      const tenantId = (await findTenant(em, f.required('tenant'))).id;
      const status = f.optional('status') ?? 'draft';
      const input = {
        title: f.required('title'), slug: f.optional('slug'), locale: f.optional('locale'), keyword: f.optional('keyword'), content: f.optional('content'),
      };
      f.done();
      if (!(ARTICLE_STATUSES as readonly string[]).includes(status)) throw new UsageError(`--status is one of ${ARTICLE_STATUSES.join(', ')}`);
      if (input.locale !== undefined && !(ARTICLE_LOCALES as readonly string[]).includes(input.locale)) throw new UsageError(`--locale is one of ${ARTICLE_LOCALES.join(', ')}`);
      const article = await createArticle(em, tenantId, { ...input, status: status as ArticleStatus }, s.clock.now());
      return { id: article.id, status: article.status, slug: article.slug, word_count: article.wordCount };
    },
  },
};
