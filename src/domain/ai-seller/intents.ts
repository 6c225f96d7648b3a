/** What the builtin seller recognises besides products: a greeting, a request for a human. */

const GREETING_WORDS = new Set([
  'hi', 'hello', 'hey', 'hiya', 'greetings', 'howdy',
  'привет', 'приветик', 'приветствую', 'здравствуйте', 'здравствуй', 'здрасте', 'здрасьте', 'хай', 'салам',
  'halo', 'hai', 'hallo',
]);
const GREETING_PAIRS = new Set([
  'good morning', 'good afternoon', 'good evening', 'good day',
  'добрый день', 'добрый вечер', 'доброе утро', 'доброго дня', 'доброй ночи',
  'selamat pagi', 'selamat siang', 'selamat sore', 'selamat malam',
]);

const HUMAN_WORDS = [
  /^(operator|human|manager|person|agent|representative|staff)s?$/,
  /^(оператор|человек|менеджер|консультант|сотрудник|администратор)(а|у|ом|е|ы|ов|ам|ами|ах)?$/,
  /^жив(ой|ого|ому|ым|ая|ую|ые|ых|ыми)$/,
  /^(manusia|petugas|admin|cs)$/,
];

/** `words` as from words(): a greeting word, or a greeting of two words. */
export function isGreeting(words: string[]): boolean {
  return words.some((w, i) => GREETING_WORDS.has(w) || (i > 0 && GREETING_PAIRS.has(`${words[i - 1]} ${w}`)));
}

/** The customer asks for an operator, a manager, a human (in any of the forms above). */
export function asksForHuman(words: string[]): boolean {
  return words.some((w) => HUMAN_WORDS.some((pattern) => pattern.test(w)));
}
