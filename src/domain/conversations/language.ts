import { franc } from 'franc';

/**
 * Conversation.language (spec 02: ISO 639-1) from what the customer wrote, with franc (trigram
 * profiles; docs/decisions.md, "Conversation language"). Only the cells' languages and Ukrainian
 * are told apart (ru, uk, en, id): on a shop chat's short questions a wider list mislabels plain
 * English ("What sizes do you have?" read as German), so a text in another language gets the
 * nearest of these; an integrator who knows better sets it on POST /conversations. A text with too
 * few letters answers null, and the next customer message tries again.
 */
const ISO_639_1: Record<string, string> = { rus: 'ru', ukr: 'uk', eng: 'en', ind: 'id' };
const ONLY = Object.keys(ISO_639_1);

/** Fewer letters than this and the text says too little to tell its language. */
export const MIN_LETTERS = 12;

export function detectLanguage(text: string | null | undefined): string | null {
  if (!text) return null;
  const letters = text.replace(/[^\p{L}]/gu, '');
  if (letters.length < MIN_LETTERS) return null;
  return ISO_639_1[franc(text, { only: ONLY, minLength: MIN_LETTERS })] ?? null;
}

/** An ISO 639-1 code: two lowercase letters (what POST /conversations takes). */
export const ISO_639_1_PATTERN = /^[a-z]{2}$/;
