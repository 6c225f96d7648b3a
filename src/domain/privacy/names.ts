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
export function key(word: string): string {
  return transliterate(word.toLowerCase()).toLowerCase()
    .replace(/['’`]/g, '').replace(/x/g, 'ks').replace(/j/g, 'y').replace(/kh/g, 'h')
    // Yelena / Elena, Fyodor / Fedor, Artyom / Artem, Aigul / Aygul, Zaitsev / Zaytsev.
    .replace(/^ye/, 'e').replace(/yo/g, 'e').replace(/([aeiou])y(?![aeiou])/g, '$1i')
    .replace(/ts|tz/g, 'c').replace(/yu/g, 'iu').replace(/ya/g, 'ia').replace(/iy/g, 'i').replace(/ey/g, 'ei').replace(/ii/g, 'i').replace(/y$/, 'i');
}

/** The key without a final vowel: the part an inflected Russian form shares with it. */
const stem = (k: string) => (k.length > MIN_LENGTH && /[aeiou]$/.test(k) ? k.slice(0, -1) : k);
/** The key without a fleeting vowel before its last consonant: Павел -> Павла, Лев -> Льва. */
const fleeting = (k: string) => k.replace(/[eo]([^aeiou])$/, '$1');
/** Words before a name that say it is one: Pak Budi, Bu Dewi, Mr Will. */
export const TITLES = new Set(['pak', 'bu', 'ibu', 'bapak', 'mas', 'mbak', 'kak', 'mr', 'mrs', 'ms', 'miss', 'dr', 'г-н', 'г-жа', 'господин', 'госпожа']);
const capitalised = (word: string) => /^\p{Lu}/u.test(word);
/** A first name that is also a common word of the three languages (Will, Вера, Budi). */
export const isCommonWord = (word: string): boolean => COMMON_WORDS.has(key(word));

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
  /** Words of contacts' names that are also common words: a name only beside another part of a name or after a title. */
  private readonly commonKeys = new Set<string>();

  constructor(names: Iterable<string>) {
    for (const name of names) {
      for (const [word] of name.matchAll(WORD)) {
        const k = key(word);
        if ([...word].length < MIN_LENGTH || k.length < MIN_LENGTH) continue;
        if (COMMON_WORDS.has(k)) {
          this.commonKeys.add(k);
          continue;
        }
        this.keys.add(k);
        this.stems.add(stem(k));
        if (fleeting(k).length >= MIN_LENGTH) this.stems.add(fleeting(k));
        // A Cyrillic name's own nominative stem (Игорь -> igor, Анна -> ann).
        if (CYRILLIC.test(word)) for (const s of cyrillicStems(word)) if (s.length >= MIN_LENGTH) this.stems.add(s);
      }
    }
  }

  get size(): number {
    return this.keys.size;
  }

  /** A Latin word's own key only (no possessive "s": Philips is not Philip); a Cyrillic word by its stems as in matches(). */
  has(word: string): boolean {
    return CYRILLIC.test(word) ? this.matches(word) : [...word].length >= MIN_LENGTH && this.keys.has(key(word));
  }

  matches(word: string): boolean {
    if ([...word].length < MIN_LENGTH) return false;
    const k = key(word);
    if (COMMON_WORDS.has(k)) return false;
    if (this.keys.has(k) || this.keys.has(k.replace(/s$/, ''))) return true;
    return CYRILLIC.test(word) && cyrillicStems(word).some((s) => s.length >= MIN_LENGTH && this.stems.has(s));
  }

  /**
   * The text with each matching word replaced by `placeholder`; a contact's name word that is
   * also a common word (Budi, Will) only when capitalised beside a matched word or after a title.
   */
  redact(text: string, placeholder: string): string {
    if (!this.keys.size && !this.commonKeys.size) return text;
    const words = [...text.matchAll(WORD)];
    const hit = words.map(([w]) => this.matches(w));
    const common = (i: number) => {
      const w = words[i]![0];
      if (!capitalised(w) || !this.commonKeys.has(key(w))) return false;
      const before = words[i - 1]?.[0].toLowerCase();
      return hit[i - 1] === true || hit[i + 1] === true || (before !== undefined && TITLES.has(before));
    };
    const redacted = hit.map((h, i) => h || common(i));
    let out = '';
    let at = 0;
    for (const [i, m] of words.entries()) {
      if (!redacted[i]) continue;
      out += text.slice(at, m.index) + placeholder;
      at = m.index + m[0].length;
    }
    return out + text.slice(at);
  }
}
