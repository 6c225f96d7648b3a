import type { Language, QuestionKind } from './chat-question.js';
import {
  isMissing, type AdFigures, type ChatFigures, type Cite, type ConversationFigures, type FunnelFigures, type Missing, type MissingCode, type Pair,
  type QuestionFigures, type TrafficFigures,
} from './chat-figures.js';

/**
 * The builtin strategist's sentences, in the question's language (decisions: "The strategist
 * chat answers what it was asked"). Every figure is one of ChatFigures' and each section ends
 * with its source and period; a section without data says why in place of figures.
 */

type Text = Record<Language, string>;
const say = (lang: Language, text: Text) => text[lang];

const SOURCE_NAMES: Record<string, Text> = {
  web: { en: 'page views (widget beacon, POST /events)', ru: 'просмотры страниц (маячок виджета, POST /events)' },
  conversations: { en: 'chats and their messages', ru: 'диалоги и их сообщения' },
  leads: { en: 'leads', ru: 'лиды' },
  ads: { en: 'ad_spend events (POST /events)', ru: 'события ad_spend (POST /events)' },
};

const MISSING_TEXT: Record<MissingCode, Text> = {
  no_snapshot: {
    en: 'no analytics snapshot has run for this account yet (it runs nightly), so there are no figures to answer from',
    ru: 'для этого аккаунта ещё не собрана аналитика (сборка идёт каждую ночь), поэтому цифр для ответа нет',
  },
  no_web: {
    en: 'no site traffic data: no page view has ever reached the analytics (install the widget\'s beacon or send page_view to POST /events)',
    ru: 'нет данных о трафике сайта: в аналитику не пришло ни одного просмотра страницы (маячок виджета или page_view в POST /events)',
  },
  no_activity: { en: 'no visits, conversations or leads have reached the analytics yet', ru: 'в аналитике пока нет ни посещений, ни диалогов, ни лидов' },
  no_conversations: { en: 'no customer has written in chat yet', ru: 'в чате ещё никто из клиентов не писал' },
  no_ads: {
    en: 'no ad platform is connected (no ad_spend event was ever sent to POST /events), so I do not know your ad spend',
    ru: 'рекламный кабинет не подключён (в POST /events не пришло ни одного события ad_spend), поэтому расходы на рекламу мне неизвестны',
  },
};

const TITLES: Record<'traffic' | 'funnel' | 'conversations' | 'ads' | 'customer_questions' | 'articles', Text> = {
  traffic: { en: 'Traffic', ru: 'Трафик' },
  funnel: { en: 'Conversions', ru: 'Конверсии' },
  conversations: { en: 'Chats', ru: 'Чаты' },
  ads: { en: 'Ad spend', ru: 'Реклама' },
  customer_questions: { en: 'Customer questions', ru: 'Вопросы клиентов' },
  articles: { en: 'Articles', ru: 'Статьи' },
};

const STEP_NAMES: Record<string, Text> = {
  visitors: { en: 'visitors', ru: 'посетители' }, conversations: { en: 'conversations', ru: 'диалоги' }, leads: { en: 'leads', ru: 'лиды' },
  qualified_leads: { en: 'qualified', ru: 'квалифицированы' }, won_leads: { en: 'won', ru: 'выиграны' },
};

const round1 = (n: number) => Math.round(n * 10) / 10;
const percent = (part: number, whole: number) => `${round1((part / whole) * 100)}%`;
const money = (n: number, currency: string) => `${n.toFixed(2)} ${currency}`;

/** A figure against the period before: "12 (8 the period before, +50%)". */
function compared(lang: Language, p: Pair, format: (n: number) => string = String): string {
  if (p.previous === 0) return p.current === 0 ? say(lang, { en: '0 (0 the period before)', ru: '0 (за прошлый период 0)' }) : `${format(p.current)} ${say(lang, { en: '(none the period before)', ru: '(за прошлый период не было)' })}`;
  const pct = round1(((p.current - p.previous) / p.previous) * 100);
  const sign = pct > 0 ? '+' : '';
  return `${format(p.current)} (${say(lang, { en: `${format(p.previous)} the period before, ${sign}${pct}%`, ru: `за прошлый период ${format(p.previous)}, ${sign}${pct}%` })})`;
}

/** "[source: …; 2026-11-17..2026-11-23 against 2026-11-10..2026-11-16; data through 2026-11-23]". */
function cited(lang: Language, c: Cite): string {
  const names = c.source.split(', ').map((s) => say(lang, SOURCE_NAMES[s] ?? { en: s, ru: s })).join(', ');
  const through = Object.values(c.data_as_of).sort()[0];
  const span = `${c.period.from}..${c.period.to}`;
  const before = `${c.previous_period.from}..${c.previous_period.to}`;
  return say(lang, {
    en: `[source: ${names}; ${span} against ${before}${through ? `; data through ${through}` : ''}]`,
    ru: `[источник: ${names}; ${span} против ${before}${through ? `; данные по ${through}` : ''}]`,
  });
}

const unavailable = (lang: Language, title: Text, m: Missing) => `${say(lang, title)}: ${say(lang, { en: 'I cannot say', ru: 'не могу сказать' })}: ${say(lang, MISSING_TEXT[m.code])}.`;

function trafficText(lang: Language, t: TrafficFigures): string {
  const head = say(lang, { en: `visitors ${compared(lang, t.visitors)}, page views ${compared(lang, t.page_views)}`, ru: `посетители ${compared(lang, t.visitors)}, просмотры ${compared(lang, t.page_views)}` });
  const sources = t.sources.map((s) => `${s.source} ${s.visitors}`).join(', ');
  const top = sources ? say(lang, { en: ` Top sources by visitors: ${sources}.`, ru: ` Основные источники по посетителям: ${sources}.` }) : '';
  return `${say(lang, TITLES.traffic)}: ${head}.${top} ${cited(lang, t)}`;
}

function funnelText(lang: Language, f: FunnelFigures, currency: string): string {
  const chain = (pick: (s: FunnelFigures['steps'][number]) => number) => f.steps.map((s, i) => {
    const before = f.steps[i - 1];
    const rate = before && pick(before) > 0 ? ` (${percent(pick(s), pick(before))})` : '';
    return `${say(lang, STEP_NAMES[s.step]!)} ${pick(s)}${rate}`;
  }).join(' → ');
  const lines = [`${say(lang, TITLES.funnel)}: ${chain((s) => s.current)}; ${say(lang, { en: 'the period before', ru: 'за прошлый период' })}: ${chain((s) => s.previous)}.`];
  if (f.steps.some((s) => s.step === 'won_leads')) lines.push(say(lang, { en: `Revenue ${compared(lang, f.revenue, (n) => money(n, currency))}.`, ru: `Выручка ${compared(lang, f.revenue, (n) => money(n, currency))}.` }));
  if (f.not_covered.some((n) => n.startsWith('visitors'))) lines.push(say(lang, { en: 'Visitors are not covered: no site traffic data.', ru: 'Посетителей нет в воронке: нет данных о трафике сайта.' }));
  if (f.not_covered.some((n) => n.startsWith('leads'))) lines.push(say(lang, { en: 'Leads are not covered: there is no lead yet.', ru: 'Лидов нет в воронке: ещё нет ни одного лида.' }));
  return `${lines.join(' ')} ${cited(lang, f)}`;
}

function conversationsText(lang: Language, c: ConversationFigures): string {
  return `${say(lang, TITLES.conversations)}: ${say(lang, {
    en: `conversations ${compared(lang, c.conversations)}, customer messages ${compared(lang, c.customer_messages)}, AI replies ${compared(lang, c.ai_replies)}, handoffs to a human ${compared(lang, c.handoffs)}`,
    ru: `диалоги ${compared(lang, c.conversations)}, сообщения клиентов ${compared(lang, c.customer_messages)}, ответы ИИ ${compared(lang, c.ai_replies)}, передачи оператору ${compared(lang, c.handoffs)}`,
  })}. ${cited(lang, c)}`;
}

function adsText(lang: Language, a: AdFigures, currency: string): string {
  const cur = (n: number) => money(n, currency);
  const platforms = a.platforms.map((p) => `${p.platform} ${cur(p.spend)}`).join(', ');
  const lines = [say(lang, { en: `spent ${compared(lang, a.spend, cur)}, clicks ${compared(lang, a.clicks)}.`, ru: `потрачено ${compared(lang, a.spend, cur)}, клики ${compared(lang, a.clicks)}.` })];
  if (platforms) lines.push(say(lang, { en: `By platform: ${platforms}.`, ru: `По площадкам: ${platforms}.` }));
  lines.push(a.cost_per_lead === null
    ? say(lang, { en: 'No lead came from paid traffic (utm_medium cpc and the like), so there is no cost per lead.', ru: 'Из платного трафика (utm_medium cpc и подобные) не пришло ни одного лида, поэтому цены лида нет.' })
    : say(lang, { en: `Leads from paid traffic: ${a.paid_leads}, ${cur(a.cost_per_lead)} per lead.`, ru: `Лидов из платного трафика: ${a.paid_leads}, цена лида ${cur(a.cost_per_lead)}.` }));
  return `${say(lang, TITLES.ads)}: ${lines.join(' ')} ${cited(lang, a)}`;
}

function questionsText(lang: Language, q: QuestionFigures): string {
  if (!q.asked.current) return `${say(lang, TITLES.customer_questions)}: ${say(lang, { en: 'no customer asked a question in chat in this period', ru: 'в этот период клиенты не задавали вопросов в чате' })}. ${cited(lang, q)}`;
  const top = q.top.map((t) => `"${t.question}" (${t.count})`).join(', ');
  return `${say(lang, TITLES.customer_questions)}: ${say(lang, {
    en: `customers asked ${compared(lang, q.asked)} questions in chat. Most asked: ${top}.`,
    ru: `клиенты задали в чате вопросов: ${compared(lang, q.asked)}. Чаще всего: ${top}.`,
  })} ${cited(lang, q)}`;
}

/** What the articles answer says besides its proposals: how many it proposes and the head of the queue. */
export function articlesText(lang: Language, q: QuestionFigures | Missing, proposed: string[], queue: { title: string }[]): string {
  const lines: string[] = [];
  if (isMissing(q)) lines.push(say(lang, { en: `I cannot propose topics from customer questions: ${MISSING_TEXT[q.code].en}.`, ru: `Предложить темы по вопросам клиентов не могу: ${MISSING_TEXT[q.code].ru}.` }));
  else if (proposed.length) {
    const titles = proposed.map((t) => `"${t}"`).join(', ');
    lines.push(say(lang, {
      en: `customers asked ${proposed.length} question(s) no article answers; I propose them as topics (confirm an action to queue it): ${titles}.`,
      ru: `клиенты задали вопросы (${proposed.length}), на которые не отвечает ни одна статья; предлагаю их как темы (подтвердите действие, чтобы поставить в очередь): ${titles}.`,
    }));
  } else lines.push(say(lang, { en: 'no customer question of the period is left without an article or a topic; nothing to propose.', ru: 'все вопросы клиентов за период уже закрыты статьёй или темой; предложить нечего.' }));
  const head = queue.slice(0, 3).map((t) => `"${t.title}"`).join(', ');
  lines.push(queue.length
    ? say(lang, { en: `The topic queue holds ${queue.length} proposed topic(s); first: ${head}.`, ru: `В очереди тем предложено: ${queue.length}; первые: ${head}.` })
    : say(lang, { en: 'The topic queue holds no proposed topic.', ru: 'В очереди тем нет предложенных тем.' }));
  return `${say(lang, TITLES.articles)}: ${lines.join(' ')}${isMissing(q) ? '' : ` ${cited(lang, q)}`}`;
}

type Section = 'traffic' | 'funnel' | 'conversations' | 'ads' | 'customer_questions';

/** A section's text, or why it has none. */
export function sectionText(lang: Language, f: ChatFigures, section: Section): string {
  const s = f[section];
  if (isMissing(s)) return unavailable(lang, TITLES[section], s);
  switch (section) {
    case 'traffic': return trafficText(lang, s as TrafficFigures);
    case 'funnel': return funnelText(lang, s as FunnelFigures, f.currency);
    case 'conversations': return conversationsText(lang, s as ConversationFigures);
    case 'ads': return adsText(lang, s as AdFigures, f.currency);
    case 'customer_questions': return questionsText(lang, s as QuestionFigures);
  }
}

/** The sections each kind is answered with; a comparison asked alone gets every section (each is period against period). */
export const KIND_SECTIONS: Record<Exclude<QuestionKind, 'articles'>, Section[]> = {
  traffic: ['traffic'],
  conversions: ['funnel'],
  customer_questions: ['customer_questions'],
  ads: ['ads'],
  comparison: ['traffic', 'conversations', 'funnel', 'ads'],
};

/** The opening line: the period as asked, in days of the tenant's zone, and what holds for all of it. */
export function periodText(lang: Language, f: ChatFigures): string {
  const p = f.period;
  const lines = [say(lang, {
    en: `${p.label[0]!.toUpperCase()}${p.label.slice(1)} (${p.from}..${p.to}, ${p.time_zone}), against the ${f.previous_period.from}..${f.previous_period.to} before.`,
    ru: `${p.label[0]!.toUpperCase()}${p.label.slice(1)} (${p.from}..${p.to}, ${p.time_zone}), в сравнении с ${f.previous_period.from}..${f.previous_period.to}.`,
  })];
  const behind = p.incomplete_after;
  if (behind) lines.push(say(lang, { en: `The analytics are complete through ${behind}: later days have no figures yet.`, ru: `Аналитика собрана по ${behind}: у более поздних дней цифр пока нет.` }));
  if (p.partial_day) lines.push(say(lang, { en: `${p.partial_day} is today: its figures are partial.`, ru: `${p.partial_day} — сегодня, цифры за день неполные.` }));
  return lines.join(' ');
}

/** The answer to a question the builtin does not recognise: what it cannot do and what it can. */
export function cannotAnswerText(lang: Language): string {
  return say(lang, {
    en: 'I cannot answer that from your figures: I answer from your shop\'s own analytics, not from general knowledge. I can answer: where your traffic comes from; '
      + 'conversions and the funnel; what customers ask in chat; which articles to write; ad spend; how a period compares with the one before. '
      + 'Name a period if you like (today, yesterday, this week, last month, 30 days; the last 7 days otherwise). This answer is not charged.',
    ru: 'На этот вопрос я не могу ответить по вашим данным: я отвечаю по аналитике вашего магазина, а не из общих знаний. Я могу ответить: откуда приходит трафик; '
      + 'какая конверсия и где теряется воронка; о чём спрашивают клиенты в чате; какие статьи написать; сколько потрачено на рекламу; как период отличается от предыдущего. '
      + 'Период можно назвать (сегодня, вчера, на этой неделе, за прошлый месяц, за 30 дней; иначе — последние 7 дней). Этот ответ бесплатный.',
  });
}
