import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { CHANGELOG, changelogEntryProblem, deprecationsOf, type ChangelogEntry } from '../../src/changelog.js';
import { loadConfig } from '../../src/config.js';
import { ConfigError } from '../../src/config/config-error.js';
import { API_ROUTES } from '../../src/routes/index.js';

const deprecation = (date: string, sunset?: string): ChangelogEntry => ({ date, kind: 'deprecation', routes: ['GET /me'], text: 'GET /me moves.', sunset });
const SECRETS = { API_KEY_PEPPER: 'p'.repeat(32), CURSOR_SECRET: 'c'.repeat(32), WEBHOOK_SECRET_KEY: 'w'.repeat(32), WIDGET_SECRET: 's'.repeat(32), TEMPORAL_PAYLOAD_KEYS: 'placeholder:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=' };

describe('the change log', () => {
  it('refuses a deprecation whose Sunset comes less than 90 days after it', () => {
    expect(changelogEntryProblem(deprecation('2026-12-01', '2027-02-28'))).toBe('sunset 2027-02-28 is 89 days after 2026-12-01; at least 90 are required');
    expect(changelogEntryProblem(deprecation('2026-12-01', '2027-03-01'))).toBeNull();
    // Deprecated, no removal scheduled yet: Deprecation alone.
    expect(changelogEntryProblem(deprecation('2026-12-01'))).toBeNull();
  });

  it('refuses a deployment deprecation (ROUTE_DEPRECATIONS) with a Sunset under 90 days at start', () => {
    const soon = JSON.stringify({ 'GET /me': { deprecation: '2026-12-01T00:00:00Z', sunset: '2027-01-01T00:00:00Z' } });
    expect(() => loadConfig({ ...SECRETS, ROUTE_DEPRECATIONS: soon })).toThrow(ConfigError);
    expect(() => loadConfig({ ...SECRETS, ROUTE_DEPRECATIONS: soon })).toThrow('sunset 2027-01-01 is 31 days after 2026-12-01');
  });

  it('turns a deprecation entry into Deprecation, Sunset and Link for each route it names', () => {
    expect(deprecationsOf([deprecation('2026-12-01', '2027-03-01'), CHANGELOG[0]!], 'https://x/changelog')).toEqual({
      'GET /me': { deprecation: '2026-12-01T00:00:00Z', sunset: '2027-03-01T00:00:00Z', link: 'https://x/changelog' },
    });
  });

  it('holds entries that stand, newest first, naming real routes, each written out in docs/CHANGELOG.md', () => {
    const markdown = readFileSync(new URL('../../docs/CHANGELOG.md', import.meta.url), 'utf8');
    const routes = new Set(API_ROUTES.map((r) => `${r.method} ${r.path}`));
    const dates = CHANGELOG.map((e) => e.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const e of CHANGELOG) {
      expect([e.date, changelogEntryProblem(e)]).toEqual([e.date, null]);
      expect(markdown).toContain(`## ${e.date} — ${e.kind}\n${e.text}\n`);
      for (const route of e.routes) {
        expect([route, routes.has(route)]).toEqual([route, true]);
        expect(markdown).toContain(`\`${route}\``);
      }
    }
  });
});
