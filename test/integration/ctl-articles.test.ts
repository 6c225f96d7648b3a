import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CtlHarness, ctlProcess, onlyJson } from '../harness/ctl.js';
import { call } from '../harness/http.js';
import { DEMO_TENANT_ID } from '../../src/domain/provisioning/demo.js';
import { demoBlogPages } from '../../src/domain/articles/demo-articles.js';

/** `bin/ctl site bind|list|show`, `bin/ctl article create`, the demo seed's articles, and bin/site-module as a process. */

const h = new CtlHarness();
const { ctl, count } = h;

let tenant: Awaited<ReturnType<CtlHarness['provision']>>;
beforeAll(async () => {
  await h.start();
  tenant = await h.provision();
});
afterAll(() => h.stop());

const siteCall = (token: string, path: string) => call(h.api.origin, 'POST', `/api/site-module${path}`, { key: token });

describe('site bind', () => {
  it('prints the site id and the token once; the token works on the site module, and only its hash is stored', async () => {
    const out = await ctl('site', 'bind', '--tenant', tenant.tenantId, '--url', 'https://shop.example.com/blog', '--drafts-only');
    expect(out).toEqual({ site_id: expect.any(String), site_token: expect.stringMatching(/^st_[0-9A-Za-z]{48}$/), url: 'https://shop.example.com', drafts_only: true });
    const row = (await h.db.query('select token_hash, drafts_only from sites where id = $1', [out.site_id])).rows[0];
    expect(row.drafts_only).toBe(true);
    expect(row.token_hash).not.toContain(out.site_token);
    expect((await siteCall(out.site_token, '/heartbeat')).body).toMatchObject({ site_id: out.site_id, pending_jobs: 0 });
  });

  it('refuses an address that is not http(s), and an unknown tenant', async () => {
    await expect(ctl('site', 'bind', '--tenant', tenant.tenantId, '--url', 'ftp://shop.example.com')).rejects.toThrow(/http/);
    await expect(ctl('site', 'bind', '--tenant', '6f1c1c55-0000-4000-8000-000000000000', '--url', 'https://x.example.com')).rejects.toThrow();
  });
});

describe('article create', () => {
  it('writes a sanitized article the API reads', async () => {
    const out = await ctl('article', 'create', '--tenant', tenant.tenantId, '--title', 'Lamps', '--slug', 'lamps', '--status', 'review',
      '--content', '<p onclick="x()">Warm light here.</p>');
    expect(out).toEqual({ id: expect.any(String), status: 'review', slug: 'lamps', word_count: 3 });
    const res = await h.get(`/articles/${out.id}`, tenant.key.api_key);
    expect(res.body).toMatchObject({ title: 'Lamps', status: 'review', content: '<p>Warm light here.</p>' });
  });

  it('refuses an unknown status', async () => {
    await expect(ctl('article', 'create', '--tenant', tenant.tenantId, '--title', 'X', '--status', 'deleted')).rejects.toThrow(/status/);
  });
});

describe('demo seed', () => {
  it('gives the demo tenant its five articles once, however often it runs', async () => {
    await ctl('demo', 'seed');
    await ctl('demo', 'seed');
    expect(await count('articles where tenant_id = $1', DEMO_TENANT_ID)).toBe(5);
  });

  it("its published articles are the pages the demo shop's blog starts with, under the same article ids", async () => {
    const { rows } = await h.db.query("select id, slug, title, locale from articles where tenant_id = $1 and status = 'published' order by slug", [DEMO_TENANT_ID]);
    expect(rows).toEqual(demoBlogPages(DEMO_TENANT_ID).map((p) => ({ id: p.page.article_id, slug: p.slug, title: p.page.title, locale: p.page.locale })).sort((a, b) => a.slug.localeCompare(b.slug)));
  });
});

describe('editorial-profile set', () => {
  it('sets the whole profile; GET /editorial-profile shows it', async () => {
    const out = await ctl('editorial-profile', 'set', '--tenant', tenant.tenantId, '--niche', 'Furniture for small flats', '--tone', 'friendly',
      '--topic-sources', 'search queries, catalogue', '--source-urls', 'https://shop.example.com/catalogue', '--locale', 'en');
    expect(out).toMatchObject({ niche: 'Furniture for small flats', tone: 'friendly', topic_sources: ['search queries', 'catalogue'], locale: 'en', audience: null });
    expect((await h.get('/editorial-profile', tenant.key.api_key)).body).toEqual(out);
  });

  it('refuses a profile without a niche, and an unknown locale', async () => {
    await expect(ctl('editorial-profile', 'set', '--tenant', tenant.tenantId)).rejects.toThrow(/niche/);
    await expect(ctl('editorial-profile', 'set', '--tenant', tenant.tenantId, '--niche', 'x', '--locale', 'fr')).rejects.toThrow(/locale/);
  });
});

describe('bin/ctl site and article as a process', () => {
  it('article create, site bind, site list and site show answer --json alike: one JSON object on stdout, nothing else', async () => {
    const created = onlyJson(await ctlProcess(['article', 'create', '--tenant', tenant.tenantId, '--title', 'Rugs', '--content', '<p>Wool.</p>', '--json']));
    expect(created).toEqual({ id: expect.any(String), status: 'draft', slug: null, word_count: 1 });
    const bound = onlyJson(await ctlProcess(['site', 'bind', '--tenant', tenant.tenantId, '--url', 'https://rugs.example.com', '--json']));
    const listed = onlyJson(await ctlProcess(['site', 'list', '--tenant', tenant.tenantId, '--json']));
    expect(listed.sites.map((x: { site_id: string }) => x.site_id)).toContain(bound.site_id);
    expect(onlyJson(await ctlProcess(['site', 'show', '--site', bound.site_id, '--json']))).toMatchObject({ site_id: bound.site_id, url: 'https://rugs.example.com', working: false });
    // Without --json, the same answer as key: value lines.
    const human = await ctlProcess(['site', 'show', '--site', bound.site_id]);
    expect(human.stdout).toContain(`site_id: ${bound.site_id}\ntenant_id: ${tenant.tenantId}\nurl: https://rugs.example.com\ndrafts_only: false\n`);
  }, 120_000);
});

const SITE_MODULE = fileURLToPath(new URL('../../bin/site-module', import.meta.url));

/** bin/site-module until it prints `until` (or ends): its exit code and output. */
function siteModule(args: string[], env: Record<string, string>, until?: RegExp): Promise<{ code: number | null; stdout: string; stderr: string; argv: string }> {
  return new Promise((resolve) => {
    const child = spawn(SITE_MODULE, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let signalled = false;
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.stdout.setEncoding('utf8').on('data', (c: string) => {
      stdout += c;
      if (until?.test(stdout) && !signalled) {
        signalled = true;
        child.kill('SIGTERM');
      }
    });
    child.stderr.setEncoding('utf8').on('data', (c: string) => { stderr += c; });
    child.once('exit', (code) => { clearTimeout(timer); resolve({ code, stdout, stderr, argv: args.join(' ') }); });
  });
}

describe('bin/site-module', () => {
  it('takes its token from SITE_TOKEN, prints the site id it names, and stops on SIGTERM with exit 0', async () => {
    const site = await ctl('site', 'bind', '--tenant', tenant.tenantId, '--url', 'https://module.example.com');
    const blog = await mkdtemp(join(tmpdir(), 'site-module-blog-'));
    const run = await siteModule(['--blog-dir', blog, '--poll-seconds', '60'], { SITE_TOKEN: site.site_token, PUBLIC_ORIGIN: h.api.origin }, /site module: site /);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(new RegExp(`^site module: site ${site.site_id}; pages go to ${blog}, served at http://localhost:\\d+/blog/<slug>; 0 job\\(s\\) waiting\n`));
    expect(run.stdout).toMatch(/site module: stopped\n$/);
    expect((await h.db.query('select last_heartbeat_at from sites where id = $1', [site.site_id])).rows[0].last_heartbeat_at).toBeInstanceOf(Date);
  }, 90_000);

  it('refuses a token on the command line (ps shows it), and says SITE_TOKEN when it is missing or refused', async () => {
    const site = await ctl('site', 'bind', '--tenant', tenant.tenantId, '--url', 'https://argv.example.com');
    const onArgv = await siteModule(['--site-token', site.site_token], { SITE_TOKEN: '', PUBLIC_ORIGIN: h.api.origin });
    expect({ code: onArgv.code, stdout: onArgv.stdout }).toEqual({ code: 2, stdout: '' });
    expect(onArgv.stderr).toMatch(/takes its token from SITE_TOKEN, not from --site-token/);
    const missing = await siteModule([], { SITE_TOKEN: '', PUBLIC_ORIGIN: h.api.origin });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/SITE_TOKEN is not set/);
    const refused = await siteModule([], { SITE_TOKEN: `st_${'x'.repeat(48)}`, PUBLIC_ORIGIN: h.api.origin });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/refused the first heartbeat \(heartbeat answered 401\): is SITE_TOKEN/);
  }, 90_000);
});
