import { describe, expect, it } from '@jest/globals';
import { covers, nearDuplicateOf, similarity, stem, titleWords } from '../../src/domain/strategist/near-duplicates.js';
import { withoutCompetitors } from '../../src/domain/strategist/competitors.js';
import { trendScore } from '../../src/domain/strategist/planner.js';

/** The strategist's title rules (docs/decisions.md: near-duplicate topics, competitor topics, the planner). */

describe('near-duplicate titles', () => {
  it('stems English and Russian inflections', () => {
    expect(['boots', 'shoes', 'boxes', 'shipping', 'running', 'stories', 'packed'].map(stem)).toEqual(['boot', 'shoe', 'box', 'ship', 'run', 'story', 'pack']);
    expect(['кроссовки', 'кроссовок', 'доставка'].map(stem)).toEqual(['кроссовк', 'кроссовок', 'доставк']);
  });

  it('is a Jaccard index of at least 0.8 over stemmed words without function words', () => {
    expect(similarity(titleWords('Waterproof boots'), titleWords('The waterproof boot'))).toBe(1);
    expect(similarity(titleWords('How to pick running shoes'), titleWords('How to pick trail shoes'))).toBe(0.5);
    expect(nearDuplicateOf('Running shoes for winter!', ['Trail shoes', 'running shoe for the winter'])).toBe('running shoe for the winter');
    expect(nearDuplicateOf('Trail shoes for winter', ['Running shoes for winter'])).toBeNull();
    expect(nearDuplicateOf('', ['anything'])).toBeNull();
  });

  it('an article covers a query when all its title or keyword words are in it', () => {
    expect(covers({ title: 'Gloves for cold mornings', keyword: 'winter gloves' }, 'Winter gloves')).toBe(true);
    expect(covers({ title: 'Shipping to Kazan', keyword: null }, 'Do you ship to Kazan?')).toBe(true);
    expect(covers({ title: 'Shipping to Kazan', keyword: null }, 'Do you ship to Omsk?')).toBe(false);
  });
});

describe('near-duplicate titles, rule by rule', () => {
  const FUNCTION_WORDS = [
    'a', 'an', 'the', 'to', 'of', 'for', 'and', 'or', 'in', 'on', 'at', 'by', 'with', 'how', 'what', 'which', 'why', 'do', 'does', 'is', 'are',
    'can', 'you', 'your', 'i', 'my', 'we', 'our', 'it', 'its', 'и', 'в', 'во', 'на', 'с', 'со', 'для', 'как', 'что', 'по', 'о', 'об', 'к', 'ли', 'у', 'из',
  ];
  it.each(FUNCTION_WORDS)('leaves out the function word %j', (word) => {
    expect([...titleWords(`${word} boots ${word.toUpperCase()}`)]).toEqual(['boot']);
  });

  it('keeps function words when a title has nothing else, and has no words without letters or digits', () => {
    expect([...titleWords('How to?')]).toEqual(['how', 'to']);
    expect(titleWords('!!! ...').size).toBe(0);
  });

  it('reads ё as е', () => {
    expect([...titleWords('Ёлка')]).toEqual(['елк']);
  });

  it('stems each English suffix, the longest first, leaving at least three letters', () => {
    expect(['amazingly', 'reportedly', 'fittings', 'singing', 'berries', 'carried', 'boxes', 'wanted', 'quickly', 'cats', 'bats', 'bus', 'ties', 'eggs', 'buttoned', 'stopped'].map(stem))
      .toEqual(['amaz', 'report', 'fit', 'sing', 'berry', 'carry', 'box', 'want', 'quick', 'cat', 'bat', 'bus', 'tie', 'egg', 'button', 'stop']);
  });

  it('stems each Russian suffix, the longest first, leaving at least three letters', () => {
    expect(['полями', 'книгами', 'зеленого', 'синего', 'новому', 'синему', 'новыми', 'синими', 'столах', 'полях', 'столов', 'боев', 'новой', 'синей', 'синий', 'новый',
      'новая', 'синяя', 'новое', 'синее', 'новые', 'синие', 'столом', 'полем', 'столам', 'полям', 'книга', 'земля', 'окно', 'поле', 'столы', 'книги', 'книгу',
      'землю', 'тетрадь', 'музей', 'стол'].map(stem))
      .toEqual(['пол', 'книг', 'зелен', 'син', 'нов', 'син', 'нов', 'син', 'стол', 'пол', 'стол', 'боев', 'нов', 'син', 'син', 'нов',
        'нов', 'син', 'нов', 'син', 'нов', 'син', 'стол', 'пол', 'стол', 'пол', 'книг', 'земл', 'окн', 'пол', 'стол', 'книг', 'книг',
        'земл', 'тетрад', 'муз', 'стол']);
  });

  it('similarity is 0 for two titles without words, and 0.8 is already a near duplicate', () => {
    expect(similarity(new Set(), new Set())).toBe(0);
    expect(similarity(new Set(), new Set(['boot']))).toBe(0);
    expect(nearDuplicateOf('red wool winter boots', ['red wool winter boots sale'])).toBe('red wool winter boots sale');
    expect(nearDuplicateOf('red wool winter boots', ['blue wool winter boots sale'])).toBeNull();
  });

  it('covers: every word of the title or keyword in the query, or a near duplicate; a title without words covers nothing', () => {
    expect(covers({ title: 'Winter boots', keyword: null }, 'best winter boots for kids')).toBe(true);
    expect(covers({ title: 'Winter boots', keyword: null }, 'best summer boots')).toBe(false);
    expect(covers({ title: 'Red wool winter boots sale', keyword: null }, 'red wool winter boots')).toBe(true);
    expect(covers({ title: 'Red wool winter boots sale', keyword: null }, 'red winter boots')).toBe(false);
    expect(covers({ title: 'Something else', keyword: 'boots' }, 'cheap boots')).toBe(true);
    expect(covers({ title: '???', keyword: null }, 'anything at all')).toBe(false);
    expect(covers({ title: '???', keyword: '' }, '???')).toBe(false);
  });
});

describe('competitor headings', () => {
  const rival = [{ id: 'x', url: 'https://rival-run.example/', domain: 'rival-run.example', name: 'Rival Run' }];
  it('cut the domain, its first label and the name, with the separators they leave', () => {
    expect(withoutCompetitors('Trail shoes guide | Rival Run', rival)).toBe('Trail shoes guide');
    expect(withoutCompetitors('RIVAL RUN: best socks', rival)).toBe('best socks');
    expect(withoutCompetitors('Why rival-run.example sells socks — rival-run', rival)).toBe('Why sells socks');
    expect(withoutCompetitors('Rivalry in running', rival)).toBe('Rivalry in running');
  });
});

describe('trend_score', () => {
  it('is half volume (log scale) and half growth, 0 to 100', () => {
    expect(trendScore({ volume: 1000, growth: null })).toBe(100);
    expect(trendScore({ volume: 5, growth: null })).toBe(62.97);
    expect(trendScore({ volume: 9, growth: 0.5 })).toBe(41.67);
    expect(trendScore({ volume: 9, growth: -0.5 })).toBe(16.67);
    // Each half is capped at 50: volume past 1000 searches, growth past +100 %; no searches and falling is 0.
    expect(trendScore({ volume: 100_000, growth: 0 })).toBe(50);
    expect(trendScore({ volume: 0, growth: 3 })).toBe(50);
    expect(trendScore({ volume: 0, growth: 1 })).toBe(50);
    expect(trendScore({ volume: 0, growth: -1 })).toBe(0);
    expect(trendScore({ volume: 0, growth: 0.123456 })).toBe(6.17);
  });
});
