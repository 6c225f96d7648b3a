/**
 * Word handling of the builtin seller: unicode word tokens and a prefix "stemmer" good enough
 * for Russian and English inflection (кроссовки/кроссовок, sneaker/sneakers).
 */

/** Lowercase letter-and-digit runs; ё is read as е. Single characters are dropped. */
export function words(text: string): string[] {
  const found = text.normalize('NFKC').toLowerCase().replaceAll('ё', 'е').match(/[\p{L}\p{N}]+/gu) ?? [];
  return found.filter((w) => w.length > 1);
}

/** Shortest shared beginning that makes two different words one word. */
const MIN_STEM = 4;
/** Longest ending either word may have after the shared beginning. */
const MAX_ENDING = 3;

/**
 * Same word up to its ending: equal, or sharing a beginning of at least 4 characters after which
 * each has at most 3 more (кроссовки/кроссовок, платье/платьев, dress/dresses; not card/cardigan).
 */
export function sameStem(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length < MIN_STEM || b.length < MIN_STEM) return false;
  let shared = 0;
  while (shared < a.length && shared < b.length && a[shared] === b[shared]) shared++;
  return shared >= MIN_STEM && a.length - shared <= MAX_ENDING && b.length - shared <= MAX_ENDING;
}

/** Words that say nothing about a product (ru, en, id), so they never match a description. */
const STOP_WORDS = new Set([
  // en
  'a', 'an', 'the', 'and', 'or', 'but', 'for', 'to', 'of', 'in', 'on', 'at', 'by', 'with', 'from', 'about', 'is', 'are',
  'be', 'it', 'its', 'this', 'that', 'these', 'those', 'do', 'does', 'you', 'your', 'have', 'has', 'we', 'me', 'my',
  'want', 'need', 'would', 'like', 'can', 'could', 'please', 'what', 'which', 'how', 'much', 'many', 'any', 'some',
  'there', 'show', 'tell', 'buy', 'looking', 'price', 'cost', 'sell', 'get', 'got', 'not', 'no', 'yes', 'so', 'if',
  // ru
  'и', 'в', 'во', 'на', 'с', 'со', 'по', 'для', 'у', 'о', 'об', 'от', 'до', 'из', 'за', 'к', 'не', 'ли', 'же', 'то',
  'это', 'а', 'но', 'или', 'как', 'что', 'есть', 'мне', 'меня', 'я', 'вы', 'вас', 'ваш', 'хочу', 'хотел', 'хотела',
  'нужен', 'нужна', 'нужно', 'нужны', 'какой', 'какая', 'какие', 'сколько', 'стоит', 'цена', 'купить', 'покажите',
  'подскажите', 'пожалуйста', 'можно', 'ищу', 'еще', 'уже', 'так', 'там', 'тут', 'да', 'нет',
  // id
  'dan', 'atau', 'untuk', 'dari', 'ke', 'di', 'yang', 'ini', 'itu', 'ada', 'apa', 'saya', 'anda', 'mau', 'ingin',
  'berapa', 'harga', 'beli', 'tolong', 'bisa', 'tidak', 'ya',
]);

/** The words of a text that can point at a product, without repeats. */
export function contentWords(text: string): string[] {
  return [...new Set(words(text).filter((w) => !STOP_WORDS.has(w)))];
}
