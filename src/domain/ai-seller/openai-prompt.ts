import type { CatalogueEntry, SellerContext, SellerTurn } from './seller-model.js';
import { CHARS_PER_TOKEN } from './pricing.js';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Caps that keep a prompt near PROMPT_TOKEN_CAP tokens (the instructions take the rest). */
const CATALOGUE_CHAR_CAP = 6000;
const HISTORY_CHAR_CAP = 5000;
const HISTORY_TURN_CAP = 20;
const GREETING_CHAR_CAP = 300;
/** The instructions around the catalogue (with a greeting at its cap). */
const INSTRUCTIONS_CHAR_ALLOWANCE = 1000;
/** The prompt size costBounds() assumes (an estimate: 4000 tokens). */
export const PROMPT_TOKEN_CAP = Math.ceil((CATALOGUE_CHAR_CAP + HISTORY_CHAR_CAP + INSTRUCTIONS_CHAR_ALLOWANCE) / CHARS_PER_TOKEN);

const LANGUAGE_NAMES: Record<string, string> = { ru: 'Russian', en: 'English', id: 'Indonesian (Bahasa Indonesia)' };

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

function languageRule(language: string | null): string {
  if (!language) return 'Reply in the language the customer writes in.';
  return `Reply in ${LANGUAGE_NAMES[language] ?? `the language with ISO 639-1 code "${language}"`}, unless the customer writes in another language.`;
}

/** `- code | name | price | description` per card while the catalogue cap allows. */
function catalogueLines(catalogue: CatalogueEntry[]): string[] {
  const lines: string[] = [];
  let used = 0;
  for (const e of catalogue) {
    const line = `- ${e.code} | ${oneLine(e.name)} | ${e.price_text ? oneLine(e.price_text) : 'no price'}${e.description ? ` | ${oneLine(e.description)}` : ''}`;
    if (used + line.length > CATALOGUE_CHAR_CAP) {
      lines.push(`(${catalogue.length - lines.length} more products are not listed; do not recommend them)`);
      break;
    }
    lines.push(line);
    used += line.length + 1;
  }
  return lines;
}

/** The system prompt: who the seller is, the language, the greeting, the catalogue and the marker rules. */
export function systemPrompt(context: SellerContext): string {
  const parts = [
    `You are the sales assistant of "${oneLine(context.tenantName)}" in a customer chat. Be brief, friendly and truthful.`,
    languageRule(context.language),
  ];
  if (context.greeting?.trim()) {
    parts.push(`When the customer only greets you, answer with this greeting: "${oneLine(context.greeting).slice(0, GREETING_CHAR_CAP)}"`);
  }
  parts.push('If the customer asks for a human (an operator, a manager), or you cannot help, answer exactly [HANDOFF] (or end a short reply with [HANDOFF]); a colleague takes over.');
  if (context.catalogue.length === 0) {
    parts.push('The catalogue is empty: recommend no products; for product questions answer [HANDOFF].');
  } else {
    parts.push(
      'Recommend only products from the catalogue below, with their names and prices as listed; never invent products, prices or codes.',
      `Right after each product you recommend, write its marker [CARD:<code>] with the code from the catalogue, e.g. [CARD:${context.catalogue[0]!.code}]. Write markers only for codes in the catalogue.`,
      ['Catalogue (code | name | price | description):', ...catalogueLines(context.catalogue)].join('\n'),
    );
  }
  return parts.join('\n\n');
}

function toMessage(turn: SellerTurn): ChatMessage {
  switch (turn.sender) {
    case 'customer': return { role: 'user', content: turn.content };
    case 'ai': return { role: 'assistant', content: turn.content };
    case 'operator': return { role: 'assistant', content: `Operator: ${turn.content}` };
    case 'system': return { role: 'system', content: turn.content };
  }
}

/** The last turns that fit the caps, oldest first; the last turn always, cut to the cap if long. */
function recentTurns(history: SellerTurn[]): SellerTurn[] {
  const kept: SellerTurn[] = [];
  let used = 0;
  for (let i = history.length - 1; i >= 0 && kept.length < HISTORY_TURN_CAP; i--) {
    const turn = history[i]!;
    if (kept.length === 0) {
      kept.push({ ...turn, content: turn.content.slice(0, HISTORY_CHAR_CAP) });
    } else if (used + turn.content.length <= HISTORY_CHAR_CAP) {
      kept.push(turn);
    } else {
      break;
    }
    used += kept.at(-1)!.content.length;
  }
  return kept.reverse();
}

/** The Chat Completions `messages`: the system prompt, then the capped history. */
export function chatMessages(context: SellerContext): ChatMessage[] {
  return [{ role: 'system', content: systemPrompt(context) }, ...recentTurns(context.history).map(toMessage)];
}
