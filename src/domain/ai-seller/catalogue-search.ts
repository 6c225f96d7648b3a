import type { CatalogueEntry } from './seller-model.js';
import { contentWords, sameStem, words } from './words.js';

/** How much a customer word counts when it matches a card's name, code or description. */
const FIELD_WEIGHT = { name: 5, code: 3, description: 1 } as const;
/** The message being answered counts this much more than the customer's earlier turns. */
const LAST_MESSAGE_WEIGHT = 4;

interface IndexedEntry {
  entry: CatalogueEntry;
  fields: { words: string[]; weight: number }[];
}

function indexEntry(entry: CatalogueEntry): IndexedEntry {
  return {
    entry,
    fields: [
      { words: words(entry.name), weight: FIELD_WEIGHT.name },
      { words: words(entry.code), weight: FIELD_WEIGHT.code },
      { words: words(entry.description ?? ''), weight: FIELD_WEIGHT.description },
    ],
  };
}

/** Each customer word counts once, with the weight of the best field it matches. */
function score(indexed: IndexedEntry, customerWords: string[]): number {
  let total = 0;
  for (const word of customerWords) {
    let best = 0;
    for (const field of indexed.fields) {
      if (field.weight > best && field.words.some((w) => sameStem(word, w))) best = field.weight;
    }
    total += best;
  }
  return total;
}

export interface Match {
  entry: CatalogueEntry;
  /** Score on the message being answered. */
  lastScore: number;
  /** Score on the customer's earlier turns. */
  earlierScore: number;
}

/**
 * The cards that match the customer at all, best first: scored on the last message and, lightly,
 * on the earlier customer turns; equal scores keep catalogue (sort) order.
 */
export function rankCatalogue(catalogue: CatalogueEntry[], lastMessage: string, earlierMessages: string[]): Match[] {
  const last = contentWords(lastMessage);
  const earlier = contentWords(earlierMessages.join('\n'));
  return catalogue
    .map((entry, position) => {
      const indexed = indexEntry(entry);
      return { entry, position, lastScore: score(indexed, last), earlierScore: score(indexed, earlier) };
    })
    .map((m) => ({ ...m, total: LAST_MESSAGE_WEIGHT * m.lastScore + m.earlierScore }))
    .filter((m) => m.total > 0)
    .sort((a, b) => b.total - a.total || a.position - b.position)
    .map(({ entry, lastScore, earlierScore }) => ({ entry, lastScore, earlierScore }));
}
