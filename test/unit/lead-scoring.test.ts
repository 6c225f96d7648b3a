import { describe, expect, it } from '@jest/globals';
import { scoreLead, SILENCE_MS, type ScoringInput } from '../../src/domain/leads/scoring.js';

const quiet: ScoringInput = { contactLeft: false, productNamed: false, customerTexts: [], handoff: false, quietMs: 0 };

describe('lead scoring signals', () => {
  it('no signal is a cold 0', () => {
    expect(scoreLead(quiet)).toEqual({ score: 0, level: 'cold', flags: [], reason: 'No buying signal yet.' });
  });

  it('contact details alone make a warm lead', () => {
    expect(scoreLead({ ...quiet, contactLeft: true })).toMatchObject({ score: 35, level: 'warm', flags: ['contact_left'] });
  });

  it('reads price, delivery and a request for a person in ru and en', () => {
    expect(scoreLead({ ...quiet, customerTexts: ['Сколько стоит?', 'А доставка курьером?', 'Позовите менеджера'] }).flags).toEqual(['price_asked', 'delivery_asked', 'handoff_asked']);
    expect(scoreLead({ ...quiet, customerTexts: ['How much is shipping?', 'Can I talk to a human?'] }).flags).toEqual(['price_asked', 'delivery_asked', 'handoff_asked']);
  });

  it('every signal together is a hot 95 at most 100; a day of silence cools it', () => {
    const all = { contactLeft: true, productNamed: true, customerTexts: ['price? delivery?'], handoff: true, quietMs: 0 };
    expect(scoreLead(all)).toMatchObject({ score: 95, level: 'hot' });
    expect(scoreLead({ ...all, quietMs: SILENCE_MS })).toMatchObject({ score: 70, level: 'hot', flags: expect.arrayContaining(['silence']) });
    expect(scoreLead({ ...quiet, quietMs: SILENCE_MS }).score).toBe(0);
  });
});
