import { MAX_RANGE_DAYS } from '../analytics/period.js';
import { addDays } from '../analytics/time-zone.js';

/**
 * What a tenant's question to the strategist chat is about, read without a model
 * (decisions: "The strategist chat answers what it was asked"): the kinds of question it
 * asks most, in English or Russian, and the period it names. The builtin strategist answers
 * the kinds; the remote model gets the period's figures whatever the kind.
 */

export const QUESTION_KINDS = ['traffic', 'conversions', 'customer_questions', 'articles', 'ads', 'comparison'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export type Language = 'en' | 'ru';

/** Days of the tenant's zone, inclusive; `label` names the period as the question did. */
export interface AskedDays {
  from: string;
  to: string;
  /** The period ends today: a day still going on (its figures are partial). */
  includesToday: boolean;
  label: { en: string; ru: string };
}

export interface ReadQuestion {
  kinds: QuestionKind[];
  language: Language;
  days: AskedDays;
}

/** The period when the question names none: the last 7 whole days, as the weekly report. */
export const DEFAULT_DAYS = 7;

/** Each kind's words (lower case, ё read as е), matched anywhere in the question; stems for Russian. */
const KIND_WORDS: Record<QuestionKind, RegExp> = {
  traffic: /\b(traffic|visit(s|ors?|ed)?|sessions?|page ?views?|utm|referr\w*|channels?|sources?|come from|came from)\b|трафик|посещ|визит|посетител|просмотр|источник|откуда|переход/u,
  conversions: /\b(conversions?|convert\w*|funnel|leads?|sales|sold|orders?|won|revenue|purchases?)\b|конверс|воронк|(?<![а-я])лид|заявк|продаж|продал|заказ|выручк|покупк/u,
  customer_questions: /\b(customers?|visitors?|people|buyers?|users?|clients?|shoppers?)\b.*\b(ask|want|wonder|question|interest)|\bquestions?\b.*\b(customers?|visitors?|people|buyers?|clients?|in (the )?chat)\b|\basking\b|\bfaq\b|frequently asked|спрашива|вопрос\S* (клиент|покупател|посетител|пользовател|в чат)|(клиент|покупател|посетител)\S* (пишут|хотят|интересу)|о ч[её]м (пишут|спрашивают)/u,
  articles: /\b(articles?|write|writing|blog|posts?|content|topics?|ideas?|seo)\b|стат(ь|е|и)|напис|писать|блог|контент|(?<![а-я])тем(а|ы|у|ой|ам)?(?![а-я])|(?<![а-я])иде(я|и|ю|й)(?![а-я])/u,
  ads: /\b(ads?|advert\w*|campaigns?|cpc|ppc|cost per lead|cpl|budget|spend|spent|paid)\b|реклам|директ|кампани|бюджет|потрат|расход|цена лида|стоимость лида/u,
  comparison: /\b(compar\w*|vs\.?|versus|than|before|growth|gr[eo]w(n|s|ing)?|drop(ped|s)?|fell|fall(en|ing)?|decline\w*|change[sd]?|trend\w*|doing|going)\b|сравн|(?<!(?:^|[^а-я])о )(?<![а-я])чем(?![а-я])|(?<![а-я])рост|вырос|вырост|упал|паден|снизил|снижен|динамик|измени|как дела|как идут/u,
};

interface PeriodRule {
  pattern: RegExp;
  days(today: string, m: RegExpMatchArray): Omit<AskedDays, 'label'> & { label: AskedDays['label'] };
}

const monday = (day: string) => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;
const clampDays = (n: number) => Math.min(Math.max(Math.round(n), 1), MAX_RANGE_DAYS);

/** The last `n` whole days, ending yesterday. */
function lastDays(today: string, n: number): Omit<AskedDays, 'label'> & { label: AskedDays['label'] } {
  const k = clampDays(n);
  return { from: addDays(today, -k), to: addDays(today, -1), includesToday: false, label: { en: `the last ${k} days`, ru: `последние ${k} дн.` } };
}

/** How many days a unit written after a number stands for ("2 weeks", "3 месяца"). */
function unitDays(unit: string): number {
  if (/^(week|недел)/u.test(unit)) return 7;
  if (/^(month|месяц)/u.test(unit)) return 30;
  if (/^(year|год|лет)/u.test(unit)) return 365;
  return 1;
}

/** Period words, most specific first: the first rule that matches decides. */
const PERIOD_RULES: PeriodRule[] = [
  { pattern: /\btoday\b|сегодня/u, days: (t) => ({ from: t, to: t, includesToday: true, label: { en: 'today', ru: 'сегодня' } }) },
  { pattern: /\byesterday\b|вчера/u, days: (t) => ({ from: addDays(t, -1), to: addDays(t, -1), includesToday: false, label: { en: 'yesterday', ru: 'вчера' } }) },
  {
    pattern: /\b(this|current) week\b|(эт(ой|у|а)|текущ(ей|ую|ая)) недел/u,
    days: (t) => ({ from: monday(t), to: t, includesToday: true, label: { en: 'this week', ru: 'эта неделя' } }),
  },
  {
    pattern: /\b(last|previous|past calendar) week\b|(прошл|предыдущ)\S* недел/u,
    days: (t) => ({ from: addDays(monday(t), -7), to: addDays(monday(t), -1), includesToday: false, label: { en: 'last week', ru: 'прошлая неделя' } }),
  },
  {
    pattern: /\b(this|current) month\b|(эт(ом|от)|текущ(ем|ий)) месяц/u,
    days: (t) => ({ from: firstOfMonth(t), to: t, includesToday: true, label: { en: 'this month', ru: 'этот месяц' } }),
  },
  {
    pattern: /\b(last|previous) month\b|(прошл|предыдущ)\S* месяц/u,
    days: (t) => {
      const to = addDays(firstOfMonth(t), -1);
      return { from: firstOfMonth(to), to, includesToday: false, label: { en: 'last month', ru: 'прошлый месяц' } };
    },
  },
  {
    pattern: /(\d{1,4})\s*-?\s*(days?|weeks?|months?|years?|дн\S*|день|сут\S*|недел\S*|месяц\S*|год\S*|лет)/u,
    days: (t, m) => lastDays(t, Number(m[1]) * unitDays(m[2]!)),
  },
  { pattern: /\bweek\b|недел/u, days: (t) => lastDays(t, 7) },
  { pattern: /\bmonth\b|месяц/u, days: (t) => lastDays(t, 30) },
  { pattern: /\bquarter\b|квартал/u, days: (t) => lastDays(t, 90) },
  { pattern: /\byear\b|(?<![а-я])(год|лет)(?![а-я])/u, days: (t) => lastDays(t, 365) },
];

/**
 * Reads a question: its kinds (none when it is about nothing the builtin answers), its
 * language (Russian when it holds Cyrillic letters) and its period, in days of the tenant's
 * zone where `today` is; without a period word, the last DEFAULT_DAYS whole days.
 */
export function readQuestion(question: string, today: string): ReadQuestion {
  const text = question.toLowerCase().replace(/ё/g, 'е');
  const kinds = QUESTION_KINDS.filter((k) => KIND_WORDS[k].test(text));
  const language: Language = /[а-я]/u.test(text) ? 'ru' : 'en';
  for (const rule of PERIOD_RULES) {
    const m = text.match(rule.pattern);
    if (m) return { kinds, language, days: rule.days(today, m) };
  }
  return { kinds, language, days: lastDays(today, DEFAULT_DAYS) };
}
