import Joi from 'joi';
import { OVERVIEW_BLOCKS } from '../../domain/dashboards/blocks.js';
import { AVAILABILITY, DATE, DataAsOfSchema, PeriodSchema, periodParams } from '../analytics/read-schemas.js';

/** Wire shapes of GET /dashboards/overview and GET /dashboards/pulse. */

export const OverviewQuery = Joi.object({
  ...periodParams,
  blocks: Joi.string().max(500).description(`Comma-separated subset of ${OVERVIEW_BLOCKS.join(', ')}; all by default. An unknown name is 422 at /blocks.`),
});

const blockKeys = {
  availability: Joi.string().valid(...AVAILABILITY).required()
    .description('ok; no_data: the source exists, nothing in the period; no_source: nothing was ever sent; not_connected: the module that feeds it is not there.'),
  reason: Joi.string().description('Why the block is not ok.'),
  data_as_of: DataAsOfSchema.required(),
};

export const OverviewBlockSchema = Joi.object(blockKeys).unknown(true).meta({ ref: 'OverviewBlock' })
  .description('availability, reason, data_as_of, and the figures of the block (see the route description).');

const nullableCount = () => Joi.number().integer().min(0).allow(null).required();

export const SitemapHealthSiteSchema = Joi.object({
  site_id: Joi.string().uuid().required(),
  url: Joi.string().required().description('The bound site\'s address.'),
  state: Joi.string().valid('ok', 'warning', 'error', 'checking').required()
    .description('ok: every published article of the site is in its sitemap; warning: some are not, or part of the sitemap was not read '
      + '(truncated); error: the sitemap could not be read (see error); checking: the first read is still running.'),
  sitemap_url: Joi.string().allow(null).required().description('The sitemap read: the first Sitemap: line of the site\'s robots.txt, else /sitemap.xml (after redirects).'),
  declared: Joi.boolean().allow(null).required().description('true when robots.txt declared the sitemap.'),
  fetched_at: Joi.string().isoDate().allow(null).required().description('When the figures were read; null while checking.'),
  url_count: nullableCount().description('<url> entries of the sitemap (of its sitemaps, for an index).'),
  sitemaps_read: nullableCount().description('Documents read: the sitemap, and the sitemaps of an index (one level, at most 20).'),
  truncated: Joi.boolean().required().description('Part of the sitemap was not read (over 50,000 URLs, over 20 sitemaps, a nested index, a failing sitemap of the index, the time limit).'),
  warnings: Joi.array().items(Joi.string()).max(5).required().description('What was not read, and why.'),
  articles_checked: nullableCount().description('Published articles whose public address is on this site, judged against the sitemap.'),
  articles_missing: nullableCount().description('Of them, those the sitemap does not list.'),
  missing_articles: Joi.array().items(Joi.object({
    id: Joi.string().uuid().required(), title: Joi.string().required(), published_url: Joi.string().required(),
  })).max(20).required().description('The first 20 missing articles, newest publication first.'),
  articles_unverified: nullableCount().description('Articles not met in a truncated sitemap: they may be in the part not read.'),
  error: Joi.object({
    code: Joi.string().valid('blocked_address', 'unreachable', 'timeout', 'http_error', 'not_xml', 'not_a_sitemap', 'too_big').required()
      .description('blocked_address: the address is in a class webhooks may not reach (not fetched); too_big: over 5 MB.'),
    message: Joi.string().required(),
  }).allow(null).required(),
}).meta({ ref: 'SitemapHealthSite' });

export const SitemapHealthBlockSchema = Joi.object({
  ...blockKeys,
  state: Joi.string().valid('ok', 'warning', 'error', 'checking', 'not_connected').required()
    .description('The worst state of the sites (error, warning, checking, ok); not_connected without a bound site.'),
  sites: Joi.array().items(SitemapHealthSiteSchema).max(5).required().description('The first 5 bound sites.'),
}).meta({ ref: 'SitemapHealthBlock' }).description('A bound site\'s sitemap read through the webhooks\' address rules, against the account\'s published articles.');

export const OverviewSchema = Joi.object({
  data: Joi.object({
    ...PeriodSchema,
    blocks: Joi.object(Object.fromEntries(OVERVIEW_BLOCKS.map((b) => [b, b === 'sitemap_health' ? SitemapHealthBlockSchema : OverviewBlockSchema]))).required().description('In screen order.'),
  }).required(),
}).meta({ ref: 'Overview' });

export const PulseQuery = Joi.object({ ...periodParams });

export const PulseAlertSchema = Joi.object({
  id: Joi.string().required().description('Stable for a keyword and a period length: pulse_<horizon>_<hash of the keyword>.'),
  topic_id: Joi.string().uuid().allow(null).required().description('The strategist topic proposed for this keyword (strategist_topic), or null when none is.'),
  topic_name: Joi.string().required().description('The linked topic\'s title, else the keyword.'),
  keyword: Joi.string().required(),
  horizon: Joi.string().pattern(/^\d+d$/).required().description('The period\'s length in days, as <days>d (30d by default): the same for every alert of an answer.'),
  status: Joi.string().valid('new', 'active', 'fading').required()
    .description('new: not seen in previous_period; active: growing or steady; fading: fewer than in previous_period.'),
  episode_start: Joi.string().pattern(DATE).required().description('First day seen in the period (in previous_period for a keyword the period no longer has).'),
  last_seen: Joi.string().pattern(DATE).required(),
  score: Joi.number().required().description('volume × (1 + growth, or 1 when new), to two places: what the list is sorted by.'),
  volume: Joi.number().integer().min(0).required().description('Searches on the site, search impressions and customer questions in chats, in the period [from, to].'),
  growth: Joi.number().allow(null).required().description('(volume - volume in previous_period) / that volume, to four places; null when new.'),
  sources: Joi.array().items(Joi.string().valid('chat_question', 'search_performance', 'site_search')).required()
    .description('Where the keyword was seen: chat_question is a customer message that ends with a question mark or starts with a question word (English or Russian), the keyword being the question itself (lower case, without the trailing mark).'),
  strategist_topic: Joi.object({
    id: Joi.string().uuid().required(),
    title: Joi.string().required(),
    status: Joi.string().valid('proposed', 'approved', 'generating', 'generated', 'expired').required(),
    source: Joi.string().required(),
  }).allow(null).required().description('The newest topic of the queue, neither rejected nor a duplicate, whose title is the keyword (case aside) or '
    + 'near-duplicates it (the queue\'s own rule); null when none is. Read it whole at GET /strategist/topics/{id} (strategist:read).'),
}).meta({ ref: 'PulseAlert' });

export const PulseSchema = Joi.object({
  data: Joi.object({
    period: Joi.object(PeriodSchema).required().description('The period the alerts are counted over.'),
    previous_period: Joi.object({ from: Joi.string().pattern(DATE).required(), to: Joi.string().pattern(DATE).required() }).required()
      .description('What the period is compared with: the same number of days just before it (to is the day before period.from), in the same time zone.'),
    new_7d: Joi.number().integer().min(0).required().description('Alerts with status new whose episode_start is in the last 7 days of the period.'),
    truncated: Joi.boolean().required().description('true when the list was cut at 50 alerts.'),
    alerts: Joi.array().items(PulseAlertSchema).required(),
    data_as_of: DataAsOfSchema.required(),
  }).required(),
}).meta({ ref: 'Pulse' });
