import { domainError, type FieldError } from '../../errors/domain-error.js';
import { addressRefusal, type AddressKind, type StorageContext } from '../storage/urls.js';

/**
 * The rules of a product card (spec 02, CardButton and Card). Lengths and the code's form are
 * checked by the route schemas from these constants; the address rule needs the caller's
 * tenant, so it is checked here and answers every field at fault in one validation_failed.
 */

/** Lowercase latin letters, digits, `_` and `-`, at most 40: also what `[CARD:<code>]` markers match. */
export const CARD_CODE = /^[a-z0-9_-]{1,40}$/;

export const CARD_LIMITS = {
  name: 120,
  description: 500,
  badge: 30,
  priceText: 40,
  buttons: 3,
  buttonLabel: 40,
  url: 2048,
} as const;

export interface CardButtonInput {
  label: string;
  url: string;
}

export interface PriceInput {
  /** Decimal text, at most two places. */
  amount: string;
  /** ISO 4217. */
  currency: string;
}

/** The create fields of a Card, as sent. */
export interface CardInput {
  code: string;
  name: string;
  description?: string | null;
  image_url?: string | null;
  page_url?: string | null;
  badge?: string | null;
  price_text?: string | null;
  price?: PriceInput | null;
  buttons?: CardButtonInput[];
  ai_enabled?: boolean;
  sort?: number;
  active?: boolean;
}

/** PATCH: any of the create fields, all optional. */
export type CardChanges = Partial<CardInput>;

function addressErrors(field: string, value: string | null | undefined, kind: AddressKind, ctx: StorageContext): FieldError[] {
  if (value === null || value === undefined) return [];
  const refusal = addressRefusal(value, kind, ctx);
  return refusal ? [{ field, code: refusal.code, message: `${field.slice(1)}: ${refusal.message}` }] : [];
}

/**
 * The address rule for every card address: image_url an https:// address or a file of the
 * account's storage; page_url and button urls an https:// address or a path starting with `/`.
 */
export function cardAddressErrors(fields: CardChanges, ctx: StorageContext): FieldError[] {
  return [
    // Stryker disable next-line StringLiteral: 'file' as '' is equivalent, addressRefusal reads any kind but 'link' as a file.
    ...addressErrors('/image_url', fields.image_url, 'file', ctx),
    ...addressErrors('/page_url', fields.page_url, 'link', ctx),
    // Stryker disable next-line ArrayDeclaration: a made-up element of no buttons has no url, which is never refused.
    ...(fields.buttons ?? []).flatMap((b, i) => addressErrors(`/buttons/${i}/url`, b.url, 'link', ctx)),
  ];
}

export function takenCode(code: string): FieldError {
  return { field: '/code', code: 'taken', message: `code: ${code} is already the code of another card of this account` };
}

/** One validation_failed naming every field at fault; nothing when there is none. */
export function failOnFields(errors: FieldError[]): void {
  if (errors.length) throw domainError('validation_failed', errors.map((e) => e.message).join('; '), { errors });
}
