/**
 * The rollup queries of the daily snapshot (decisions: "Analytics: metric definitions"). Each
 * one yields (day, metric, dimension, value) for the days in `$days` (a date[]), with the
 * day taken in the tenant's zone. Every query takes the same parameters, in order:
 * tenant id, zone, lower bound, upper bound (timestamptz, the days' span), days (date[]),
 * and the cell currency's units per rouble.
 */

/** The local day of a timestamp column `c`. */
const day = (c: string) => `(${c} at time zone p.zone)::date`;
/** Rows of `c` inside the span and on one of the days. */
const within = (c: string) => `${c} >= p.lo and ${c} < p.hi and ${day(c)} = any(p.days)`;

/** The question mark, spelled so that no query text holds one (the driver reads every ? as a parameter). */
const QM = `' || chr(63) || '`;

/** A referrer's host without www. */
const host = (url: string) => `nullif(regexp_replace(lower(substring(${url} from '^[a-zA-Z][a-zA-Z0-9+.-]*://([^/:${QM}#]+)')), '^www\\.', ''), '')`;

/**
 * Traffic source as "source / medium" (Plausible's and GA's channel key): utm_source and
 * utm_medium when tagged, else the referrer's host / referral, else (direct) / (none).
 */
export const trafficSource = (props: string) => `case
  when nullif(${props}->>'utm_source', '') is not null
    then lower(${props}->>'utm_source') || ' / ' || coalesce(nullif(lower(${props}->>'utm_medium'), ''), '(none)')
  when ${host(`${props}->>'referrer'`)} is not null then ${host(`${props}->>'referrer'`)} || ' / referral'
  else '(direct) / (none)' end`;

/** The path of a page address (no query or fragment): what popular pages group by. */
const pagePath = (url: string) => `coalesce(nullif(substring(${url} from '^[a-zA-Z][a-zA-Z0-9+.-]*://[^/${QM}#]*([^${QM}#]*)'), ''), '/')`;

/** Words a question starts with, English and Russian (decisions: "Analytics: customer questions"). */
const QUESTION_WORDS = [
  'what', 'how', 'why', 'when', 'where', 'which', 'who', 'whose', 'can', 'could', 'do', 'does', 'did', 'is', 'are', 'will', 'would', 'should',
  'что', 'как', 'какой', 'какая', 'какое', 'какие', 'каких', 'почему', 'зачем', 'когда', 'где', 'куда', 'откуда', 'сколько', 'кто', 'чей', 'можно', 'есть ли',
];


/** Is a message a question: it ends with a question mark, or starts with a question word. */
const isQuestion = (text: string) => `(right(rtrim(${text}), 1) = chr(63)
  or lower(btrim(${text})) ~ '^(${QUESTION_WORDS.join('|')})(\\s|[,.!:;]|$)')`;

/** A value in the cell currency of a stored Money (amounts are taken in the cell currency). */
const amount = (money: string) => `(${money}->>'amount')::numeric`;

/** Won leads' value in the cell currency (a lead valued in another currency goes through the rouble rates). */
const leadValue = `case when l.value_currency is null then 0
  when l.value_currency = p.currency then l.value_amount
  else l.value_amount / nullif((select per_rub from fx_rates where currency = l.value_currency), 0) * p.per_rub end`;

const PARAMS = `p as (select ?::uuid as tenant, ?::text as zone, ?::timestamptz as lo, ?::timestamptz as hi, ?::date[] as days, ?::text as currency, ?::numeric as per_rub)`;

/** Raw events of the tenant on the days; dated types (ad_spend, search_performance) by their properties.date. */
const EVENTS = `e as (
  select ev.*, case when ev.type in ('ad_spend', 'search_performance') then (ev.properties->>'date')::date else ${day('ev.occurred_at')} end as d
    from analytics_events ev, p
   where ev.tenant_id = p.tenant and ev.occurred_at >= p.lo - interval '2 days' and ev.occurred_at < p.hi + interval '2 days'
)`;

/**
 * The visitors of a day (distinct visitor ids of its page views), in total and per traffic
 * source: the one rollup that is not a sum of its events' parts. Yields (day, dimension, visitor).
 */
export const VISITOR_SETS = `select distinct d, x.dimension, visitor_id from e, p,
    lateral (values (''), ('source:' || ${trafficSource('properties')})) x(dimension)
   where type = 'page_view' and visitor_id is not null and d = any(p.days)`;

/**
 * The rollups of events that are sums over them (counts and amounts): a batch of new events
 * adds its own to the day's (src/domain/analytics/live-rollups.ts), a rebuild counts them whole.
 */
export const ADDITIVE_EVENT_ROLLUPS: string[] = [
  // Web: page views by source and page (visitors: VISITOR_SETS).
  `select d, 'page_views', '', count(*) from e, p where type = 'page_view' and d = any(p.days) group by d`,
  `select d, 'page_views', 'source:' || ${trafficSource('properties')}, count(*) from e, p where type = 'page_view' and d = any(p.days) group by 1, 3`,
  `select d, 'page_views', 'page:' || ${pagePath(`properties->>'url'`)}, count(*) from e, p where type = 'page_view' and d = any(p.days) group by 1, 3`,
  // Site behaviour sent by the tenant.
  `select d, 'site_searches', '', count(*) from e, p where type = 'site_search' and d = any(p.days) group by d`,
  // Per query: CUSTOMER_TEXT below (the query is a visitor's words, redacted before it is rolled up).
  `select d, 'add_to_carts', '', count(*) from e, p where type = 'add_to_cart' and d = any(p.days) group by d`,
  `select d, 'purchases', '', count(*) from e, p where type = 'purchase' and d = any(p.days) group by d`,
  `select d, 'purchase_value', '', sum(${amount(`properties->'value'`)}) from e, p where type = 'purchase' and d = any(p.days) group by d`,
  `select d, 'signups', '', count(*) from e, p where type = 'signup' and d = any(p.days) group by d`,
  `select d, 'custom_events', 'name:' || (properties->>'name'), count(*) from e, p where type = 'custom' and d = any(p.days) group by 1, 3`,
  // Ads: spend and clicks per platform.
  `select d, 'ad_spend', '', sum(${amount(`properties->'cost'`)}) from e, p where type = 'ad_spend' and d = any(p.days) group by d`,
  `select d, 'ad_spend', 'source:' || lower(properties->>'source'), sum(${amount(`properties->'cost'`)}) from e, p where type = 'ad_spend' and d = any(p.days) group by 1, 3`,
  `select d, 'ad_clicks', '', sum(coalesce((properties->>'clicks')::numeric, 0)) from e, p where type = 'ad_spend' and d = any(p.days) group by d`,
  // Search visibility: impressions, clicks and impression-weighted position per keyword and page.
  ...(['impressions', 'clicks'] as const).flatMap((m) => [
    `select d, 'search_${m}', '', sum((properties->>'${m}')::numeric) from e, p where type = 'search_performance' and d = any(p.days) group by d`,
    `select d, 'search_${m}', 'keyword_page:' || jsonb_build_array(properties->>'keyword', properties->>'page')::text, sum((properties->>'${m}')::numeric)
       from e, p where type = 'search_performance' and d = any(p.days) group by 1, 3`,
  ]),
  `select d, 'search_position_x_impressions', 'keyword_page:' || jsonb_build_array(properties->>'keyword', properties->>'page')::text,
          sum((properties->>'position')::numeric * (properties->>'impressions')::numeric)
     from e, p where type = 'search_performance' and d = any(p.days) group by 1, 3`,
  // Sales closed outside the site.
  `select d, 'offline_conversions', '', count(*) from e, p where type = 'offline_conversion' and d = any(p.days) group by d`,
  `select d, 'offline_revenue', '', sum(${amount(`properties->'value'`)}) from e, p where type = 'offline_conversion' and d = any(p.days) group by d`,
];

/** The metrics built from the platform's own rows (not events): what a read of today rebuilds while the events' rollups are live. */
export const PLATFORM_METRICS = [
  'conversations', 'messages', 'ai_replies', 'ai_cost_rub', 'handoffs', 'leads', 'qualified_leads', 'won_leads', 'lost_leads', 'won_value', 'customer_questions',
] as const;

const PLATFORM_ROLLUPS: string[] = [
  // The platform's own rows: conversations and messages by channel and sender.
  `select ${day('c.created_at')}, 'conversations', '', count(*) from conversations c, p where c.tenant_id = p.tenant and ${within('c.created_at')} group by 1`,
  `select ${day('c.created_at')}, 'conversations', 'channel:' || c.channel_type, count(*) from conversations c, p
    where c.tenant_id = p.tenant and ${within('c.created_at')} group by 1, 3`,
  `select ${day('c.created_at')}, 'conversations', 'page:' || ${pagePath(`c.page->>'address'`)}, count(*) from conversations c, p
    where c.tenant_id = p.tenant and c.page->>'address' is not null and ${within('c.created_at')} group by 1, 3`,
  `select ${day('m.created_at')}, 'messages', 'sender:' || m.sender, count(*) from messages m, p
    where m.tenant_id = p.tenant and ${within('m.created_at')} group by 1, 3`,
  `select ${day('m.created_at')}, 'messages', 'channel:' || c.channel_type, count(*) from messages m join conversations c on c.id = m.conversation_id, p
    where m.tenant_id = p.tenant and ${within('m.created_at')} group by 1, 3`,
  // Customer questions in chats, per question asked (what pulse counts beside searches): CUSTOMER_TEXT below.
  // AI replies (succeeded operations), their cost in roubles (charges less refunds), hand-offs.
  `select ${day('o.completed_at')}, 'ai_replies', '', count(*) from operations o, p
    where o.tenant_id = p.tenant and o.type = 'conversation.ai_reply' and o.status = 'succeeded' and ${within('o.completed_at')} group by 1`,
  `select ${day('l.created_at')}, 'ai_cost_rub', '', sum(-l.amount_rub) from wallet_ledger l join operations o on o.id::text = l.operation_id, p
    where l.tenant_id = p.tenant and o.type = 'conversation.ai_reply' and l.kind in ('charge', 'refund') and ${within('l.created_at')} group by 1`,
  `select ${day('x.created_at')}, 'handoffs', '', count(*) from outbox_events x, p
    where x.tenant_id = p.tenant and x.type = 'conversation.handoff_requested' and ${within('x.created_at')} group by 1`,
  // Leads: opened (by channel and traffic source), qualified, won (with value), lost.
  `select ${day('l.created_at')}, 'leads', '', count(*) from leads l, p where l.tenant_id = p.tenant and ${within('l.created_at')} group by 1`,
  `select ${day('l.created_at')}, 'leads', 'channel:' || coalesce(l.source, '(none)'), count(*) from leads l, p
    where l.tenant_id = p.tenant and ${within('l.created_at')} group by 1, 3`,
  `select ${day('l.created_at')}, 'leads', 'source:' || ${trafficSource(`coalesce(l.attribution, '{}'::jsonb)`)}, count(*) from leads l, p
    where l.tenant_id = p.tenant and ${within('l.created_at')} group by 1, 3`,
  `select ${day('l.qualified_at')}, 'qualified_leads', '', count(*) from leads l, p where l.tenant_id = p.tenant and ${within('l.qualified_at')} group by 1`,
  `select ${day('l.won_at')}, 'won_leads', '', count(*) from leads l, p where l.tenant_id = p.tenant and l.status = 'won' and ${within('l.won_at')} group by 1`,
  `select ${day('l.won_at')}, 'won_leads', 'source:' || ${trafficSource(`coalesce(l.attribution, '{}'::jsonb)`)}, count(*) from leads l, p
    where l.tenant_id = p.tenant and l.status = 'won' and ${within('l.won_at')} group by 1, 3`,
  `select ${day('l.lost_at')}, 'lost_leads', '', count(*) from leads l, p where l.tenant_id = p.tenant and l.status = 'lost' and ${within('l.lost_at')} group by 1`,
  `select ${day('l.won_at')}, 'won_value', '', sum(${leadValue}) from leads l, p
    where l.tenant_id = p.tenant and l.status = 'won' and ${within('l.won_at')} group by 1`,
  `select ${day('l.won_at')}, 'won_value', 'source:' || ${trafficSource(`coalesce(l.attribution, '{}'::jsonb)`)}, sum(${leadValue}) from leads l, p
    where l.tenant_id = p.tenant and l.status = 'won' and ${within('l.won_at')} group by 1, 3`,
];

/** What visitors searched on the site, one row per search of `e` on the days: (day, metric, prefix, text as written). */
export const SEARCH_TEXT = `select to_char(d, 'YYYY-MM-DD') as day, 'site_searches' as metric, 'query:' as prefix, properties->>'query' as text
    from e, p where type = 'site_search' and d = any(p.days) and properties->>'query' is not null`;

const QUESTION_TEXT = `select to_char(${day('m.created_at')}, 'YYYY-MM-DD'), 'customer_questions', 'question:', m.content from messages m, p
   where m.tenant_id = p.tenant and m.sender = 'customer' and ${isQuestion('m.content')} and ${within('m.created_at')}`;

/**
 * The customer-written text of the days, one row per search or question: (day, metric, the
 * dimension's prefix, the text as written). The snapshot redacts each (src/domain/privacy)
 * before it groups them into rollups, so no rollup, pulse keyword or topic holds a person.
 */
export const CUSTOMER_TEXT = `
  with ${PARAMS}, ${EVENTS}
  ${SEARCH_TEXT}
  union all
  ${QUESTION_TEXT}`;

/** The questions alone (the platform's rows): today's rebuild while the events' rollups are live. */
export const PLATFORM_TEXT = `
  with ${PARAMS}
  ${QUESTION_TEXT}`;

/** The visitor rollups of a day, counted from its distinct visitors. */
const VISITORS = `select d, 'visitors', dimension, count(*) from (${VISITOR_SETS}) v(d, dimension, visitor_id) group by 1, 3`;

const insertRollups = (rollups: string[], withEvents: boolean) => `
  with ${PARAMS}${withEvents ? `, ${EVENTS}` : ''}, r(day, metric, dimension, value) as (
    ${rollups.join('\n    union all\n    ')}
  )
  insert into analytics_daily (tenant_id, day, metric, dimension, value)
  select p.tenant, r.day, r.metric, left(r.dimension, 1000), r.value from r, p where r.value is not null`;

/** Writes every rollup of the days (the caller deleted them first). */
export const INSERT_ROLLUPS = insertRollups([...ADDITIVE_EVENT_ROLLUPS, VISITORS, ...PLATFORM_ROLLUPS], true);

/** Writes the rollups of the platform's rows (PLATFORM_METRICS) of the days (the caller deleted them first). */
export const INSERT_PLATFORM_ROLLUPS = insertRollups(PLATFORM_ROLLUPS, false);

/** Writes the distinct visitors of the days (the caller deleted theirs first): what live days count new visitors against. */
export const INSERT_VISITOR_SETS = `
  with ${PARAMS}, ${EVENTS}
  insert into analytics_visitor_days (tenant_id, day, dimension, visitor_id)
  select p.tenant, v.d, left(v.dimension, 1000), v.visitor_id from (${VISITOR_SETS}) v, p
  on conflict do nothing`;
