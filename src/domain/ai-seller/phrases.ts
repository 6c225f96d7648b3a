import type { CatalogueEntry } from './seller-model.js';
import type { ReplyLanguage } from './language.js';
import { cardMarker } from './markers.js';

/** The sellers' own texts, by reply language. */
interface Phrases {
  greeting(tenantName: string): string;
  /** The customer asked for a human. */
  passingToColleague: string;
  /** The seller has nothing to say. */
  askingColleague: string;
  offerIntro: string;
}

export const PHRASES: Record<ReplyLanguage, Phrases> = {
  en: {
    greeting: (tenant) => `Hello! Welcome to ${tenant}. How can I help you?`,
    passingToColleague: 'Of course, I am passing you to a colleague. They will reply shortly.',
    askingColleague: 'I am not sure I can answer that myself, so I will ask a colleague to help you. They will reply shortly.',
    offerIntro: 'Here is what I can offer:',
  },
  ru: {
    greeting: (tenant) => `Здравствуйте! Это ${tenant}. Чем могу помочь?`,
    passingToColleague: 'Конечно, передаю вас коллеге. Он скоро ответит.',
    askingColleague: 'Боюсь, сам я на это не отвечу, поэтому попрошу коллегу помочь вам. Он скоро ответит.',
    offerIntro: 'Вот что могу предложить:',
  },
  id: {
    greeting: (tenant) => `Halo! Selamat datang di ${tenant}. Ada yang bisa saya bantu?`,
    passingToColleague: 'Baik, saya teruskan ke rekan saya. Mereka akan segera membalas.',
    askingColleague: 'Saya tidak yakin bisa menjawabnya sendiri, jadi saya akan meminta bantuan rekan saya. Mereka akan segera membalas.',
    offerIntro: 'Ini yang bisa saya tawarkan:',
  },
};

/** One line per card: name, price when known, and the card's marker. */
export function offerText(language: ReplyLanguage, entries: CatalogueEntry[]): string {
  const lines = entries.map((e) => `${e.name}${e.price_text ? ` — ${e.price_text}` : ''} ${cardMarker(e.code)}`);
  return [PHRASES[language].offerIntro, ...lines].join('\n');
}
