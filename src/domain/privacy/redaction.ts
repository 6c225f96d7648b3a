import { findPhoneNumbersInText, type CountryCode } from 'libphonenumber-js';
import type { Cell } from '../../config.js';
import { DEFAULT_COUNTRY } from '../contacts/contact-details.js';
import { NameMatcher } from './names.js';
import { redactPersonNames } from './person-names.js';
import { ACCOUNT_AFTER_WORD, ADDRESS_PATTERNS, CARD_LIKE, EMAIL, EMAIL_OBFUSCATED, IBAN, LONG_DIGIT_RUN, PHONE_AFTER_WORD, luhnValid } from './patterns.js';

/**
 * The one redaction step for customer-written text that leaves the conversations
 * (decisions: "Personal data: one redaction step where customer text leaves the
 * conversations"). Strategist topics, report excerpts and action titles, pulse keywords, the
 * analytics rollups' questions and site searches, and so the article briefs made from topics,
 * carry the customer's question, never the customer: each piece of personal data is replaced
 * by a placeholder naming its kind.
 */
export type PersonalDataKind = 'email' | 'phone' | 'card' | 'account' | 'number' | 'address' | 'name';

export const PLACEHOLDER: Record<PersonalDataKind, string> = {
  email: '[email]', phone: '[phone]', card: '[card]', account: '[account]', number: '[number]', address: '[address]', name: '[name]',
};

export interface RedactionContext {
  /** The cell's country reads local phone numbers first; every cell's formats are tried. */
  cell?: Cell;
  /** The names of the tenant's contacts: each of their words is found in either script. */
  contactNames: readonly string[] | NameMatcher;
  /**
   * Keep names (the last step skipped): for text shown only where the customer's own name is
   * (a lead's ai_summary, behind leads:read), where a product named like a person ("the Runner
   * X.") must stay readable. Every other kind is still replaced.
   */
  keepNames?: boolean;
}

/**
 * Every cell's phone formats, the given cell's country first (a local number reads as that
 * country's). With libphonenumber-js 1.x, Indonesia's plan (trunk prefix 0, numbers of 9 to 13
 * digits) also reads every Russian, British and US local number tried, with the same span, so
 * dropping RU, GB or US alone changes no redaction (three equivalent mutants,
 * docs/benchmarks-history.md "Redaction, session 13"); they stay so that a stricter ID plan in a
 * later release loses no country.
 */
// Stryker disable next-line StringLiteral: equivalent while ID's plan reads the others' local numbers (above)
const PHONE_COUNTRIES: CountryCode[] = ['RU', 'GB', 'US', 'ID'];
/** A shorter match is a price or a quantity to some country's plan ("1 500 000"); short local numbers need a phone word (PHONE_AFTER_WORD). */
const PHONE_MIN_DIGITS = 9;

function phoneCountries(cell: Cell | undefined): CountryCode[] {
  const first = cell ? DEFAULT_COUNTRY[cell] : undefined;
  return first ? [...new Set([first, ...PHONE_COUNTRIES])] : PHONE_COUNTRIES;
}

const replaceAll = (text: string, pattern: RegExp, kind: PersonalDataKind | ((match: string) => PersonalDataKind)) =>
  text.replace(pattern, (match: string) => PLACEHOLDER[typeof kind === 'function' ? kind(match) : kind]);

function redactPhones(text: string, cell: Cell | undefined): string {
  let out = text;
  for (const country of phoneCountries(cell)) {
    const found = findPhoneNumbersInText(out, { defaultCountry: country });
    // From the end, so earlier offsets stay right.
    for (const p of found.reverse()) {
      if (out.slice(p.startsAt, p.endsAt).replace(/\D/g, '').length < PHONE_MIN_DIGITS) continue;
      out = out.slice(0, p.startsAt) + PLACEHOLDER.phone + out.slice(p.endsAt);
    }
  }
  return out;
}

/**
 * Personal data out, the question kept. Order matters: e-mails before the digit rules (an
 * address may hold digits), account and card numbers before phones (a card's digits would
 * otherwise read as several phone numbers), then any long run of digits whatever its spacing,
 * addresses, then names (any person's, src/domain/privacy/person-names.ts, and the tenant's
 * contacts').
 */
export function redactCustomerText(text: string, context: RedactionContext): string {
  let out = text.normalize('NFC');
  out = replaceAll(out, EMAIL, 'email');
  out = replaceAll(out, EMAIL_OBFUSCATED, 'email');
  out = replaceAll(out, IBAN, 'account');
  out = replaceAll(out, ACCOUNT_AFTER_WORD, 'account');
  out = replaceAll(out, CARD_LIKE, (m) => (luhnValid(m) ? 'card' : 'number'));
  out = redactPhones(out, context.cell);
  out = replaceAll(out, PHONE_AFTER_WORD, 'phone');
  out = replaceAll(out, LONG_DIGIT_RUN, 'number');
  for (const pattern of ADDRESS_PATTERNS) out = replaceAll(out, pattern, 'address');
  if (context.keepNames) return out;
  out = redactPersonNames(out, PLACEHOLDER.name);
  const names = context.contactNames instanceof NameMatcher ? context.contactNames : new NameMatcher(context.contactNames);
  return names.redact(out, PLACEHOLDER.name);
}
