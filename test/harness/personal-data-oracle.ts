import { transliterate } from 'transliteration';
import type { CorpusMessage, Piece } from '../fixtures/personal-data-corpus.js';

/**
 * When a piece of personal data "survives" in a text (issue 25): it is found there in a
 * normalised form, whatever spacing, case, script or obfuscation the text gives it. Written
 * from the issue, independent of the redaction; it errs on the side of finding.
 */

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Obfuscated "@" and "." read back: `[at]`, `(at)`, ` at `, ` собака `, `[dot]`, ` dot `, ` точка `. */
export function normaliseEmails(text: string): string {
  return text.toLowerCase()
    .replace(/\s*(?:[[({<]\s*(?:at|собака|@)\s*[\])}>]|\s(?:at|собака)\s)\s*/gu, '@')
    .replace(/\s*(?:[[({<]\s*(?:dot|точка|\.)\s*[\])}>]|\s(?:dot|точка)\s)\s*/gu, '.');
}

/** The characters of a sequence, each followed by at most three separators: "4111-1111" or "4 1 1 1 1 1 1 1". */
const spaced = (chars: string, separator: string) => new RegExp([...chars].map(escape).join(`${separator}{0,3}`), 'iu');

/** What of a number is looked for: a phone's last nine digits (any country or trunk prefix may change), a card's digits, an account's digits after its last letter (an IBAN's BBAN digits). */
export function significantDigits(piece: Piece): string {
  const digits = piece.value.replace(/\D/g, '');
  if (piece.kind === 'phone') return digits.slice(-9);
  if (piece.kind === 'account') return (piece.value.match(/[0-9][^A-Za-z]*$/)?.[0] ?? piece.value).replace(/\D/g, '');
  return digits;
}

const latin = (s: string) => transliterate(s).toLowerCase();
const wordIn = (word: string, text: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(word)}(?![\\p{L}\\p{N}])`, 'u').test(text);

/** The name words of a name piece found in `text`, compared in Latin letters (so "Анна" is found as "Anna" and the other way round), case-insensitively. */
function survivingNameWords(value: string, text: string): string[] {
  const inLatin = latin(text);
  return value.split(/[^\p{L}]+/u).filter((w) => w.length > 1).filter((w) => wordIn(latin(w), inLatin));
}

/** Why a piece survives in `text` (what was found), or null when it does not. */
export function survival(piece: Piece, text: string): string | null {
  switch (piece.kind) {
    case 'email': {
      const address = normaliseEmails(piece.value);
      return normaliseEmails(text).includes(address) ? address : null;
    }
    case 'phone':
    case 'card':
    case 'account': {
      const found = text.match(spaced(significantDigits(piece), '[^0-9]'));
      return found ? found[0] : null;
    }
    case 'name': {
      const words = survivingNameWords(piece.value, text);
      return words.length ? words.join(' ') : null;
    }
    case 'address': {
      const street = escape(piece.street);
      const house = `(?<![\\p{L}\\p{N}])${escape(piece.house)}(?![\\p{L}\\p{N}])`;
      const found = text.match(new RegExp(`${street}.{0,25}?${house}|${house}.{0,25}?${street}`, 'isu'));
      return found ? found[0] : null;
    }
  }
}

export interface Survivor {
  message: string;
  kind: Piece['kind'];
  value: string;
  found: string;
}

/** Each piece of the messages that survives in `text`. */
export function survivors(messages: readonly CorpusMessage[], text: (m: CorpusMessage) => string): Survivor[] {
  return messages.flatMap((m) => m.pieces.flatMap((p) => {
    const found = survival(p, text(m));
    return found === null ? [] : [{ message: m.id, kind: p.kind, value: p.value, found }];
  }));
}

/** Whether a question's fragment arrived in `text` (case-insensitively: the pulse lowercases its keywords). */
export const keeps = (m: CorpusMessage, text: string): boolean => text.toLowerCase().includes(m.keeps.toLowerCase());

export const piecesOf = (messages: readonly CorpusMessage[]): number => messages.reduce((n, m) => n + m.pieces.length, 0);
