import { Decimal } from 'decimal.js';
import type { CatalogueEntry } from '../ai-seller/seller-model.js';
import { contentWords, sameStem, words } from '../ai-seller/words.js';
import type { ComposedArticle } from '../../../workflows/operation-contract.js';
import { escapeHtml } from '../../escape-html.js';

/** What a generator writes from: the editorial profile, the request and the tenant's AI catalogue. */
export interface GenerationBrief {
  keyword: string;
  title: string | null;
  locale: 'ru' | 'en' | 'id';
  profile: { niche: string; audience: string | null; tone: string | null; avoid: string | null };
  products: CatalogueEntry[];
}

/** What a generator writes: the workflow carries it from the generator activity to the writing step. */
export type GeneratedArticle = ComposedArticle;

export const BUILTIN_ARTICLE_MODEL = 'builtin/article-v1';

const COPY = {
  en: {
    intro: (k: string, niche: string, audience: string) => `This guide is about ${k}: what matters, what to compare and how to decide, written for ${audience} by people who work in ${niche}.`,
    why: 'Why it matters', choose: 'How to choose', products: 'From our catalogue', summary: 'In short',
    whyText: (k: string) => `Choosing ${k} well saves money and time. A good choice lasts for years; a hasty one is replaced within a season.`,
    steps: ['Decide what the purchase must do for you.', 'Compare materials and care, not only the price.', 'Check the size and the delivery before you order.'],
    summaryText: (k: string) => `Start with your needs, compare honestly and ask us when in doubt: ${k} is easier to choose with a clear list.`,
    audience: 'buyers', meta: (k: string) => `A short, practical guide to ${k}: what to compare and how to choose.`,
  },
  ru: {
    intro: (k: string, niche: string, audience: string) => `Эта статья о теме «${k}»: что важно, что сравнивать и как решить. Для читателей: ${audience}. Пишут люди, которые работают в нише «${niche}».`,
    why: 'Почему это важно', choose: 'Как выбрать', products: 'Из нашего каталога', summary: 'Коротко',
    whyText: (k: string) => `Правильный выбор в теме «${k}» экономит деньги и время. Хорошая покупка служит годами, поспешная меняется через сезон.`,
    steps: ['Решите, какую задачу должна решать покупка.', 'Сравнивайте материалы и уход, а не только цену.', 'Проверьте размеры и доставку до заказа.'],
    summaryText: (k: string) => `Начните с задачи, сравнивайте честно и спрашивайте нас, если сомневаетесь: с понятным списком тему «${k}» решить проще.`,
    audience: 'покупатели', meta: (k: string) => `Короткое практическое руководство: ${k}. Что сравнивать и как выбрать.`,
  },
  id: {
    intro: (k: string, niche: string, audience: string) => `Panduan ini membahas ${k}: apa yang penting, apa yang perlu dibandingkan, dan cara memutuskan, untuk ${audience}, ditulis oleh orang yang bekerja di bidang ${niche}.`,
    why: 'Mengapa penting', choose: 'Cara memilih', products: 'Dari katalog kami', summary: 'Ringkasnya',
    whyText: (k: string) => `Memilih ${k} dengan baik menghemat uang dan waktu. Pilihan yang baik bertahan bertahun-tahun.`,
    steps: ['Tentukan kebutuhan Anda.', 'Bandingkan bahan dan perawatan, bukan hanya harga.', 'Periksa ukuran dan pengiriman sebelum memesan.'],
    summaryText: (k: string) => `Mulailah dari kebutuhan, bandingkan dengan jujur, dan tanyakan kepada kami: ${k} lebih mudah dipilih dengan daftar yang jelas.`,
    audience: 'pembeli', meta: (k: string) => `Panduan singkat dan praktis tentang ${k}: apa yang dibandingkan dan cara memilih.`,
  },
} as const;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A page path segment from latin letters and digits of the text; cyrillic is transliterated. */
export function slugOf(text: string): string {
  const TRANSLIT: Record<string, string> = {
    а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r',
    с: 's', т: 't', у: 'u', ф: 'f', х: 'h', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'sch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya',
  };
  const latin = [...text.toLowerCase()].map((c) => TRANSLIT[c] ?? c).join('');
  return latin.normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80).replace(/-+$/, '') || 'article';
}

/** Most products one article cites. */
const MAX_CITED = 3;

/**
 * The catalogue entries an article on `subject` (its keyword and title) may cite: those whose
 * name or code shares a word with the subject (up to its ending: sofa/sofas, кроссовки/кроссовок),
 * in catalogue order. A description alone does not make a product relevant ("warm light" is no
 * reason to cite a lamp in an article on light sofas); an article on a subject the catalogue
 * does not sell cites nothing rather than whatever comes first.
 */
export function relevantProducts(products: readonly CatalogueEntry[], subject: string): CatalogueEntry[] {
  const subjectWords = contentWords(subject);
  return products.filter((p) => {
    const own = [...words(p.name), ...words(p.code)];
    return subjectWords.some((w) => own.some((o) => sameStem(w, o)));
  }).slice(0, MAX_CITED);
}

/**
 * The offline generator: a real, readable article (headings, paragraphs, a list, a product
 * section with the catalogue cards relevant to the subject, at most three, and meta fields)
 * from the profile, the keyword and the catalogue, in ru, en or id, at `priceRub` (live:
 * AI_BUILTIN_ARTICLE_PRICE_RUB; a sandbox's test price). Deterministic: the same brief writes
 * the same article.
 */
export function builtinArticle(brief: GenerationBrief, priceRub: string): GeneratedArticle {
  const c = COPY[brief.locale];
  const k = brief.keyword;
  const title = brief.title ?? capitalised(k);
  const audience = brief.profile.audience ?? c.audience;
  const products = relevantProducts(brief.products, `${k} ${brief.title ?? ''}`);
  const html = [
    `<p>${escapeHtml(c.intro(k, brief.profile.niche, audience))}</p>`,
    `<h2>${c.why}</h2>`, `<p>${escapeHtml(c.whyText(k))}</p>`,
    `<h2>${c.choose}</h2>`, `<ol>${c.steps.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ol>`,
    ...(products.length ? [`<h2>${c.products}</h2>`, `<ul>${products.map((p) => `<li><strong>${escapeHtml(p.name)}</strong>${p.price_text ? ` — ${escapeHtml(p.price_text)}` : ''}${p.description ? `. ${escapeHtml(p.description)}` : ''}</li>`).join('')}</ul>`] : []),
    `<h2>${c.summary}</h2>`, `<p>${escapeHtml(c.summaryText(k))}</p>`,
  ].join('');
  return {
    title, slug: slugOf(title), html, metaTitle: title.slice(0, 60), metaDescription: c.meta(k).slice(0, 160),
    model: BUILTIN_ARTICLE_MODEL, costRub: new Decimal(priceRub).toFixed(2),
  };
}

/** A generator behind one interface: builtin (offline) or openai (Chat Completions), as AI_PROVIDER says. */
export interface ArticleGenerator {
  /** Least and most one article can cost, in roubles: what admission reserves. */
  costBounds(): { minRub: string; maxRub: string };
  write(brief: GenerationBrief, signal?: AbortSignal): Promise<GeneratedArticle>;
}

/** The offline generator at a fixed price per article, in roubles. */
export function builtinArticleGenerator(priceRub: string): ArticleGenerator {
  const price = new Decimal(priceRub).toFixed(2);
  return {
    costBounds: () => ({ minRub: price, maxRub: price }),
    write: async (brief) => builtinArticle(brief, price),
  };
}
