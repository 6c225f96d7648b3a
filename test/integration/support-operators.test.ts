import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type pg from 'pg';
import { loadConfig } from '../../src/config.js';
import { createServices, type Services } from '../../src/services.js';
import { PinnedClock } from '../../src/clock.js';
import { runCtl } from '../../src/cli/ctl.js';
import { serveSupportConsole, type SupportConsole } from '../../src/console/server.js';
import { supportConsoleSettings, type SupportConsoleSettings } from '../../src/console/settings.js';
import { SESSION_COOKIE, formToken, operatorOfRequest } from '../../src/console/operators/sessions.js';
import { totpCode, totpStep } from '../../src/console/operators/totp.js';
import { sqlClient } from '../harness/database.js';
import { ctlProcess, onlyJson } from '../harness/ctl.js';
import { ownShare } from '../harness/isolation.js';
import { codeOf, consoleRequest, newOperator, sessionOf, setSession, type TestOperator } from '../harness/operators.js';

/**
 * The support console's operators (issue 41 item 4): accounts with a password and a TOTP code,
 * server-side sessions that end when an admin, a disable or the clock says so, roles on every
 * action, sign-in guesses counted per account and per address (in parallel too) and audited,
 * single sign-on from a trusted proxy's address only, the public origin from configuration.
 * The clock is pinned: TOTP steps and session expiries move only when the test moves them.
 */

const PROXY = '127.0.0.2';
const HTTPS_ORIGIN = 'https://support.example.test';
let services: Services;
let clock: PinnedClock;
let db: pg.Client;
let sc: SupportConsole;
let httpsConsole: SupportConsole;

const settings = (env: Record<string, string> = {}): SupportConsoleSettings => supportConsoleSettings({
  SUPPORT_PORT: '0', SUPPORT_TRUSTED_PROXIES: PROXY, SUPPORT_SIGNIN_ATTEMPTS: '3', SUPPORT_SIGNIN_ATTEMPTS_PER_ADDRESS: '4', ...env,
})!;

beforeAll(async () => {
  clock = new PinnedClock(new Date('2026-11-28T12:00:00Z'));
  services = await createServices(loadConfig({ ...process.env, LOG_LEVEL: 'silent', ...ownShare('support-operators').env }), { clock });
  db = await sqlClient();
  sc = await serveSupportConsole(services, settings());
  httpsConsole = await serveSupportConsole(services, settings({ SUPPORT_PUBLIC_ORIGIN: HTTPS_ORIGIN }));
}, 60_000);

afterAll(async () => {
  await sc?.close();
  await httpsConsole?.close();
  await db?.end();
  await services?.close();
});

/** Each sign-in from an address of its own (forwarded by the trusted proxy), so address counts of one test do not touch another's. */
/** A client address no other sign-in of this file used (a random one repeated now and then: an address's count then held another test's failures). */
let addresses = 0;
const someAddress = () => { addresses += 1; return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`; };
const signInForm = (o: TestOperator, over: { password?: string; code?: string } = {}) =>
  new URLSearchParams({ email: o.email, password: over.password ?? o.password, code: over.code ?? codeOf(o, clock.now()) }).toString();
/** A sign-in a millisecond after the one before: the audit's rows keep their order. */
const signIn = (body: string, address = someAddress(), origin = sc.url) => {
  clock.advance(1);
  return consoleRequest(origin, '/login', { body, from: PROXY, headers: { 'X-Forwarded-For': address } });
};
const get = (path: string, cookie: string, origin = sc.url) => consoleRequest(origin, path, { headers: { Cookie: `${SESSION_COOKIE}=${cookie}` } });
const post = (path: string, cookie: string, fields: Record<string, string> = {}) =>
  consoleRequest(sc.url, path, { body: new URLSearchParams({ token: formToken(cookie), ...fields }).toString(), headers: { Cookie: `${SESSION_COOKIE}=${cookie}` } });
const audit = async (operator: string) =>
  (await db.query('select action, target_id, detail from support_actions where operator = $1 order by created_at, action', [operator])).rows;

describe('signing in', () => {
  it('takes an e-mail, a password and a TOTP code; the session lives on the server, its cookie HttpOnly, SameSite=Strict, path /', async () => {
    const o = await newOperator(services, 'viewer');
    const address = someAddress();
    const res = await signIn(signInForm(o), address);
    expect([res.status, res.headers.location]).toEqual([303, '/']);
    const cookie = setSession(res)!;
    expect(res.headers['set-cookie']![0]).toMatch(/^support_session=[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Strict; Path=\/; Max-Age=43200$/);
    const page = await get('/', cookie);
    expect(page.status).toBe(200);
    expect(page.body).toContain(o.displayName);
    // Only the token's hash is stored.
    const { rows } = await db.query('select token_hash, method, address from support_sessions where operator_id = $1', [o.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).not.toContain(cookie);
    expect([rows[0].method, rows[0].address]).toEqual(['password', address]);
    expect(await audit(o.email)).toEqual([{ action: 'login', target_id: o.id, detail: { address, method: 'password' } }]);
    // The codec endpoint's way in: the same cookie.
    const req = { headers: { cookie: `other=1; ${SESSION_COOKIE}=${cookie}` } } as never;
    expect(await operatorOfRequest(services, req)).toEqual({ id: o.id, email: o.email, role: 'viewer' });
    expect(await operatorOfRequest(services, { headers: {} } as never)).toBeNull();
  });

  it('refuses a wrong password, a wrong code and a code used once already, each counted and recorded with why', async () => {
    const o = await newOperator(services, 'operator');
    const wrongPassword = await signIn(signInForm(o, { password: 'not the password at all' }));
    const wrongCode = await signIn(signInForm(o, { code: codeOf(o, clock.now(), 5) }));
    expect([wrongPassword.status, wrongCode.status]).toEqual([401, 401]);
    expect([setSession(wrongPassword), setSession(wrongCode)]).toEqual([null, null]);
    expect(wrongPassword.body).toContain('Wrong e-mail, password or code.');
    const code = codeOf(o, clock.now());
    expect((await signIn(signInForm(o, { code }))).status).toBe(303);
    // The same code again, within its window: refused (and the account's count was cleared by the sign-in).
    expect((await signIn(signInForm(o, { code }))).status).toBe(401);
    // The next step's code is a new one.
    expect((await signIn(signInForm(o, { code: codeOf(o, clock.now(), 1) }))).status).toBe(303);
    expect((await audit(o.email)).map((a) => [a.action, a.detail.reason ?? null])).toEqual([
      ['login.failed', 'password'], ['login.failed', 'totp'], ['login', null], ['login.failed', 'totp'], ['login', null],
    ]);
    const unknown = `nobody-${randomUUID().slice(0, 8)}@support.test`;
    expect((await signIn(new URLSearchParams({ email: unknown, password: 'x'.repeat(20), code: '123456' }).toString())).status).toBe(401);
    expect((await audit(unknown)).map((a) => [a.action, a.detail.reason])).toEqual([['login.failed', 'unknown']]);
  });

  it('locks an account out after SUPPORT_SIGNIN_ATTEMPTS, even for the right password and code, and records the lock-out once', async () => {
    const o = await newOperator(services, 'viewer');
    for (let i = 0; i < 3; i++) expect((await signIn(signInForm(o, { password: `guess number ${i} of many` }))).status).toBe(401);
    const locked = await signIn(signInForm(o));
    expect(locked.status).toBe(429);
    expect(setSession(locked)).toBeNull();
    expect((await signIn(signInForm(o, { code: codeOf(o, clock.now(), 1) }))).status).toBe(429);
    expect((await audit(o.email)).map((a) => [a.action, a.detail.by ?? a.detail.reason])).toEqual([
      ['login.failed', 'password'], ['login.failed', 'password'], ['login.failed', 'password'], ['login.locked', 'account'],
    ]);
  });

  it('locks an address out after SUPPORT_SIGNIN_ATTEMPTS_PER_ADDRESS, whichever accounts it tries', async () => {
    const address = someAddress();
    const accounts = await Promise.all([1, 2, 3, 4, 5].map(() => newOperator(services, 'viewer')));
    for (const o of accounts.slice(0, 4)) expect((await signIn(signInForm(o, { password: 'a wrong password, long' }), address)).status).toBe(401);
    const fifth = accounts[4]!;
    expect((await signIn(signInForm(fifth), address)).status).toBe(429);
    expect(await audit(fifth.email)).toEqual([{ action: 'login.locked', target_id: address, detail: { address, by: 'address', attempts: 4, minutes: 15 } }]);
    // The same account from another address signs in.
    expect((await signIn(signInForm(fifth), someAddress())).status).toBe(303);
    // A sign-in takes its own attempt back from its address: an address's count is of failures.
    const office = someAddress();
    for (const o of accounts.slice(0, 4)) expect((await signIn(signInForm(o, { code: codeOf(o, clock.now(), 1) }), office)).status).toBe(303);
    expect((await signIn(signInForm(fifth, { code: codeOf(fifth, clock.now(), 1) }), office)).status).toBe(303);
  });

  it('counts guesses in parallel before verifying any: twenty at once get three verifications', async () => {
    const o = await newOperator(services, 'viewer');
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => signIn(signInForm(o, { password: `parallel guess ${i} here` }))));
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(3).fill(401), ...Array(17).fill(429)]);
    const rows = await audit(o.email);
    expect(rows.filter((a) => a.action === 'login.failed')).toHaveLength(3);
    expect(rows.filter((a) => a.action === 'login.locked')).toHaveLength(1);
  });
});

describe('roles and sessions', () => {
  const REPLAY = `/deliveries/${randomUUID()}/replay`;

  it('lets a viewer read but not act, an operator act but not manage operators, an admin manage', async () => {
    const [viewer, operator, admin] = await Promise.all([newOperator(services, 'viewer'), newOperator(services, 'operator'), newOperator(services, 'admin')]);
    const [v, op, ad] = await Promise.all([sessionOf(services, viewer), sessionOf(services, operator), sessionOf(services, admin)]);
    expect((await get('/actions', v)).status).toBe(200);
    const refused = await post(REPLAY, v);
    expect(refused.status).toBe(403);
    expect(refused.body).toContain('This needs the operator role; you are a viewer.');
    expect((await post(`/webhooks/${randomUUID()}/status`, v, { status: 'paused' })).status).toBe(403);
    expect((await post(`/webhooks/${randomUUID()}/recover`, v, { since: '2026-11-27T00:00', until: '2026-11-28T00:00' })).status).toBe(403);
    // An operator gets past the role: the delivery does not exist.
    expect((await post(REPLAY, op)).status).toBe(404);
    expect((await get('/operators', op)).status).toBe(403);
    expect((await get(`/operators/${viewer.id}`, op)).status).toBe(403);
    const list = await get('/operators', ad);
    expect(list.status).toBe(200);
    expect(list.body).toContain(`<a href="/operators/${viewer.id}">${viewer.email}</a>`);
  });

  it('ends a session an admin ends, and every session of an operator disabled, at their next request', async () => {
    const [o, admin] = await Promise.all([newOperator(services, 'operator'), newOperator(services, 'admin')]);
    const first = await sessionOf(services, o);
    const second = await sessionOf(services, o);
    const ad = await sessionOf(services, admin);
    const page = await get(`/operators/${o.id}`, ad);
    const ids = [...page.body.matchAll(/action="\/sessions\/([0-9a-f-]{36})\/end"/g)].map((m) => m[1]);
    const endedFirst = await db.query('select id from support_sessions where operator_id = $1 and token_hash = encode(sha256($2::bytea), \'hex\')', [o.id, first]);
    expect(ids).toHaveLength(2);
    expect(ids).toContain(endedFirst.rows[0].id);
    const end = await post(`/sessions/${endedFirst.rows[0].id}/end`, ad);
    expect([end.status, end.headers.location]).toEqual([303, `/operators/${o.id}?notice=ended`]);
    expect((await get('/', first)).headers.location).toBe('/login');
    expect((await get('/', second)).status).toBe(200);
    expect(await audit(admin.email)).toEqual([{ action: 'session.end', target_id: o.id, detail: { session_id: endedFirst.rows[0].id } }]);

    await runCtl(['support', 'operator', 'disable', '--email', o.email], services);
    expect((await get('/', second)).headers.location).toBe('/login');
    expect((await signIn(signInForm(o))).status).toBe(401);
    await runCtl(['support', 'operator', 'enable', '--email', o.email], services);
    // Still ended: enabling signs nobody back in.
    expect((await get('/', second)).headers.location).toBe('/login');
    expect((await signIn(signInForm(o, { code: codeOf(o, clock.now(), 1) }))).status).toBe(303);
  });

  it('ends a session unused for its idle time, and every session at its absolute expiry, and at sign-out', async () => {
    const o = await newOperator(services, 'viewer');
    const idle = await sessionOf(services, o);
    const busy = await sessionOf(services, o);
    const leaving = await sessionOf(services, o);
    for (let minutes = 0; minutes < 12 * 60; minutes += 29) {
      expect((await get('/actions', busy)).status).toBe(200);
      // Unused for 58 minutes (SUPPORT_SESSION_IDLE_MINUTES is 30), while the busy one lives on.
      if (minutes === 58) expect((await get('/actions', idle)).headers.location).toBe('/login');
      clock.advance(29 * 60_000);
    }
    expect((await get('/actions', busy)).headers.location).toBe('/login');
    const fresh = await sessionOf(services, o);
    expect((await post('/logout', fresh)).headers.location).toBe('/login');
    expect((await get('/actions', fresh)).headers.location).toBe('/login');
    expect((await audit(o.email)).map((a) => a.action)).toEqual(['logout']);
    expect(leaving).not.toBe(fresh);
  });

  it('ends every session at a password reset; bin/ctl prints the new password once', async () => {
    const o = await newOperator(services, 'viewer');
    const session = await sessionOf(services, o);
    const reset = await runCtl(['support', 'operator', 'reset-password', '--email', o.email], services);
    expect(reset).toEqual({ email: o.email, sessions: 'ended', password: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/) });
    expect((await get('/', session)).headers.location).toBe('/login');
    expect((await signIn(signInForm(o))).status).toBe(401);
    expect((await signIn(signInForm({ ...o, password: reset.password as string }, { code: codeOf(o, clock.now(), 1) }))).status).toBe(303);
    const totp = await runCtl(['support', 'operator', 'reset-totp', '--email', o.email], services);
    expect(totp.otpauth_uri).toBe(`otpauth://totp/Support%20console:${encodeURIComponent(o.email)}?secret=${totp.totp_secret}&issuer=Support%20console&algorithm=SHA1&digits=6&period=30`);
    expect((await signIn(signInForm({ ...o, password: reset.password as string }, { code: totpCode(totp.totp_secret as string, totpStep(clock.now())) }))).status).toBe(303);
  });
});

describe('bin/ctl support operator', () => {
  it('creates an account and prints its initial password and TOTP secret once; lists accounts without them', async () => {
    const email = `Made-${randomUUID().slice(0, 8)}@Support.test`;
    const made = await runCtl(['support', 'operator', 'create', '--email', email, '--name', 'Ola Admin', '--role', 'admin'], services);
    expect(made).toMatchObject({ created: true, email: email.toLowerCase(), display_name: 'Ola Admin', role: 'admin', disabled: false });
    expect(made.password).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(made.totp_secret).toMatch(/^[A-Z2-7]{32}$/);
    const { rows: [row] } = await db.query('select password_hash, totp_secret_sealed from support_operators where email = $1', [email.toLowerCase()]);
    expect(row.password_hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(row.totp_secret_sealed).not.toContain(made.totp_secret);
    const { operators } = await runCtl(['support', 'operator', 'list'], services) as { operators: Record<string, unknown>[] };
    const listed = operators.find((o) => o.email === email.toLowerCase())!;
    expect(Object.keys(listed).sort()).toEqual(['created_at', 'disabled', 'display_name', 'email', 'id', 'role', 'updated_at']);
    await expect(runCtl(['support', 'operator', 'create', '--email', email, '--name', 'Twice'], services)).rejects.toThrow(/exists already/);
    await expect(runCtl(['support', 'operator', 'create', '--email', 'x@y', '--name', 'A', '--role', 'root'], services)).rejects.toThrow(/--role is one of/);
    expect(await runCtl(['support', 'operator', 'create', '--email', `other-${email}`, '--name', 'B', '--first'], services)).toEqual({ created: false });
    // As bin/up runs it: the real bin/ctl, one line of JSON.
    expect(onlyJson(await ctlProcess(['support', 'operator', 'create', '--email', 'admin@localhost', '--name', 'Local admin', '--role', 'admin', '--first', '--json']))).toEqual({ created: false });
    expect(onlyJson(await ctlProcess(['support', 'operator', 'list', '--json'])).operators).toContainEqual(listed);
    expect((await audit(`bin/ctl (${process.env.USER || (await import('node:os')).userInfo().username})`)).map((a) => a.action)).toContain('operator.create');
  });

  it('gives the current TOTP code of a credentials file, the one sign-in takes', async () => {
    const o = await newOperator(services, 'viewer');
    const file = join(mkdtempSync(join(tmpdir(), 'support-admin-')), 'support-admin.json');
    writeFileSync(file, JSON.stringify({ email: o.email, totp_secret: o.totpSecret }));
    const { code } = await runCtl(['support', 'operator', 'code', '--file', file], services);
    expect(code).toBe(totpCode(o.totpSecret, totpStep(clock.now())));
    expect((await signIn(signInForm(o, { code: code as string }))).status).toBe(303);
    writeFileSync(file, '{}');
    await expect(runCtl(['support', 'operator', 'code', '--file', file], services)).rejects.toThrow(/no totp_secret/);
  });
});

describe('single sign-on from a trusted proxy', () => {
  it('signs in the operator X-Forwarded-Email names only when the request comes from SUPPORT_TRUSTED_PROXIES', async () => {
    const o = await newOperator(services, 'operator');
    const viaProxy = await consoleRequest(sc.url, '/actions', { from: PROXY, headers: { 'X-Forwarded-Email': o.email.toUpperCase() } });
    expect([viaProxy.status, viaProxy.headers.location]).toEqual([303, '/actions']);
    const cookie = setSession(viaProxy)!;
    const page = await consoleRequest(sc.url, '/actions', { from: PROXY, headers: { 'X-Forwarded-Email': o.email, Cookie: `${SESSION_COOKIE}=${cookie}` } });
    expect(page.status).toBe(200);
    expect((await db.query('select method from support_sessions where operator_id = $1', [o.id])).rows).toEqual([{ method: 'proxy' }]);
    expect((await audit(o.email)).map((a) => [a.action, a.detail.method])).toEqual([['login', 'proxy']]);

    // The same header from any other address signs nobody in.
    const direct = await consoleRequest(sc.url, '/actions', { from: '127.0.0.1', headers: { 'X-Forwarded-Email': o.email } });
    expect([direct.status, direct.headers.location, setSession(direct)]).toEqual([303, '/login', null]);
    // An e-mail without an enabled account: refused and recorded.
    const stranger = `stranger-${randomUUID().slice(0, 8)}@support.test`;
    const refused = await consoleRequest(sc.url, '/', { from: PROXY, headers: { 'X-Forwarded-Email': stranger } });
    expect([refused.status, setSession(refused)]).toEqual([403, null]);
    expect((await audit(stranger)).map((a) => [a.action, a.detail.reason])).toEqual([['login.failed', 'unknown']]);
  });
});

describe('the console door', () => {
  it('answers 404 to an id that is not a UUID, without asking the database', async () => {
    const cookie = await sessionOf(services, await newOperator(services, 'viewer'));
    for (const path of ['/tenants/------------------------------------', '/deliveries/zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz', '/webhooks/0123456789abcdef0123456789abcdef0123', '/integrations/--------1234-1234-1234-123456789012']) {
      expect([path, (await get(path, cookie)).status]).toEqual([path, 404]);
    }
  });

  it('answers GET and POST only, on exact paths, every page with its security headers; a notice only from its fixed texts', async () => {
    const cookie = await sessionOf(services, await newOperator(services, 'viewer'));
    const head = await consoleRequest(sc.url, '/actions', { method: 'HEAD', headers: { Cookie: `${SESSION_COOKIE}=${cookie}` } });
    expect([head.status, head.headers.allow]).toEqual([405, 'GET, POST']);
    const page = await get('/actions', cookie);
    expect([page.status, page.headers['content-type'], page.headers['cache-control'], page.headers['x-frame-options']]).toEqual([200, 'text/html; charset=utf-8', 'no-store', 'DENY']);
    expect(page.headers['content-security-policy']).toBe("default-src 'none'; style-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'");
    for (const path of ['/actions/', '/Actions', '/tenants', '/nowhere']) {
      const missing = await get(path, cookie);
      expect([path, missing.status, missing.headers['content-security-policy'] !== undefined]).toEqual([path, 404, true]);
      expect(missing.body).toContain('No such page.');
    }
    const noAction = await post('/actions', cookie);
    expect([noAction.status, noAction.body.includes('No such action.')]).toEqual([404, true]);
    const css = await consoleRequest(sc.url, '/console.css');
    expect([css.status, css.headers['content-type'], css.headers['cache-control']]).toEqual([200, 'text/css; charset=utf-8', 'max-age=300']);
    expect((await get('/actions?notice=paused', cookie)).body).toContain('Subscription paused');
    const inherited = await get('/actions?notice=constructor', cookie);
    expect([inherited.status, inherited.body.includes('class="notice')]).toEqual([200, false]);
    // Signed out: a page asks for the sign-in, a POST is refused.
    expect([(await consoleRequest(sc.url, '/actions')).headers.location, (await consoleRequest(sc.url, '/logout', { body: '' })).status]).toEqual(['/login', 403]);
  });

  it('behind https (SUPPORT_PUBLIC_ORIGIN) takes posts from that origin only and makes the cookie Secure', async () => {
    const o = await newOperator(services, 'viewer');
    const fromHttp = await consoleRequest(httpsConsole.url, '/login', { body: signInForm(o), from: PROXY, headers: { Origin: httpsConsole.url, 'X-Forwarded-For': someAddress() } });
    expect(fromHttp.status).toBe(403);
    const fromHttps = await consoleRequest(httpsConsole.url, '/login', { body: signInForm(o), from: PROXY, headers: { Origin: HTTPS_ORIGIN, 'X-Forwarded-For': someAddress() } });
    expect(fromHttps.status).toBe(303);
    expect(fromHttps.headers['set-cookie']![0]).toMatch(/; Secure$/);
    // The plain console still takes its own http origin.
    const plain = await newOperator(services, 'viewer');
    const own = await consoleRequest(sc.url, '/login', { body: signInForm(plain), from: PROXY, headers: { Origin: sc.url, 'X-Forwarded-For': someAddress() } });
    expect([own.status, own.headers['set-cookie']![0]]).toEqual([303, expect.not.stringContaining('Secure')]);
  });

  it('reads its settings from the environment', () => {
    expect(supportConsoleSettings({})).toBeNull();
    expect(supportConsoleSettings({ SUPPORT_PORT: '3002' })).toEqual({
      port: 3002, host: '127.0.0.1', publicOrigin: null, trustedProxies: [],
      sessions: { idleMs: 30 * 60_000, maxMs: 12 * 3600_000 }, signIn: { perAccount: 5, perAddress: 20, lockoutMs: 15 * 60_000 },
      recovery: { max: 10_000, pageSize: 200 },
    });
    expect(supportConsoleSettings({ SUPPORT_PORT: '3002', SUPPORT_PUBLIC_ORIGIN: 'https://support.example.com' })!.publicOrigin).toBe('https://support.example.com');
    expect(() => supportConsoleSettings({ SUPPORT_PORT: '3002', SUPPORT_PUBLIC_ORIGIN: 'https://support.example.com/console' })).toThrow(/SUPPORT_PUBLIC_ORIGIN/);
    expect(() => supportConsoleSettings({ SUPPORT_PORT: '3002', SUPPORT_TRUSTED_PROXIES: '10.0.0.0/8, proxy.local' })).toThrow(/proxy\.local/);
    expect(() => supportConsoleSettings({ SUPPORT_PORT: '3002', SUPPORT_SIGNIN_ATTEMPTS: '0' })).toThrow(/SUPPORT_SIGNIN_ATTEMPTS/);
    expect(() => supportConsoleSettings({ SUPPORT_PORT: '3002', SUPPORT_RECOVERY_MAX: '0' })).toThrow(/SUPPORT_RECOVERY_MAX/);
    expect(() => supportConsoleSettings({ SUPPORT_PORT: 'x' })).toThrow(/SUPPORT_PORT/);
  });
});
