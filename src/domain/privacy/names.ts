import { transliterate } from 'transliteration';

/**
 * Words that are first names and also common words of the three languages: a contact named
 * Will or Вера must not take "will" or "вера" out of every question.
 */
const COMMON_WORDS = new Set([
  'will', 'may', 'mark', 'bill', 'rose', 'june', 'april', 'august', 'hope', 'grace', 'faith', 'joy', 'art', 'sky', 'sun', 'max', 'pat', 'sue', 'ray',
  'dawn', 'rob', 'jack', 'frank', 'guy', 'page', 'case', 'shop', 'sale', 'free', 'price', 'new', 'best', 'more', 'iris', 'ivy', 'lily', 'amber', 'ruby',
  'вера', 'надежда', 'любовь', 'роза', 'лев', 'мир', 'слава', 'майя', 'лилия',
  'nur', 'indah', 'ayu', 'sari', 'bunga', 'intan', 'mawar', 'bintang', 'cahaya', 'putri', 'dewi', 'adi', 'budi',
].map((w) => key(w)));

/** Russian case endings, longest first: Анна -> Анне, Анну, Анной; Смирнова -> Смирновой; Иван -> Ивана, Иваном. */
const RU_ENDINGS = ['ами', 'ями', 'ого', 'ему', 'ой', 'ей', 'ою', 'ею', 'ом', 'ем', 'ам', 'ям', 'ах', 'ях', 'ы', 'и', 'е', 'у', 'ю', 'а', 'я', 'о', 'ь', 'й'];
const CYRILLIC = /\p{Script=Cyrillic}/u;
const WORD = /[\p{L}][\p{L}'’-]*/gu;
const MIN_LENGTH = 3;

/**
 * A word as it sounds in Latin letters, so that one name written in either script, or in two
 * common transliterations (Yuliya / Julia, Dmitriy / Dmitry, Sergey / Sergei), gives one key.
 */
function key(word: string): string {
  return transliterate(word.toLowerCase()).toLowerCase()
    .replace(/['’`]/g, '').replace(/x/g, 'ks').replace(/j/g, 'y').replace(/kh/g, 'h')
    .replace(/yu/g, 'iu').replace(/ya/g, 'ia').replace(/iy/g, 'i').replace(/ey/g, 'ei').replace(/ii/g, 'i').replace(/y$/, 'i');
}

/** The key without a final vowel: the part an inflected Russian form shares with it. */
const stem = (k: string) => (k.length > MIN_LENGTH && /[aeiou]$/.test(k) ? k.slice(0, -1) : k);

/** The stems of a Cyrillic word once each case ending that fits is taken off (the word itself too). */
function cyrillicStems(word: string): string[] {
  const lower = word.toLowerCase();
  const out = [key(lower)];
  for (const ending of RU_ENDINGS) {
    if (lower.endsWith(ending) && lower.length - ending.length >= MIN_LENGTH) out.push(key(lower.slice(0, -ending.length)));
  }
  return out;
}

/**
 * Finds the words of a tenant's contacts' names in text, in either script: exact keys for
 * Latin words (and a possessive 's), stems for Cyrillic words (Russian inflects names).
 */
export class NameMatcher {
  private readonly keys = new Set<string>();
  private readonly stems = new Set<string>();

  constructor(names: Iterable<string>) {
    for (const name of names) {
      for (const [word] of name.matchAll(WORD)) {
        const k = key(word);
        if ([...word].length < MIN_LENGTH || k.length < MIN_LENGTH || COMMON_WORDS.has(k)) continue;
        this.keys.add(k);
        this.stems.add(stem(k));
        // A Cyrillic name's own nominative stem (Игорь -> igor, Анна -> ann).
        if (CYRILLIC.test(word)) for (const s of cyrillicStems(word)) if (s.length >= MIN_LENGTH) this.stems.add(s);
      }
    }
  }

  get size(): number {
    return this.keys.size;
  }

  matches(word: string): boolean {
    if ([...word].length < MIN_LENGTH) return false;
    const k = key(word);
    if (COMMON_WORDS.has(k)) return false;
    if (this.keys.has(k) || this.keys.has(k.replace(/s$/, ''))) return true;
    return CYRILLIC.test(word) && cyrillicStems(word).some((s) => s.length >= MIN_LENGTH && this.stems.has(s));
  }

  /** The text with each matching word replaced by `placeholder`. */
  redact(text: string, placeholder: string): string {
    if (!this.keys.size) return text;
    return text.replace(WORD, (word) => (this.matches(word) ? placeholder : word));
  }
}
