import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '../../src/config.js';
import { ConfigError } from '../../src/config/config-error.js';

const SECRET = 'x'.repeat(32);
/** The four secrets every process needs, in every environment. */
const SECRETS = { API_KEY_PEPPER: SECRET, CURSOR_SECRET: `${SECRET}c`, WEBHOOK_SECRET_KEY: `${SECRET}w`, WIDGET_SECRET: `${SECRET}v`, TEMPORAL_PAYLOAD_KEYS: 'placeholder:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=' };

/** loadConfig with the secrets set, unless `env` overrides them. */
const load = (env: Record<string, string>) => loadConfig({ ...SECRETS, ...env });
/** A production start that runs the builtin models, as the operator opted in to (its tests are of other settings). */
const PRODUCTION = { NODE_ENV: 'production', AI_ALLOW_BUILTIN_IN_PRODUCTION: 'true' };

function failure(env: Record<string, string>, withSecrets = true): string {
  try {
    loadConfig(withSecrets ? { ...SECRETS, ...env } : env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('loadConfig', () => {
  it('starts a ru cell on 127.0.0.1:3000 with the spec limits by default', () => {
    const c = load({});
    expect(c).toMatchObject({
      env: 'development', cell: 'ru', host: '127.0.0.1', port: 3000,
      publicOrigin: 'http://127.0.0.1:3000', baseUrl: 'http://127.0.0.1:3000/api/public/v1',
      limits: { readPerMin: 600, writePerMin: 120, paidPerMin: 30, paidConcurrency: 5, refusedKeysPerMin: 30 },
      operationCostCapRub: '100', keyExpiryScanEvery: '1h', deprecations: {}, trustedProxies: [], releasedLabels: ['available', 'beta', 'planned'],
      temporal: { address: '127.0.0.1:7233', namespace: 'default', taskQueue: 'public-api', uiUrl: 'http://127.0.0.1:8233' },
    });
    expect(c.cellBaseUrls).toEqual({
      ru: 'http://127.0.0.1:3000/api/public/v1',
      en: 'https://api.en.example.com/api/public/v1',
      id: 'https://api.id.example.com/api/public/v1',
    });
    expect(c.topupUrl).toBe('https://app.ru.example.com/billing/wallet/topup');
    // One address reaches its own limits long before the channel's.
    expect(c.widget).toMatchObject({ visitorPerMin: 30, addressPerMin: 60, sessionsPerAddressPerMin: 10, channelPerMin: 600, rejectedPerMin: 30 });
  });

  it('RELEASED_LABELS: everything built unless production, where unset (or empty) is the spec\'s release status, available', () => {
    expect(load({ NODE_ENV: 'development' }).releasedLabels).toEqual(['available', 'beta', 'planned']);
    expect(load({ NODE_ENV: 'test' }).releasedLabels).toEqual(['available', 'beta', 'planned']);
    expect(load(PRODUCTION).releasedLabels).toEqual(['available']);
    expect(load({ ...PRODUCTION, RELEASED_LABELS: '' }).releasedLabels).toEqual(['available']);
    expect(load({ ...PRODUCTION, RELEASED_LABELS: 'available,planned' }).releasedLabels).toEqual(['available', 'planned']);
    expect(load({ NODE_ENV: 'development', RELEASED_LABELS: 'available' }).releasedLabels).toEqual(['available']);
    expect(failure({ RELEASED_LABELS: 'available,alpha' })).toContain('RELEASED_LABELS');
  });

  it('reads the cell, origin, numbers and lists from the environment', () => {
    const c = load({ CELL: 'en', PORT: '8080', PUBLIC_ORIGIN: 'https://api.en.test/', TRUSTED_PROXIES: '10.0.0.1, 10.1.0.0/16', RATE_LIMIT_READ_PER_MIN: '50', KEY_EXPIRY_SCAN_EVERY: '15m' });
    expect(c.cell).toBe('en');
    expect(c.port).toBe(8080);
    expect(c.baseUrl).toBe('https://api.en.test/api/public/v1');
    expect(c.cellBaseUrls.en).toBe(c.baseUrl);
    expect(c.trustedProxies).toEqual(['10.0.0.1', '10.1.0.0/16']);
    expect(c.limits.readPerMin).toBe(50);
    expect(c.keyExpiryScanEvery).toBe('15m');
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['CELL', 'us'],
    ['DATABASE_URL', 'mysql://localhost/x'],
    ['REDIS_URL', 'not a url'],
    ['RATE_LIMIT_WRITE_PER_MIN', '0'],
    ['RATE_LIMIT_REFUSED_KEYS_PER_MIN', '0'],
    ['WIDGET_RATE_IP_PER_MIN', '0'],
    ['WIDGET_RATE_SESSIONS_PER_IP_PER_MIN', 'many'],
    ['WALLET_LOW_THRESHOLD_RUB', '10.5.1'],
    ['KEY_EXPIRY_SCAN_EVERY', '1 hour'],
    ['KEY_EXPIRY_SCAN_EVERY', '0s'],
    ['LOG_LEVEL', 'loud'],
    ['API_KEY_PEPPER', 'short'],
  ])('a bad %s (%s) fails naming the variable', (name, value) => {
    expect(failure({ [name]: value })).toContain(name);
  });

  it("the widget's daily AI cap (default 300 RUB, none for no default cap) and paid turns per address and hour (default 20)", () => {
    expect(load({}).widget).toMatchObject({ dailyAiCapRub: '300', paidTurnsPerAddressPerHour: 20 });
    expect(load({ WIDGET_DAILY_AI_CAP_RUB: 'none', WIDGET_PAID_PER_IP_PER_HOUR: '5' }).widget).toMatchObject({ dailyAiCapRub: null, paidTurnsPerAddressPerHour: 5 });
    expect(load({ WIDGET_DAILY_AI_CAP_RUB: '99.50' }).widget.dailyAiCapRub).toBe('99.50');
    expect(failure({ WIDGET_DAILY_AI_CAP_RUB: '-1' })).toContain('WIDGET_DAILY_AI_CAP_RUB');
    expect(failure({ WIDGET_PAID_PER_IP_PER_HOUR: '0' })).toContain('WIDGET_PAID_PER_IP_PER_HOUR');
  });

  it("PUBLICATION_WAIT: a site-module job waits days for its module's result by default (3d); a duration, else the start fails naming it", () => {
    expect(load({}).publicationWaitMs).toBe(3 * 86_400_000);
    expect(load({ PUBLICATION_WAIT: '2s' }).publicationWaitMs).toBe(2000);
    expect(failure({ PUBLICATION_WAIT: '3 days' })).toContain('PUBLICATION_WAIT');
  });

  it('a bad CELL_ORIGINS pair fails naming the variable', () => {
    expect(failure({ CELL_ORIGINS: 'ru=https://a.example,mars=https://b.example' })).toContain('CELL_ORIGINS');
  });

  it.each(['production', 'development', 'test'])('refuses to start without the four secrets in %s, naming every one missing', (env) => {
    const message = failure({ NODE_ENV: env }, false);
    for (const name of ['API_KEY_PEPPER', 'CURSOR_SECRET', 'WEBHOOK_SECRET_KEY', 'WIDGET_SECRET']) expect(message).toContain(name);
    expect(failure({ NODE_ENV: env, API_KEY_PEPPER: SECRET, CURSOR_SECRET: `${SECRET}c`, WEBHOOK_SECRET_KEY: `${SECRET}w` }, false)).toMatch(/"WIDGET_SECRET"/);
    expect(failure({ NODE_ENV: env, API_KEY_PEPPER: SECRET, CURSOR_SECRET: `${SECRET}c`, WEBHOOK_SECRET_KEY: `${SECRET}w` }, false)).not.toMatch(/API_KEY_PEPPER|CURSOR_SECRET|WEBHOOK_SECRET_KEY/);
  });

  it.each(['production', 'development', 'test'])('refuses to start in %s without a payload key (TEMPORAL_PAYLOAD_KEYS: nothing reaches Temporal unsealed)', (env) => {
    expect(failure({ NODE_ENV: env, TEMPORAL_PAYLOAD_KEYS: '' })).toMatch(/"TEMPORAL_PAYLOAD_KEYS" is required/);
    const { TEMPORAL_PAYLOAD_KEYS: _, ...withoutKey } = SECRETS;
    expect(failure({ ...withoutKey, NODE_ENV: env }, false)).toMatch(/"TEMPORAL_PAYLOAD_KEYS" is required/);
  });

  it('refuses an empty secret as missing', () => {
    expect(failure({ CURSOR_SECRET: '' })).toContain('CURSOR_SECRET');
  });

  it('uses the four secrets as given', () => {
    const c = load(PRODUCTION);
    expect(c.secrets).toEqual({ apiKeyPepper: SECRET, cursor: `${SECRET}c` });
    expect(c.webhooks.secretKey).toBe(`${SECRET}w`);
    expect(c.widget.secret).toBe(`${SECRET}v`);
  });

  it('production refuses the builtin models for live work unless the operator opts in (AI_ALLOW_BUILTIN_IN_PRODUCTION), naming the settings', () => {
    for (const env of [{}, { AI_PROVIDER: 'builtin' }, { AI_PROVIDER: '' }, { AI_ALLOW_BUILTIN_IN_PRODUCTION: 'false' }] as Record<string, string>[]) {
      const message = failure({ NODE_ENV: 'production', ...env });
      expect(message).toContain('"AI_PROVIDER"=openai');
      expect(message).toContain('"AI_ALLOW_BUILTIN_IN_PRODUCTION"=true');
    }
    expect(load(PRODUCTION).ai).toMatchObject({ provider: 'builtin', sandboxProvider: 'builtin' });
    // A remote model needs no opt-in: the OpenAI API with its key, or a local server that asks for none.
    expect(load({ NODE_ENV: 'production', AI_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-production-0123456789' }).ai.provider).toBe('openai');
    expect(load({ NODE_ENV: 'production', AI_PROVIDER: 'openai', OPENAI_BASE_URL: 'http://vllm.internal:8000/v1', OPENAI_MODEL: 'qwen2.5-7b', AI_PRICE_TABLE: '{"qwen2.5-7b":{"input_per_1k_rub":"0","output_per_1k_rub":"0"}}' }).ai.openai)
      .toMatchObject({ baseUrl: 'http://vllm.internal:8000/v1', apiKey: '', model: 'qwen2.5-7b' });
    // The OpenAI API without a key would refuse every call.
    expect(failure({ NODE_ENV: 'production', AI_PROVIDER: 'openai' })).toContain('"OPENAI_API_KEY" is required');
    expect(failure({ NODE_ENV: 'production', AI_PROVIDER: 'openai', OPENAI_BASE_URL: 'https://api.openai.com/v1/' })).toContain('"OPENAI_API_KEY" is required');
    // Development and tests keep the builtin models without a word.
    expect(load({}).ai.provider).toBe('builtin');
    expect(load({ NODE_ENV: 'test' }).ai.provider).toBe('builtin');
  });

  it('live builtin work costs 0 unless its price is set (empty is unset); a price is roubles with two places at most', () => {
    expect(load({}).ai).toMatchObject({ builtinPriceRub: '0', builtinArticlePriceRub: '0', builtinStrategistPriceRub: '0' });
    expect(load({ AI_BUILTIN_PRICE_RUB: '', AI_BUILTIN_ARTICLE_PRICE_RUB: '', AI_BUILTIN_STRATEGIST_PRICE_RUB: '' }).ai)
      .toMatchObject({ builtinPriceRub: '0', builtinArticlePriceRub: '0', builtinStrategistPriceRub: '0' });
    expect(load({ AI_BUILTIN_PRICE_RUB: '1.50', AI_BUILTIN_ARTICLE_PRICE_RUB: '5', AI_BUILTIN_STRATEGIST_PRICE_RUB: '0.25' }).ai)
      .toMatchObject({ builtinPriceRub: '1.50', builtinArticlePriceRub: '5', builtinStrategistPriceRub: '0.25' });
    expect(failure({ AI_BUILTIN_ARTICLE_PRICE_RUB: '-1' })).toContain('AI_BUILTIN_ARTICLE_PRICE_RUB');
    expect(failure({ AI_BUILTIN_STRATEGIST_PRICE_RUB: '0.125' })).toContain('AI_BUILTIN_STRATEGIST_PRICE_RUB');
  });

  it('webhook settings: 8 retry pauses, resolve pairs, and no private-network relaxation in production', () => {
    expect(load({}).webhooks.retrySchedule).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000, 36_000_000]);
    expect(failure({ WEBHOOK_RETRY_SCHEDULE: '1s,2s' })).toContain('WEBHOOK_RETRY_SCHEDULE');
    expect(failure({ WEBHOOK_RETRY_SCHEDULE: '1s,2s,3s,4s,5s,6s,7s,soon' })).toContain('WEBHOOK_RETRY_SCHEDULE');
    expect(load({ WEBHOOK_RESOLVE: 'hooks.test=127.0.0.5,V6.test=::1' }).webhooks.resolve).toEqual({ 'hooks.test': '127.0.0.5', 'v6.test': '::1' });
    expect(failure({ WEBHOOK_RESOLVE: 'hooks.test' })).toContain('WEBHOOK_RESOLVE');
    expect(failure({ NODE_ENV: 'production', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' })).toContain('WEBHOOK_ALLOW_PRIVATE_NETWORKS');
  });

  it('the waits of long-running workflows are settings (tests run them short): production\'s by default', () => {
    expect(load({}).webhooks).toMatchObject({ holdRecheckMs: 600_000, holdBackstopMs: 3_600_000, holdBackstopMaxMs: 86_400_000, holdCyclesPerRun: 100 });
    expect(load({}).leadScoring).toEqual({ debounceMs: 10_000, maxDelayMs: 120_000, idleMs: 3_600_000 });
    expect(load({ WEBHOOK_HOLD_CYCLES_PER_RUN: '3', LEAD_SCORE_IDLE: '2s' })).toMatchObject({ webhooks: { holdCyclesPerRun: 3 }, leadScoring: { idleMs: 2_000 } });
    expect(failure({ WEBHOOK_HOLD_CYCLES_PER_RUN: '0' })).toContain('WEBHOOK_HOLD_CYCLES_PER_RUN');
    // The backstop's maximum is never below the backstop itself.
    expect(load({ WEBHOOK_HOLD_BACKSTOP: '2h', WEBHOOK_HOLD_BACKSTOP_MAX: '1h' }).webhooks).toMatchObject({ holdBackstopMs: 7_200_000, holdBackstopMaxMs: 7_200_000 });
    expect(failure({ WEBHOOK_HOLD_BACKSTOP_MAX: 'a day' })).toContain('WEBHOOK_HOLD_BACKSTOP_MAX');
    expect(failure({ LEAD_SCORE_IDLE: 'soon' })).toContain('LEAD_SCORE_IDLE');
  });

  it('a subscription is paused as failing after 5 days of failed attempts by default; WEBHOOK_PAUSE_FAILING_AFTER sets the window', () => {
    expect(load({}).webhooks.pauseFailingAfterMs).toBe(5 * 86_400_000);
    expect(load({ WEBHOOK_PAUSE_FAILING_AFTER: '3s' }).webhooks.pauseFailingAfterMs).toBe(3_000);
    expect(failure({ WEBHOOK_PAUSE_FAILING_AFTER: '0' })).toContain('WEBHOOK_PAUSE_FAILING_AFTER');
    expect(failure({ WEBHOOK_PAUSE_FAILING_AFTER: 'a week' })).toContain('WEBHOOK_PAUSE_FAILING_AFTER');
  });

  it('parses ROUTE_DEPRECATIONS per route, keeping the dates as given', () => {
    const c = load({ ROUTE_DEPRECATIONS: JSON.stringify({
      'GET /me': { deprecation: '2026-12-01T00:00:00Z', sunset: '2027-03-01T00:00:00Z', link: 'https://example.com/changelog' },
      'POST /webhooks': { deprecation: '2026-12-01' },
    }) });
    expect(c.deprecations).toEqual({
      'GET /me': { deprecation: '2026-12-01T00:00:00Z', sunset: '2027-03-01T00:00:00Z', link: 'https://example.com/changelog' },
      'POST /webhooks': { deprecation: '2026-12-01' },
    });
  });

  it.each([
    ['not JSON', '{'],
    ['a route key without a method', JSON.stringify({ '/me': { deprecation: '2026-12-01' } })],
    ['no deprecation date', JSON.stringify({ 'GET /me': { sunset: '2027-03-01' } })],
    ['a date that is not ISO', JSON.stringify({ 'GET /me': { deprecation: 'next tuesday' } })],
  ])('ROUTE_DEPRECATIONS with %s fails naming the variable', (_why, value) => {
    expect(failure({ ROUTE_DEPRECATIONS: value })).toContain('ROUTE_DEPRECATIONS');
  });
});
