/**
 * The markers a seller writes into its reply text: `[CARD:<code>]` for a product card of the
 * catalogue (spec 02, Card.code) and `[HANDOFF]` from a chat model that hands the conversation
 * to an operator. The workflow reads card codes back with `cardCodes`.
 */

export const cardMarker = (code: string): string => `[CARD:${code}]`;

/** Canonical markers as the sellers emit them (codes: lowercase latin, digits, `_`, `-`, ≤ 40). */
const CARD_MARKER = /\[CARD:([a-z0-9_-]{1,40})\]/g;
/** What a chat model may write instead: spaces, other case. */
const LOOSE_CARD_MARKER = /\[\s*CARD\s*:\s*([A-Za-z0-9_-]+)\s*\]/gi;
const HANDOFF_MARKER = /\[\s*HANDOFF\s*\]/gi;

/** Codes of the card markers in a reply, in order of appearance, without repeats. */
export function cardCodes(content: string): string[] {
  return [...new Set([...content.matchAll(CARD_MARKER)].map((m) => m[1]!))];
}

/** Rewrites card markers to the canonical form and drops those whose code is not in `known`. */
export function keepKnownCards(content: string, known: ReadonlySet<string>): string {
  return content.replace(LOOSE_CARD_MARKER, (_marker, code: string) => {
    const canonical = code.toLowerCase();
    return known.has(canonical) ? cardMarker(canonical) : '';
  });
}

/** Removes `[HANDOFF]` markers; `handoff` says whether there was one. */
export function takeHandoff(content: string): { content: string; handoff: boolean } {
  const handoff = content.search(HANDOFF_MARKER) >= 0;
  return { content: handoff ? content.replace(HANDOFF_MARKER, '') : content, handoff };
}

/** Tidies what removing markers leaves: blanks before punctuation, runs of spaces, blank lines. */
export function tidy(content: string): string {
  return content
    .replace(/[ \t]+([.,!?;:])/g, '$1')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The text a customer reads: card markers become the cards attached to the message, so the text loses them. */
export function withoutCardMarkers(content: string): string {
  return tidy(content.replace(CARD_MARKER, ''));
}
