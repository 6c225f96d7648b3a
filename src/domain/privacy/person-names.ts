import { AMBIGUOUS_GIVEN_NAMES, CYRILLIC_GIVEN_NAMES, INDONESIAN_GIVEN_NAMES, INDONESIAN_SECOND_NAMES, LATIN_GIVEN_NAMES, LATIN_SPELLINGS_OF_CYRILLIC_NAMES } from './first-names.js';
import { NameMatcher, TITLES, isCommonWord, key } from './names.js';

/**
 * Names of people the tenant has no contact for (issue 41 item 7): a customer introducing
 * herself ("Hi, Yuliya Sokolova here", "Меня зовут Анна", "Nama saya Budi"), signing
 * ("Regards, Oleg", "С уважением, Иванова А.С.", "Salam, Dewi"), or naming someone ("Передайте
 * Анне Смирновой", "Can Charlotte Davies pick it up?"), in Latin or Cyrillic letters. A run of
 * capitalised words is a name when a word before or after it says so, or when it holds a known
 * given name, or a surname's ending beside another part of a name. Measured on a labelled
 * corpus, tune and holdout halves: docs/benchmarks.md "Names the redaction still missed".
 */

const CYRILLIC = /\p{Script=Cyrillic}/u;
const AMBIGUOUS = new Set(AMBIGUOUS_GIVEN_NAMES.map((n) => key(n)));
const unambiguous = (names: readonly string[]) => names.filter((n) => !AMBIGUOUS.has(key(n)));
/** Cyrillic words are read by their stems against Russian-speaking names only (a Latin "Novi" would take "Нового"). */
const GIVEN_CYRILLIC = new NameMatcher(unambiguous([...CYRILLIC_GIVEN_NAMES, ...LATIN_SPELLINGS_OF_CYRILLIC_NAMES]));
const GIVEN_LATIN = new NameMatcher(unambiguous([...LATIN_GIVEN_NAMES, ...INDONESIAN_GIVEN_NAMES, ...INDONESIAN_SECOND_NAMES]));
const GIVEN_AMBIGUOUS = new NameMatcher(AMBIGUOUS_GIVEN_NAMES.filter((n) => CYRILLIC.test(n)));
const GIVEN_AMBIGUOUS_LATIN = new NameMatcher(AMBIGUOUS_GIVEN_NAMES.filter((n) => !CYRILLIC.test(n)));
const isGiven = (w: string) => GIVEN_CYRILLIC.has(w) || (!CYRILLIC.test(w) && GIVEN_LATIN.has(w));
const isAmbiguous = (w: string) => GIVEN_AMBIGUOUS.has(w) || (!CYRILLIC.test(w) && GIVEN_AMBIGUOUS_LATIN.has(w)) || isCommonWord(w);

/** Surnames and patronymics by their endings: -ov/-ova, -ev/-eva, -in/-ina, -sky/-skaya, -enko, -uk, -yan, -dze, -vich/-vna; Indonesian -wati, -wan, -ningsih, -yanto. */
const LATIN_SURNAME = /^\p{Lu}[\p{Ll}'’]{2,}(?:ov|ova|ev|eva|yov|yova|in|ina|yn|yna|skiy|skii|sky|ski|skaya|ska|tskiy|tsky|tskaya|enko|chuk|uk|yuk|yan|dze|shvili|ovich|evich|ovna|evna|wati|wan|ningsih|yanti|yanto|sari)$/u;
/** The same in Cyrillic, with the case endings of each (Смирновой, Троицкому, Петросяну, Сергеевны). */
const CYRILLIC_SURNAME = new RegExp(`^\\p{Lu}\\p{Ll}{2,}(?:${[
  '(?:ов|ев|ёв|ин|ын)(?:а|у|ым|ой|ом|ою|е|ы)?', '(?:ск|цк)(?:ий|ого|ому|им|ом|ая|ой|ую)', 'енко', '(?:ук|юк)(?:а|у|ом|е)?', 'ян(?:а|у|ом|е)?', 'дзе', 'швили',
  '(?:ович|евич)(?:а|у|ем|е)?', '(?:овн|евн|ичн)(?:а|ы|е|у|ой)',
].join('|')})$`, 'u');

/** Capitalised words that start runs but are not names: greetings, sign-offs, question and function words, days and months, the shop's own words. */
const NOT_NAMES = new Set([
  'hi', 'hello', 'hey', 'hiya', 'dear', 'good', 'morning', 'afternoon', 'evening', 'thanks', 'thank', 'regards', 'kind', 'best', 'many', 'cheers', 'yours',
  'sincerely', 'faithfully', 'warm', 'wishes', 'the', 'a', 'an', 'i', "i'm", 'im', 'my', 'me', 'this', "it's", 'it', 'is', 'are', 'was', 'do', 'does',
  'did', 'can', 'could', 'would', 'should', 'shall', 'might', 'must', 'please', 'what', 'when', 'where', 'why', 'how', 'which', 'who',
  'yes', 'no', 'ok', 'okay', 'and', 'or', 'but', 'if', 'just', 'also', 'not', 'so', 'any', 'your', 'you', 'we', 'our', 'they', 'he', 'she', 'there',
  'here', 'sir', 'madam', 'team', 'customer', 'customers', 'services', 'service', 'support', 'admin', 'store', 'shop', 'order', 'urgent', 'happy',
  'about', 'from', 'to', 'for', 'with', 'at', 'in', 'on', 'of', 'by', 'as', 'am', 'be', 'have', 'has', 'need', 'want', 'love', 'accounts', 'sales',
  'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'january', 'february', 'march', 'july', 'september',
  'october', 'november', 'december', 'christmas', 'easter', 'black', 'boxing', 'day', 'new', 'year', 'royal', 'mail', 'sale', 'delivery', 'refund',
  'russian', 'english', 'british', 'indonesian', 'mum', 'mom', 'dad', 'not', 'sorry', 'interested', 'looking', 'writing', 'speaking', 'still',
  'здравствуйте', 'здравствуй', 'добрый', 'доброе', 'доброго', 'добрая', 'день', 'утро', 'вечер', 'привет', 'спасибо', 'уважением', 'с', 'я', 'мы',
  'вы', 'это', 'как', 'где', 'когда', 'что', 'почему', 'зачем', 'есть', 'можно', 'подскажите', 'скажите', 'пожалуйста', 'заранее', 'всего', 'и',
  'а', 'но', 'или', 'да', 'нет', 'мой', 'моя', 'мои', 'наш', 'ваш', 'заказ', 'магазин', 'новый', 'год', 'черная', 'чёрная', 'пятница', 'срочно',
  'хочу', 'из', 'в', 'на', 'по', 'для', 'у', 'к', 'о', 'от', 'до', 'за', 'очень', 'уже', 'ещё', 'еще', 'новинка', 'скидка', 'доставка', 'понедельник',
  'вторник', 'среда', 'четверг', 'суббота', 'воскресенье', 'благодарю', 'уважаемые', 'уважаемый', 'коллеги', 'менеджер', 'поддержка', 'администратор',
  'halo', 'hai', 'selamat', 'pagi', 'siang', 'sore', 'malam', 'terima', 'kasih', 'makasih', 'salam', 'hormat', 'saya', 'aku', 'kami', 'kita',
  'anda', 'kak', 'kakak', 'ini', 'itu', 'apakah', 'apa', 'bisa', 'mau', 'ada', 'tidak', 'sudah', 'belum', 'dan', 'atau', 'tapi', 'yang', 'di',
  'ke', 'dari', 'untuk', 'dengan', 'min', 'gan', 'sis', 'barang', 'baru', 'harga', 'suka', 'tolong', 'mohon', 'permisi', 'assalamualaikum',
  'wassalam', 'sehat', 'promo', 'toko', 'pesanan', 'kirim', 'bayar', 'ongkir', 'minggu', 'senin', 'selasa', 'rabu', 'kamis', 'jumat', 'sabtu',
]);

type Cue = 'strong' | 'intro' | 'signoff';
/** Words before a name that say it is one, each with what may stand between them and the name. */
const CUES: { words: string[]; cue: Cue }[] = [
  ...['my name is', "my name's", 'меня зовут', 'зовут меня', 'моё имя', 'мое имя', 'nama saya', 'nama aku', 'namaku', 'nama ku', 'на имя', 'atas nama']
    .map((p) => ({ words: p.split(' '), cue: 'strong' as const })),
  ...[...TITLES].map((t) => ({ words: [t], cue: 'strong' as const })),
  ...["i'm", 'i am', 'im', 'this is', "it's", 'it is', "here's", 'я', 'это', 'с вами', 'беспокоит', 'saya', 'aku', 'ini', 'dengan',
    'wife', 'husband', 'son', 'daughter', 'mum', 'mom', 'mother', 'father', 'dad', 'friend', 'colleague', 'partner', 'brother', 'sister', 'recipient',
    'муж', 'жена', 'сын', 'дочь', 'дочка', 'мама', 'папа', 'брат', 'сестра', 'подруга', 'друг', 'коллега', 'получатель', 'suami', 'istri', 'anak',
    'adik', 'penerima', 'penerimanya']
    .map((p) => ({ words: p.split(' '), cue: 'intro' as const })),
  ...['regards', 'kind regards', 'best regards', 'warm regards', 'best wishes', 'many thanks', 'thanks', 'thank you', 'cheers', 'best', 'sincerely',
    'yours sincerely', 'yours faithfully', 'с уважением', 'спасибо', 'заранее спасибо', 'всего доброго', 'всего хорошего', 'с наилучшими пожеланиями',
    'благодарю', 'salam', 'salam hangat', 'terima kasih', 'makasih', 'hormat saya', 'hormat kami', 'wassalam', 'trims', 'thx']
    .map((p) => ({ words: p.split(' '), cue: 'signoff' as const })),
];
/** Words after a name that say it is one: "Oliver Bennett here", "Анна на связи", "Budi di sini". */
const AFTER = /^[ \t]*[,:]?[ \t]*(?:here|speaking|writing|здесь|на связи|на проводе|di ?sini)(?![\p{L}])/iu;
/** A greeting right after a name that opens the message: "Анна, добрый день". */
const GREETING_AFTER = /^,[ \t]*(?:добр|здравств|привет|hi\b|hello|good (?:morning|afternoon|evening)|halo|selamat)/iu;

/** A name's parts: an initial or initials ("А.С.", "H."), or a word. */
const TOKEN = /(\p{Lu}\.(?:[ \t]?\p{Lu}\.)*)|(\p{L}[\p{L}'’-]*)/gu;
interface Token { text: string; start: number; end: number; initial: boolean }

type Part = 'given' | 'ambiguous' | 'surname' | 'initial' | 'other' | 'title' | 'not';

const lower = (w: string) => w.toLowerCase().replace(/’/g, "'");
const capitalised = (w: string) => /^\p{Lu}/u.test(w) && /\p{Ll}/u.test(w);

function partOf(t: Token): Part {
  if (t.initial) return 'initial';
  const w = t.text;
  if (NOT_NAMES.has(lower(w))) return 'not';
  if (TITLES.has(lower(w))) return 'title';
  const bare = w.replace(/['’]s$/u, '');
  if (isGiven(bare)) return 'given';
  if (isAmbiguous(bare)) return 'ambiguous';
  if (LATIN_SURNAME.test(w) || CYRILLIC_SURNAME.test(w)) return 'surname';
  return 'other';
}

/** The cue that ends right before token i, if what lies between them allows it. */
function cueBefore(text: string, tokens: Token[], i: number): Cue | null {
  for (const { words, cue } of CUES) {
    const from = i - words.length;
    if (from < 0 || words.some((w, j) => lower(tokens[from + j]!.text) !== w)) continue;
    // The cue's own words stand apart by spaces only.
    if (words.slice(1).some((_w, j) => !/^[ \t]+$/.test(text.slice(tokens[from + j]!.end, tokens[from + j + 1]!.start)))) continue;
    const gap = text.slice(tokens[i - 1]!.end, tokens[i]!.start);
    if (cue === 'signoff' ? /^[,!.]?\s*$/.test(gap) : /^(?:[ \t]+|[ \t]*[:—–-][ \t]*|\.[ \t]*)$/.test(gap)) return cue;
  }
  return null;
}

/**
 * The spans of names in `text`, each [start, end) covering one name's words (and initials);
 * the words' own spans, so each can be replaced by itself.
 */
export function personNameWords(text: string): [number, number][] {
  const tokens: Token[] = [...text.matchAll(TOKEN)].map((m) => ({ text: m[0], start: m.index, end: m.index + m[0].length, initial: m[1] !== undefined }));
  const spans: [number, number][] = [];
  let i = 0;
  while (i < tokens.length) {
    const cue = i > 0 ? cueBefore(text, tokens, i) : null;
    const first = tokens[i]!;
    // A run: name-like tokens apart by spaces only (a strong cue also takes a lowercase name: "nama saya budi").
    const run: Token[] = [];
    const parts: Part[] = [];
    for (let j = i; j < tokens.length && run.length < 4; j++) {
      const t = tokens[j]!;
      if (j > i && !/^[ \t]+$/.test(text.slice(tokens[j - 1]!.end, t.start))) break;
      // A title opens no name ("Pak Budi": Budi), but inside one it is a surname ("Anna Pak").
      let part = partOf(t);
      if (part === 'title') {
        if (!run.length) break;
        part = 'other';
      }
      const lowercaseName = cue === 'strong' && !capitalised(t.text) && !t.initial && (part === 'given' || part === 'ambiguous' || part === 'surname');
      if (!(t.initial || capitalised(t.text) || lowercaseName) || part === 'not') break;
      run.push(t);
      parts.push(part);
    }
    if (!run.length) {
      i++;
      continue;
    }
    const last = run[run.length - 1]!;
    const after = text.slice(last.end);
    const endsLine = /^[ \t.!)]*(?:\n|$)/.test(after);
    const startsMessage = /^\s*$/.test(text.slice(0, first.start));
    const dashBefore = /[—–]\s*$|\s-\s*$/.test(text.slice(0, first.start));
    const lineAlone = /\n[ \t]*$/.test(text.slice(0, first.start)) && /^[ \t.!]*$/.test(after);
    const has = (p: Part) => parts.includes(p);
    const adjacentParts = parts.length > 1 && parts.every((p) => p !== 'other') && (has('given') || has('surname') || has('ambiguous'));
    const looksLikeName = has('given') || has('surname') || (has('ambiguous') && (parts.length === 1 || adjacentParts || has('initial')));
    const said =
      cue === 'strong'
      || ((cue === 'signoff' || dashBefore || lineAlone) && endsLine)
      || AFTER.test(after)
      || (startsMessage && GREETING_AFTER.test(after))
      || (cue === 'intro' && (looksLikeName || (parts.length > 1 && parts[0] === 'ambiguous')))
      || (cue === 'signoff' && (has('given') || (has('surname') && parts.length > 1)));
    const known = has('given')
      || (has('ambiguous') && (adjacentParts || has('initial')))
      || ((has('surname') || has('other')) && has('initial'))
      || (has('surname') && parts.filter((p) => p === 'surname').length > 1);
    if (!said && !known) {
      i++;
      continue;
    }
    // A name known by its words alone leaves a sentence's first word that is no part of a name ("Send Anna ...": Send).
    let from = 0;
    if (!said && parts[0] === 'other' && /(?:^|[.!?\n])\s*$/.test(text.slice(0, first.start))) from = 1;
    for (const t of run.slice(from)) spans.push([t.start, t.end]);
    i += run.length;
  }
  return spans;
}

/** `text` with each word of each name found replaced by `placeholder`. */
export function redactPersonNames(text: string, placeholder: string): string {
  let out = text;
  for (const [start, end] of personNameWords(text).reverse()) out = out.slice(0, start) + placeholder + out.slice(end);
  return out;
}
