import { describe, expect, it } from '@jest/globals';
import { redactCustomerText } from '../../src/domain/privacy/redaction.js';
import { CORPUS_CONTACTS, PERSONAL_DATA_CORPUS as CORPUS } from '../fixtures/personal-data-corpus.js';
import { keeps, normaliseEmails, piecesOf, significantDigits, survival, survivors } from '../harness/personal-data-oracle.js';

/** Issue 25: the redaction over the personal-data corpus, with the tenant's contact names. */

const luhn = (digits: string) => [...digits].reverse().map(Number).reduce((sum, d, i) => sum + (i % 2 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d), 0) % 10 === 0;

describe('the personal-data corpus', () => {
  it('holds at least 80 questions, about a third in each language, each short enough for a whole 120-character excerpt', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(80);
    for (const cell of ['ru', 'en', 'id']) expect(CORPUS.filter((m) => m.cell === cell).length).toBeGreaterThanOrEqual(Math.floor(CORPUS.length / 3) - 2);
    expect(new Set(CORPUS.map((m) => m.id)).size).toBe(CORPUS.length);
    expect(CORPUS.filter((m) => !m.text.includes('?') || [...m.text].length > 110 || !m.pieces.length).map((m) => m.id)).toEqual([]);
  });

  it('each piece and fragment is written in its message; no fragment carries a piece', () => {
    for (const m of CORPUS) {
      for (const p of m.pieces) expect([m.id, m.text.includes(p.value)]).toEqual([m.id, true]);
      expect([m.id, m.text.includes(m.keeps)]).toEqual([m.id, true]);
      expect([m.id, m.pieces.filter((p) => survival(p, m.keeps) !== null)]).toEqual([m.id, []]);
    }
  });

  it('the oracle finds every piece in its own message, and the pieces are what they claim', () => {
    expect(survivors(CORPUS, (m) => m.text)).toHaveLength(piecesOf(CORPUS));
    const pieces = CORPUS.flatMap((m) => m.pieces);
    for (const p of pieces.filter((x) => x.kind === 'card')) expect([p.value, /^\d{13,19}$/.test(significantDigits(p)) && luhn(significantDigits(p))]).toEqual([p.value, true]);
    for (const p of pieces.filter((x) => x.kind === 'email')) expect(normaliseEmails(p.value)).toMatch(/^[a-z0-9._]+@[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}$/);
    for (const p of pieces.filter((x) => x.kind === 'phone' || x.kind === 'account')) expect(significantDigits(p).length).toBeGreaterThanOrEqual(8);
    expect(new Set(pieces.map((p) => p.kind))).toEqual(new Set(['email', 'phone', 'name', 'card', 'account', 'address']));
  });
});

describe('redactCustomerText over the corpus', () => {
  const redacted = new Map(CORPUS.map((m) => [m.id, redactCustomerText(m.text, { cell: m.cell, contactNames: CORPUS_CONTACTS })]));
  const output = (id: string) => redacted.get(id)!;

  it('leaves no piece of personal data', () => {
    const left = survivors(CORPUS, (m) => output(m.id));
    console.log(`personal data: ${piecesOf(CORPUS)} pieces tried, ${left.length} survived`
      + left.map((s) => `\n  ${s.message} ${s.kind} "${s.value}" found as "${s.found}" in: ${output(s.message)}`).join(''));
    expect(left).toEqual([]);
  });

  it('keeps each question', () => {
    const lost = CORPUS.filter((m) => !keeps(m, output(m.id)));
    console.log(`questions: ${CORPUS.length} tried, ${CORPUS.length - lost.length} kept`
      + lost.map((m) => `\n  ${m.id} lost "${m.keeps}": ${output(m.id)}`).join(''));
    expect(lost.map((m) => m.id)).toEqual([]);
  });
});
