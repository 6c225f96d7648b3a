import { describe, expect, it } from '@jest/globals';
import type { AiSettings } from '../../src/config/ai.js';
import { BUILTIN_MODEL, cardCodes, createSellerModel, type CatalogueEntry, type SellerContext, type SellerTurn } from '../../src/domain/ai-seller/index.js';

const AI: AiSettings = {
  provider: 'builtin',
  sandboxProvider: 'builtin',
  builtinPriceRub: '1.5', builtinArticlePriceRub: '5.00', builtinStrategistPriceRub: '2.00',
  builtinStreamWordMs: 0,
  draftThrottleMs: 50,
  openai: { baseUrl: 'http://127.0.0.1:9/v1', apiKey: '', model: 'gpt-4o-mini', prices: { 'gpt-4o-mini': { inputPer1kRub: '0.02', outputPer1kRub: '0.06' } }, maxTokens: 600 },
  timeoutMs: 1000,
  maxAttempts: 3,
  retryInitialMs: 100,
};
const seller = createSellerModel(AI);

/** In sort order, as the workflow hands it over. */
const CATALOGUE: CatalogueEntry[] = [
  { code: 'air-runner', name: 'Кроссовки Air Runner', price_text: '5 990 ₽', description: 'Лёгкие беговые кроссовки для асфальта' },
  { code: 'trail-boots', name: 'Ботинки Trail', price_text: '8 490 ₽', description: 'Непромокаемые треккинговые ботинки' },
  { code: 'classic-sneakers', name: 'Classic Sneakers', price_text: '$59', description: 'White leather sneakers for every day' },
  { code: 'running-socks', name: 'Running socks', price_text: null, description: 'Breathable socks' },
  { code: 'wool-socks', name: 'Шерстяные носки', price_text: '790 ₽', description: 'Тёплые носки из шерсти' },
  { code: 'gift-card', name: 'Gift card', price_text: 'from $20', description: null },
];

function context(last: string, extra: Partial<SellerContext> = {}, earlier: SellerTurn[] = []): SellerContext {
  return {
    tenantName: 'Acme Shoes',
    language: null,
    greeting: null,
    catalogue: CATALOGUE,
    history: [...earlier, { sender: 'customer', content: last }],
    ...extra,
  };
}

describe('builtin seller: greetings', () => {
  it('answers a greeting with the channel greeting when the tenant set one', async () => {
    const reply = await seller.reply(context('Привет!', { greeting: 'Добро пожаловать в Acme! Что ищете?' }));
    expect(reply).toEqual({ content: 'Добро пожаловать в Acme! Что ищете?', handoff: false, usage: { model: BUILTIN_MODEL, costRub: '1.50' } });
  });

  it('greets by the tenant name in the customer language without a channel greeting', async () => {
    expect((await seller.reply(context('hello there'))).content).toBe('Hello! Welcome to Acme Shoes. How can I help you?');
    expect((await seller.reply(context('Добрый день'))).content).toBe('Здравствуйте! Это Acme Shoes. Чем могу помочь?');
    expect((await seller.reply(context('Good morning!'))).content).toContain('Welcome to Acme Shoes');
    expect((await seller.reply(context('halo', { language: 'id' }))).content).toBe('Halo! Selamat datang di Acme Shoes. Ada yang bisa saya bantu?');
  });

  it('offers products instead when the greeting names one', async () => {
    const reply = await seller.reply(context('Здравствуйте, есть кроссовки?', { greeting: 'Hi!' }));
    expect(reply.handoff).toBe(false);
    expect(cardCodes(reply.content)[0]).toBe('air-runner');
  });
});

describe('builtin seller: products', () => {
  it('matches Russian inflections and writes name, price and marker', async () => {
    const reply = await seller.reply(context('Есть у вас кроссовок 42 размера?'));
    expect(reply.handoff).toBe(false);
    expect(reply.content).toBe('Вот что могу предложить:\nКроссовки Air Runner — 5 990 ₽ [CARD:air-runner]');
    const socks = await seller.reply(context('Ищу тёплые шерстяных носков'));
    expect(cardCodes(socks.content)).toEqual(['wool-socks']);
    expect(socks.content).toContain('Шерстяные носки — 790 ₽ [CARD:wool-socks]');
  });

  it('matches English plurals, and leaves out a price the card does not have', async () => {
    const reply = await seller.reply(context('Do you have a white sneaker?'));
    expect(reply.content).toBe('Here is what I can offer:\nClassic Sneakers — $59 [CARD:classic-sneakers]');
    const socks = await seller.reply(context('socks for running'));
    expect(cardCodes(socks.content)).toEqual(['running-socks', 'air-runner', 'wool-socks']);
    expect(socks.content).toContain('\nRunning socks [CARD:running-socks]');
  });

  it('offers at most three cards, best first, equal scores in catalogue order', async () => {
    const catalogue: CatalogueEntry[] = ['a', 'b', 'c', 'd'].map((c) => ({ code: `sock-${c}`, name: `Sock ${c.toUpperCase()}`, price_text: null, description: null }));
    catalogue.push({ code: 'sock-wool', name: 'Wool sock', price_text: null, description: null });
    const reply = await seller.reply(context('wool socks', { catalogue }));
    expect(cardCodes(reply.content)).toEqual(['sock-wool', 'sock-a', 'sock-b']);
    expect(reply.content.split('\n')).toHaveLength(4);
  });

  it('weighs the name above the code above the description', async () => {
    const reply = await seller.reply(context('white socks'));
    expect(cardCodes(reply.content)).toEqual(['running-socks', 'wool-socks', 'classic-sneakers']);
  });

  it('matches the card code', async () => {
    expect(cardCodes((await seller.reply(context('gift-card please'))).content)).toEqual(['gift-card']);
  });

  it('lets earlier customer turns steer a message without product words', async () => {
    const earlier: SellerTurn[] = [
      { sender: 'customer', content: 'Нужны ботинки для походов' },
      { sender: 'ai', content: 'Вот что могу предложить: ...' },
    ];
    const reply = await seller.reply(context('А сколько они стоят?', {}, earlier));
    expect(cardCodes(reply.content)).toEqual(['trail-boots']);
  });

  it('answers in Russian when the conversation is ru, whatever the script', async () => {
    const reply = await seller.reply(context('sneakers', { language: 'ru' }));
    expect(reply.content.startsWith('Вот что могу предложить:')).toBe(true);
  });
});

describe('builtin seller: handoff', () => {
  it.each([
    ['Позовите оператора, пожалуйста', 'Конечно, передаю вас коллеге'],
    ['Здравствуйте, можно с живым человеком поговорить про кроссовки?', 'Конечно, передаю вас коллеге'],
    ['Can I talk to a human?', 'Of course, I am passing you to a colleague'],
    ['manager please', 'Of course, I am passing you to a colleague'],
  ])('hands off when asked for a human: %s', async (message, text) => {
    const reply = await seller.reply(context(message, { greeting: 'Hi!' }));
    expect(reply.handoff).toBe(true);
    expect(reply.content).toContain(text);
    expect(cardCodes(reply.content)).toEqual([]);
  });

  it('hands off, honestly, when nothing matches', async () => {
    const en = await seller.reply(context('What is the meaning of life?'));
    expect(en).toEqual({ content: expect.stringContaining('I will ask a colleague'), handoff: true, usage: { model: BUILTIN_MODEL, costRub: '1.50' } });
    const ru = await seller.reply(context('Какая погода завтра?'));
    expect(ru.handoff).toBe(true);
    expect(ru.content).toContain('попрошу коллегу');
    expect((await seller.reply(context('anything', { catalogue: [] }))).handoff).toBe(true);
  });
});

describe('builtin seller: model', () => {
  it('is deterministic', async () => {
    const ctx = context('socks or sneakers', {}, [{ sender: 'customer', content: 'hi' }]);
    const first = await seller.reply(ctx);
    expect(await seller.reply(ctx)).toEqual(first);
    expect(await createSellerModel(AI).reply(structuredClone(ctx))).toEqual(first);
  });

  it('costs the fixed price, and says so in its bounds and usage', async () => {
    expect(seller.name).toBe('builtin/retrieval-v1');
    expect(seller.costBounds()).toEqual({ minRub: '1.50', maxRub: '1.50' });
    const priced = createSellerModel({ ...AI, builtinPriceRub: '2.75' });
    expect(priced.costBounds()).toEqual({ minRub: '2.75', maxRub: '2.75' });
    expect((await priced.reply(context('hello'))).usage).toEqual({ model: 'builtin/retrieval-v1', costRub: '2.75' });
  });

  it('refuses an aborted call', async () => {
    await expect(seller.reply(context('hello'), AbortSignal.abort())).rejects.toThrow();
  });

  it('is chosen by AI_PROVIDER', () => {
    expect(createSellerModel({ ...AI, provider: 'openai' }).name).toBe('openai/gpt-4o-mini');
    expect(() => createSellerModel({ ...AI, provider: 'openai', openai: { ...AI.openai, model: 'unpriced' } })).toThrow(/no price/);
  });
});

describe('builtin seller: streaming', () => {
  const paced = (wordMs: number) => createSellerModel({ ...AI, builtinStreamWordMs: wordMs });

  it('hands its reply to onText a word at a time, AI_BUILTIN_STREAM_WORD_MS apart, and resolves with the whole', async () => {
    const seen: { text: string; at: number }[] = [];
    const started = Date.now();
    const reply = await paced(40).reply(context('Hello!', { language: 'en' }), undefined, (text) => seen.push({ text, at: Date.now() }));
    expect(reply.content).toBe('Hello! Welcome to Acme Shoes. How can I help you?');
    expect(seen.map((s) => s.text)).toEqual(reply.content.split(' ').map((_w, i, all) => all.slice(0, i + 1).join(' ')));
    // Nine pauses of 40 ms: a timer never fires early.
    expect(seen.at(-1)!.at - started).toBeGreaterThanOrEqual(9 * 40);
  });

  it('stops at once when its signal aborts, with the signal\'s reason', async () => {
    const stop = new AbortController();
    const seen: string[] = [];
    const started = Date.now();
    const replying = paced(10_000).reply(context('Hello!', { language: 'en' }), stop.signal, (text) => {
      seen.push(text);
      stop.abort(new Error('canceled'));
    });
    await expect(replying).rejects.toThrow('canceled');
    expect(seen).toEqual(['Hello!']);
    // Not even the pause after the first word (800 ms: 8 s spread over its ten words) is waited out.
    expect(Date.now() - started).toBeLessThan(400);
  });

  it('without a listener answers at once, whatever its pace', async () => {
    const started = Date.now();
    await paced(10_000).reply(context('Hello!', { language: 'en' }));
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
