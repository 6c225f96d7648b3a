import { findPhoneNumbersInText, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import type { Cell } from '../../config.js';

/**
 * How a contact's e-mail and phone are stored, so that the same person written two ways is
 * one contact (decisions: "Contacts: normalised details and the merge rule"): e-mail trimmed
 * and lower-cased; phone in E.164, read with the cell's default country when it has no
 * country code.
 */
export const DEFAULT_COUNTRY: Record<Cell, CountryCode> = { ru: 'RU', en: 'GB', id: 'ID' };

export interface ContactDetails {
  name?: string;
  email?: string;
  phone?: string;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** E.164 when the number can be a phone number of its country; otherwise the digits as sent (with a leading +). */
export function normalisePhone(phone: string, country: CountryCode): string {
  const parsed = parsePhoneNumberFromString(phone, country);
  if (parsed?.isPossible()) return parsed.number;
  const digits = phone.replace(/[^\d]/g, '');
  return phone.trim().startsWith('+') ? `+${digits}` : digits;
}

export function normaliseDetails(d: ContactDetails, country: CountryCode): ContactDetails {
  return {
    ...(d.name !== undefined ? { name: d.name.trim() } : {}),
    ...(d.email !== undefined ? { email: normaliseEmail(d.email) } : {}),
    ...(d.phone !== undefined ? { phone: normalisePhone(d.phone, country) } : {}),
  };
}

// Letters of any script before the @ (ru customers write Cyrillic text around it), a dotted domain after.
const EMAIL_IN_TEXT = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/u;

/**
 * The e-mail address and phone number a customer wrote in a message, in ru or en wording
 * ("мой телефон 8 (912) 345-67-89", "my email is Anna@Example.com"), normalised; the first
 * of each. A number that is no valid phone number of its country (an order number) is not one.
 */
export function extractContactDetails(text: string, country: CountryCode): ContactDetails {
  const email = EMAIL_IN_TEXT.exec(text)?.[0];
  const phone = findPhoneNumbersInText(text, country)[0]?.number.number;
  return { ...(email ? { email: normaliseEmail(email) } : {}), ...(phone ? { phone } : {}) };
}
