import { createHash } from 'node:crypto';
import { DEMO_PRODUCTS, demoProductPath, type DemoProduct } from './demo-catalogue.js';

/**
 * What happened at the demo shop on one day (decisions: "The demo tenant's history"): drawn
 * from a PRNG seeded by the day itself, so a day's activity is the same whenever and however
 * often it is planned. Times are minutes of the local day; the writer places them in the
 * tenant's zone. Nothing here touches the database.
 */

/** Days of history before today. */
export const HISTORY_DAYS = 90;

/** mulberry32 seeded with the first 4 bytes of sha256(seed): uniform numbers in [0, 1). */
export function seededRandom(seed: string): () => number {
  let a = createHash('sha256').update(seed).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const pick = <T>(r: Random, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
const between = (r: Random, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));

/** Where a visit came from: a referrer, or UTM tags on the landing page. */
export interface Source {
  weight: number;
  referrer?: string;
  utm?: { source: string; medium: string; campaign: string };
}

const SOURCES: readonly Source[] = [
  { weight: 30, referrer: 'https://www.google.com/' },
  { weight: 22, referrer: 'https://yandex.ru/' },
  { weight: 20 },
  { weight: 14, utm: { source: 'google', medium: 'cpc', campaign: 'autumn-sale' } },
  { weight: 9, utm: { source: 'yandex', medium: 'cpc', campaign: 'sofas' } },
  { weight: 5, referrer: 'https://www.instagram.com/' },
];
/** A page view after the first of a visit: no referrer, no tags. */
export const DIRECT: Source = { weight: 0 };
const TOTAL_WEIGHT = SOURCES.reduce((n, s) => n + s.weight, 0);

function pickSource(r: Random): Source {
  let x = r() * TOTAL_WEIGHT;
  for (const s of SOURCES) if ((x -= s.weight) < 0) return s;
  return SOURCES[0]!;
}

/** What visitors type into the shop's search box; "running shoes" rises in the last weeks (pulse has a trend to show). */
const SEARCHES = ['grey sofa', 'sofa', 'sneakers', 'oak lamp', 'delivery', 'lamp', 'three seat sofa'] as const;
const RISING_SEARCH = 'running shoes';

/** Questions customers open a chat with, per product. */
const QUESTIONS: Record<string, readonly string[]> = {
  'sofa-oslo': ['Is the Sofa Oslo in stock?', 'How long does delivery of the sofa take?', 'Can the sofa cover be washed?'],
  'runner-x': ['Do you have Runner X in size 43?', 'Are the Runner X sneakers good for running?', 'Can I return sneakers that do not fit?'],
  'lamp-bergen': ['What bulb does the Lamp Bergen take?', 'Is the lamp oak or veneer?', 'Do you ship lamps to Kazan?'],
};
const FOLLOW_UPS = ['Thanks, and can I pay on delivery?', 'Great, please reserve one for me.', 'What colours are there?'];
const NAMES = ['Anna', 'Ivan', 'Maria', 'Oleg', 'Elena', 'Pavel', 'Olga', 'Sergey', 'Daria', 'Nikita', 'Irina', 'Artem'];
const LOST_REASONS = ['Chose another shop', 'Price too high', 'No answer after the offer'];

/** Search engine keywords per page, with a usual position. */
const KEYWORDS: readonly { keyword: string; page: string; position: number; volume: number }[] = [
  { keyword: 'grey wool sofa', page: '/products/sofa-oslo', position: 6, volume: 120 },
  { keyword: 'three seat sofa', page: '/products/sofa-oslo', position: 11, volume: 200 },
  { keyword: 'light everyday sneakers', page: '/products/runner-x', position: 8, volume: 90 },
  { keyword: 'oak table lamp', page: '/products/lamp-bergen', position: 4, volume: 60 },
];

export interface PlannedVisit {
  visitorId: string;
  /** Minutes of the local day of each page view. */
  views: { minute: number; path: string }[];
  source: Source;
}

export interface PlannedConversation {
  externalCustomerId: string;
  name: string;
  /** Left for a lead, or not given. */
  email: string | null;
  minute: number;
  product: DemoProduct;
  /** The landing page's address (UTM tags included), what a lead is attributed by. */
  pageAddress: string;
  question: string;
  followUp: string | null;
  handoff: boolean;
  /** Days after the chat the lead moves; null when it does not. */
  qualifiedAfter: number | null;
  outcome: { kind: 'won' | 'lost'; afterDays: number; lostReason: string } | null;
}

export interface DayPlan {
  day: string;
  visits: PlannedVisit[];
  searches: { minute: number; query: string }[];
  addToCarts: { minute: number; product: DemoProduct }[];
  adSpend: { source: string; costRub: number; clicks: number; impressions: number }[];
  searchPerformance: { keyword: string; page: string; impressions: number; clicks: number; position: number }[];
  conversations: PlannedConversation[];
}

/** The address of a path on the shop, with the visit's UTM tags. */
export function shopAddress(shop: string, path: string, source: Source): string {
  const scheme = /^localhost(:|$)|^127\./.test(shop) ? 'http' : 'https';
  const tags = source.utm ? `?utm_source=${source.utm.source}&utm_medium=${source.utm.medium}&utm_campaign=${source.utm.campaign}` : '';
  return `${scheme}://${shop}${path}${tags}`;
}

/** A minute of the shop's day, busier in the evening. */
const minuteOfDay = (r: Random) => Math.min(1439, Math.floor((8 + 15 * Math.sqrt(r())) * 60));

/**
 * The activity of `day`, `age` days before today (1 = yesterday): traffic grows slowly over
 * the 90 days and dips at weekends; about one visitor in twenty opens a chat, most leave an
 * e-mail (a lead), about half of those qualify and half of those buy.
 */
export function planDay(day: string, age: number, shop: string): DayPlan {
  const r = seededRandom(`demo-history:${day}`);
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const weekend = weekday === 0 || weekday === 6 ? 0.7 : 1;
  const visitors = Math.round((40 + (HISTORY_DAYS - age) * 0.25 + between(r, -6, 6)) * weekend);
  const visits: PlannedVisit[] = [];
  for (let v = 0; v < visitors; v++) {
    const source = pickSource(r);
    const start = minuteOfDay(r);
    const pages = between(r, 1, 4);
    const views = Array.from({ length: pages }, (_, i) => ({ minute: Math.min(1439, start + i * 2), path: i === 0 && r() < 0.4 ? '/' : demoProductPath(pick(r, DEMO_PRODUCTS)) }));
    visits.push({ visitorId: `demo-${day}-${v}`, views, source });
  }
  const searches: { minute: number; query: string }[] = Array.from({ length: between(r, 3, 8) }, () => ({ minute: minuteOfDay(r), query: pick(r, SEARCHES) }));
  if (age <= 21) for (let i = 0; i < between(r, 2, 4 + Math.floor((21 - age) / 4)); i++) searches.push({ minute: minuteOfDay(r), query: RISING_SEARCH });
  const addToCarts = Array.from({ length: between(r, 2, 6) }, () => ({ minute: minuteOfDay(r), product: pick(r, DEMO_PRODUCTS) }));
  const adSpend = [
    { source: 'google', costRub: between(r, 1800, 2600), clicks: between(r, 35, 60), impressions: between(r, 1500, 2600) },
    { source: 'yandex', costRub: between(r, 900, 1500), clicks: between(r, 20, 40), impressions: between(r, 900, 1700) },
  ];
  // Search visibility grows with the shop (about a third over the 90 days).
  const growth = 1 + (HISTORY_DAYS - age) / 270;
  const searchPerformance = KEYWORDS.map((k) => {
    const impressions = Math.round(k.volume * growth * (0.8 + r() * 0.4) * weekend);
    const position = Math.round((k.position + (r() - 0.5) * 2) * 10) / 10;
    return { keyword: k.keyword, page: k.page, impressions, clicks: Math.min(impressions, Math.round(impressions * (0.12 / Math.max(1, position / 3)))), position };
  });
  const conversations: PlannedConversation[] = [];
  for (const [i, visit] of visits.entries()) {
    if (r() >= 0.05) continue;
    const product = pick(r, DEMO_PRODUCTS);
    const name = pick(r, NAMES);
    const lead = r() < 0.65;
    const qualifies = lead && r() < 0.55;
    const ends = qualifies ? r() : 1;
    conversations.push({
      externalCustomerId: `demo-history-${day}-${i}`, name,
      email: lead ? `${name.toLowerCase()}.${day.replaceAll('-', '')}.${i}@example.com` : null,
      minute: Math.min(1430, visit.views[visit.views.length - 1]!.minute + 1), product,
      pageAddress: shopAddress(shop, demoProductPath(product), visit.source),
      question: pick(r, QUESTIONS[product.code]!), followUp: r() < 0.35 ? pick(r, FOLLOW_UPS) : null,
      handoff: r() < 0.1,
      qualifiedAfter: qualifies ? between(r, 0, 2) : null,
      outcome: ends < 0.5 ? { kind: 'won', afterDays: between(r, 1, 6), lostReason: '' } : ends < 0.75 ? { kind: 'lost', afterDays: between(r, 2, 8), lostReason: pick(r, LOST_REASONS) } : null,
    });
  }
  return { day, visits, searches, addToCarts, adSpend, searchPerformance, conversations };
}
