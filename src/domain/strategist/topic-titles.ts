import { PLACEHOLDER } from '../privacy/redaction.js';

/**
 * A customer's question as a topic title (docs/decisions.md, "Topic titles from customer
 * questions"): "Hi, I'm [name], do you have sneakers in size 42? Mail me at [email]" becomes
 * "Sneakers in size 42". Deterministic rules, no model: the question's sentence, without the
 * clauses that greet, thank or carry personal data, with its question form rewritten as a
 * subject ("do you have X" → "X", "do you ship to X" → "Delivery to X", "can I X" → "How to
 * X"), without the question mark, capitalised, at most 80 characters.
 *
 * It reads text the redaction step (src/domain/privacy/redaction.ts) has already been through:
 * a clause holding a placeholder is left out whole, so a title never carries what stood there
 * (an e-mail, a phone, a name), nor the placeholder itself.
 */

/** Longest title, in characters (cut at a word). */
export const TOPIC_TITLE_CHARS = 80;

const PLACEHOLDERS = Object.values(PLACEHOLDER);
const holdsPersonalData = (clause: string) => PLACEHOLDERS.some((p) => clause.includes(p));

/** A clause that only greets, thanks or asks politely: nothing of the subject. */
const PLEASANTRY = new RegExp(`^(?:${[
  'hi', 'hello', 'hey', 'good (?:morning|afternoon|evening|day)', 'thanks?(?: you)?(?: in advance)?', 'please', 'sorry', 'excuse me', 'dear \\S+',
  'здравствуйте', 'привет', 'добрый (?:день|вечер)', 'доброе утро', 'спасибо(?: заранее)?', 'пожалуйста', 'извините', 'подскажите(?: пожалуйста)?', 'скажите(?: пожалуйста)?',
  'halo', 'hai', 'selamat (?:pagi|siang|sore|malam)', 'terima kasih', 'tolong', 'permisi', 'maaf',
].join('|')})$`, 'iu');

/** Words that lead into a question without being part of it. */
const LEAD_IN = /^(?:(?:so|and|also|well|ok|okay|please|tell me|а|и|ещё|еще|скажите|подскажите|пожалуйста|jadi|dan)\s+)+/iu;

/** Question forms and the subject each leaves; first match wins. */
const REWRITES: [RegExp, string][] = [
  // en
  [/^how (?:do|can|should|could) (?:i|we|you|one) (.+)$/iu, 'How to $1'],
  [/^(?:do|does|can|could|will|would) (?:you|u|they)(?: guys)? (?:ship|deliver|send)(?: (?:it|them|orders?|parcels?|goods))?\b\s*(.*)$/iu, 'Delivery $1'],
  [/^(?:do|does|did) (?:you|u|they)(?: guys)?(?: still)? (?:have|sell|stock|carry|offer|make)(?: any)? (.+)$/iu, '$1'],
  [/^(?:have you got|do you have any|got any) (.+)$/iu, '$1'],
  [/^(?:can|could|may|should) (?:i|we) (.+)$/iu, 'How to $1'],
  [/^(?:is|are) there(?: any)? (.+)$/iu, '$1'],
  [/^(?:i(?:'m|’m| am)|im) looking for (.+)$/iu, '$1'],
  [/^i(?:'d| would)? (?:want|need|like)(?: to (?:buy|order|get))? (.+)$/iu, '$1'],
  [/^(what|which|where|when|why|how(?: much| many| long| often)?)((?: \S+)*?) (?:do|did) (.+)$/iu, '$1$2 $3'],
  // ru
  [/^(?:а )?(?:у вас )?есть(?: ли)?(?: у вас)?(?: в наличии)? (.+)$/iu, '$1'],
  [/^(?:вы )?(?:доставляете|отправляете|привозите)(?: ли)?(?:\s+(.*))?$/iu, 'Доставка $1'],
  [/^(?:можно|могу)(?: ли)?(?: я)?(?: у вас)? (.+)$/iu, 'Как $1'],
  [/^(?:я )?(?:ищу|хочу купить|хочу заказать|хочу|нужен|нужна|нужно|нужны) (.+)$/iu, '$1'],
  [/^(?:вы )?продаете (.+)$/iu, '$1'],
  // id
  [/^(?:apakah )?(?:ada|jual)(?: yang)? (.+)$/iu, '$1'],
  [/^(?:apakah )?bisa (?:kirim|antar)(?:\s+(.*))?$/iu, 'Pengiriman $1'],
];

/** The sentences a title may be made of, in order: those that ask (end in ?) before the others, those without personal data first in each. */
function questionSentence(text: string): string[] {
  const sentences = (text.match(/[^.!?\n]+[.!?]*/gu) ?? []).map((s) => s.trim()).filter(Boolean);
  const rank = (s: string) => (s.includes('?') ? 0 : 2) + (holdsPersonalData(s) ? 1 : 0);
  return sentences.map((s, i) => ({ s, i })).sort((a, b) => rank(a.s) - rank(b.s) || a.i - b.i).map((x) => x.s);
}

/** One placeholder or several in a row, with the short word that tied them into the sentence ("near [address]", "на [name] [name]"). */
const PIECE = PLACEHOLDERS.map((p) => p.replace(/[[\]]/g, '\\$&')).join('|');
const TIE = [
  'near', 'at', 'on', 'to', 'for', 'from', 'of', 'in', 'by', 'with', 'is', 'are', 'my', 'me',
  'около', 'возле', 'на', 'для', 'от', 'у', 'по', 'в', 'к', 'с', 'мой', 'моя', 'мне',
  'atas nama', 'untuk', 'di', 'ke', 'dari', 'nama', 'saya',
].join('|');
const HELD_PIECE = new RegExp(`(?:\\s+(?:${TIE}))?\\s*(?:${PIECE})(?:\\s*(?:${PIECE}))*`, 'giu');

/**
 * The sentence without its pleasantries and its clauses that held personal data; when every
 * clause held some, the clauses without the pieces (and the word that tied each in), so
 * "Is there a showroom near [address] where I can try the sofa?" keeps its question.
 */
function subjectClauses(sentence: string): { text: string; stripped: boolean } {
  const clauses = sentence.split(/[,;:—–]|\s-\s/u).map((c) => c.replace(/[.!?]+$/u, '').trim()).filter((c) => c && !PLEASANTRY.test(c));
  const clean = clauses.filter((c) => !holdsPersonalData(c));
  if (clean.length) return { text: clean.join(', '), stripped: false };
  const text = clauses.map((c) => c.replace(HELD_PIECE, ' ').replace(/\s+/gu, ' ').trim()).filter((c) => /\p{L}/u.test(c) && !PLEASANTRY.test(c)).join(', ');
  return { text, stripped: true };
}

function rewritten(clause: string): string {
  const plain = clause.replace(LEAD_IN, '').trim();
  for (const [form, subject] of REWRITES) if (form.test(plain)) return plain.replace(form, subject).trim();
  return plain;
}

function cut(title: string): string {
  const chars = [...title];
  if (chars.length <= TOPIC_TITLE_CHARS) return title;
  const head = chars.slice(0, TOPIC_TITLE_CHARS + 1).join('');
  const atWord = head.slice(0, head.lastIndexOf(' '));
  return (atWord || chars.slice(0, TOPIC_TITLE_CHARS).join('')).replace(/[\s,]+$/u, '');
}

/** The topic title of a (redacted) customer question; null when nothing of a subject is left. */
export function topicTitle(redactedQuestion: string): string | null {
  for (const sentence of questionSentence(redactedQuestion.normalize('NFC'))) {
    const { text, stripped } = subjectClauses(sentence);
    if (!text) continue;
    const title = cut(rewritten(text).replace(/\s+/gu, ' ').replace(/^[\s,]+|[\s,.!?¿]+$/gu, ''));
    // What is left of a question about the customer alone ("Can you send it to [email]?" -> "Delivery") is no subject.
    if (stripped && (title.match(/\p{L}+/gu)?.length ?? 0) < 2) continue;
    if (/\p{L}/u.test(title)) return title.charAt(0).toLocaleUpperCase() + title.slice(1);
  }
  return null;
}
