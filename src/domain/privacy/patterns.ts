/**
 * The patterns of the redaction (src/domain/privacy/redaction.ts). JavaScript's \b knows only
 * ASCII, so word edges are lookarounds over letters and digits of every script.
 */

const NOT_AFTER_WORD = '(?<![\\p{L}\\p{N}])';
const NOT_BEFORE_WORD = '(?![\\p{L}\\p{N}])';

/** A plain address: letters of any script before the @, a dotted domain after. */
export const EMAIL = /[\p{L}\p{N}._%+-]+\s*@\s*[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu;

const BRACKETED = (words: string) => `\\s*[[({<]\\s*(?:${words})\\s*[\\])}>]\\s*`;
const AT = `(?:${BRACKETED('at|@|собака|dog')}|\\s+(?:at|собака|эт)\\s+)`;
const DOT = `(?:\\.|${BRACKETED('dot|точка|\\.')}|\\s+(?:dot|точка)\\s+)`;
/** Written so that a crawler would not read it: `anna [at] example.com`, `anna at example dot com`, `anna собака mail.ru`. */
export const EMAIL_OBFUSCATED = new RegExp(`[\\p{L}\\p{N}._%+-]+${AT}[\\p{L}\\p{N}-]+(?:${DOT}[\\p{L}\\p{N}-]+)*${DOT}\\p{L}{2,}${NOT_BEFORE_WORD}`, 'giu');

/** An IBAN, with or without its groups' spaces. */
export const IBAN = new RegExp(`${NOT_AFTER_WORD}[A-Z]{2}\\d{2}(?: ?[A-Z0-9]){11,30}${NOT_BEFORE_WORD}`, 'gu');

const ACCOUNT_WORDS = 'account|acct|a/c|сч[её]т[а-я]*|р/с|л/с|rekening|rek\\.?|norek';
/** Digits after a word that names a bank account ("account 12345678", "счёт № 4081 7810", "rekening 1234567890"). */
export const ACCOUNT_AFTER_WORD = new RegExp(`(?<=(?:${ACCOUNT_WORDS})(?:\\s*(?:number|no\\.?|nomor|номер|№|#))?\\s*[:#№]?\\s*)\\d[\\d -]{4,}\\d`, 'giu');

/** 13 to 19 digits in a row, spaces or dashes allowed between them: a card number when its Luhn check holds. */
export const CARD_LIKE = /(?<!\d)\d(?:[ -]?\d){12,18}(?!\d)/g;

export function luhnValid(text: string): boolean {
  const digits = text.replace(/\D/g, '');
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return digits.length >= 13 && sum % 10 === 0;
}

const PHONE_WORDS = 'tel\\.?|phone|mobile|call|text|whats ?app|wa|позвоните|звоните|телефон[а-я]*|тел\\.?|номер[а-я]*|моб\\.?|telp\\.?|telepon|hp|hubungi';
/** A short local number after a word that says it is one ("тел. 123-45-67", "call 555-0132"). */
export const PHONE_AFTER_WORD = new RegExp(`(?<=(?:${PHONE_WORDS})[^\\d\\n]{0,12})\\+?\\d[\\d ()-]{4,}\\d`, 'giu');

/**
 * Nine digits or more with at most two separators between each (`8 9 1 6 1 2 3 4 5 6 7`,
 * `+7 (916) 123-45-67`): a phone, card or account number however it is spaced. A price or a
 * date has fewer; a list of sizes is separated by commas.
 */
export const LONG_DIGIT_RUN = /\+?(?<!\d)\d(?:[\s()./-]{0,2}\d){8,}(?!\d)/g;

const RU_STREET = 'ул\\.|улица|улице|улицу|пр-т\\.?|просп\\.|проспект|проспекте|пер\\.|переулок|переулке|б-р|бульвар|бульваре|шоссе|наб\\.|набережная|набережной|пл\\.|площадь|мкр\\.?|микрорайон';
const RU_HOUSE = `,?\\s*(?:д\\.|дом)?\\s*\\d+[а-яa-z]?(?:\\s*[,/]?\\s*(?:корп\\.?|к\\.|стр\\.?|строение|кв\\.?|квартира|оф\\.?)\\s*\\d+[а-яa-z]?)*`;
const EN_STREET = 'Street|St|Road|Rd|Avenue|Ave|Lane|Ln|Boulevard|Blvd|Drive|Dr|Way|Close|Court|Ct|Place|Pl|Square|Sq|Terrace|Crescent|Gardens|Row|Parade';
const UK_POSTCODE = '[A-Z]{1,2}\\d[A-Z\\d]? ?\\d[A-Z]{2}';
const ID_STREET = 'Jl\\.?|JL\\.?|jl\\.|Jln\\.?|Jalan|jalan|JALAN|Gg\\.|Gang';

/**
 * Street addresses of the three cells' usual forms: `ул. Ленина, д. 5, кв. 12`, `Тверская
 * улица, 12`, `221B Baker Street`, `Flat 3, 12 Baker St, London NW1 6XE`, `Jl. Sudirman No. 5`,
 * `Jalan Merdeka 10 RT 02/RW 05`. Street names are capitalised in en and id (a lowercase
 * "jalan" is the verb), any case in ru.
 */
export const ADDRESS_PATTERNS: RegExp[] = [
  new RegExp(`${NOT_AFTER_WORD}(?:${RU_STREET})\\s*[\\p{L}\\d .-]{2,40}?${RU_HOUSE}`, 'giu'),
  new RegExp(`${NOT_AFTER_WORD}[А-ЯЁ][а-яё-]+(?:ая|ой|ий)?\\s+(?:улица|ул\\.|проспект|переулок|шоссе|бульвар)${RU_HOUSE}`, 'gu'),
  new RegExp(`${NOT_AFTER_WORD}(?:(?:[Ff]lat|[Aa]pt\\.?|[Aa]partment|[Uu]nit|[Ss]uite)\\s*\\d+[A-Za-z]?,?\\s*)?\\d{1,5}[A-Za-z]?,?\\s+(?:[A-Z][\\p{L}'-]+\\s+){1,3}(?:${EN_STREET})\\.?${NOT_BEFORE_WORD}(?:,?\\s*(?:[A-Z][a-z]+,?\\s*)?${UK_POSTCODE}${NOT_BEFORE_WORD})?`, 'gu'),
  new RegExp(`${NOT_AFTER_WORD}${UK_POSTCODE}${NOT_BEFORE_WORD}`, 'gu'),
  new RegExp(`${NOT_AFTER_WORD}(?:${ID_STREET})\\s*[A-Z][\\p{L}\\d .'-]{1,40}?\\s*(?:No\\.?|Nomor|Nomer|no\\.?)?\\s*\\d+[A-Za-z]?(?:\\s*,?\\s*RT\\.?\\s*\\d+\\s*\\/?\\s*RW\\.?\\s*\\d+)?`, 'gu'),
];
