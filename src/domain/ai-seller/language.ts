import type { SellerContext } from './seller-model.js';

/** The languages the sellers' own texts are written in. */
export type ReplyLanguage = 'ru' | 'en' | 'id';

const CYRILLIC = /\p{Script=Cyrillic}/u;

/** What the customer wrote, oldest first; the last is the message to answer. */
export function customerTexts(context: SellerContext): string[] {
  return context.history.filter((turn) => turn.sender === 'customer').map((turn) => turn.content);
}

export const lastCustomerText = (context: SellerContext): string => customerTexts(context).at(-1) ?? '';

/** ru when the customer writes Cyrillic or the conversation is ru; id when it is id; else en. */
export function replyLanguage(context: SellerContext): ReplyLanguage {
  if (context.language === 'ru' || CYRILLIC.test(lastCustomerText(context))) return 'ru';
  return context.language === 'id' ? 'id' : 'en';
}
