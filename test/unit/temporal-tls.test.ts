import { execFileSync, spawnSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from '@jest/globals';
import { loadConfig } from '../../src/config.js';
import { ConfigError } from '../../src/config/config-error.js';
import { temporalConnectionOptions } from '../../src/temporal/connect.js';
import { temporalTls } from '../../src/temporal/tls.js';

/**
 * The Temporal cluster's mutual TLS (issue 41, item 3): the certificates bin/up --cluster and
 * deploy/temporal/make-certs make (bin/lib/tls.sh, run here as they run it), and what the
 * project's connections present from TEMPORAL_TLS_* (src/temporal/tls.ts). The cluster itself
 * refusing a client without a certificate is bin/cluster-faults' check (bin/test's cluster smoke).
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SECRET = 'x'.repeat(32);
const SECRETS = { API_KEY_PEPPER: SECRET, CURSOR_SECRET: `${SECRET}c`, WEBHOOK_SECRET_KEY: `${SECRET}w`, WIDGET_SECRET: `${SECRET}v`, TEMPORAL_PAYLOAD_KEYS: 'placeholder:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=' };
const SERVER_AUTH = '1.3.6.1.5.5.7.3.1';
const CLIENT_AUTH = '1.3.6.1.5.5.7.3.2';
const scratch = mkdtempSync(join(tmpdir(), 'temporal-tls-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs a function of bin/lib/tls.sh on DIR, as bin/up and make-certs call it. */
function tlsSh(call: string, dir: string, env: Record<string, string> = {}): void {
  execFileSync('bash', ['-c', `set -euo pipefail; source "${ROOT}/bin/lib/tls.sh"; ${call} "$1" \${2:+"$2"}`, '_', dir, ...(env.STEP ? [env.STEP] : [])], {
    env: { PATH: process.env.PATH!, ...env }, stdio: ['ignore', 'ignore', 'pipe'],
  });
}
const cert = (path: string) => new X509Certificate(readFileSync(path));
/** The certificates of a PEM bundle (ca.crt during a CA rotation holds two). */
const bundle = (path: string) => readFileSync(path, 'utf8').split(/(?=-----BEGIN CERTIFICATE-----)/).filter(Boolean).map((pem) => new X509Certificate(pem));
const signedBy = (leaf: X509Certificate, cas: X509Certificate[]) => cas.some((ca) => leaf.checkIssued(ca) && leaf.verify(ca.publicKey));

describe('TEMPORAL_TLS_* and temporalTls', () => {
  it('connects in plaintext when none is set (the dev server of bin/up and bin/test)', () => {
    const config = loadConfig({ ...SECRETS, TEMPORAL_TLS_CA: '', TEMPORAL_TLS_CERT: '' });
    expect(config.temporal.tls).toBeUndefined();
    expect(temporalTls(config)).toBeUndefined();
    expect(temporalConnectionOptions(config)).toEqual({ address: '127.0.0.1:7233' });
  });

  it('refuses a certificate without its key, and the key without its certificate', () => {
    for (const env of [{ TEMPORAL_TLS_CERT: '/etc/c.crt' }, { TEMPORAL_TLS_KEY: '/etc/c.key' }]) {
      expect(() => loadConfig({ ...SECRETS, ...env })).toThrow(ConfigError);
      expect(() => loadConfig({ ...SECRETS, ...env })).toThrow(/"TEMPORAL_TLS_CERT" and "TEMPORAL_TLS_KEY" go together/);
    }
  });

  it('presents the client certificate and trusts the CA of the files named, checking the name set', () => {
    const dir = join(scratch, 'config');
    tlsSh('make_temporal_certs', dir);
    const files = { TEMPORAL_TLS_CA: join(dir, 'app/ca.crt'), TEMPORAL_TLS_CERT: join(dir, 'app/client.crt'), TEMPORAL_TLS_KEY: join(dir, 'app/client.key'), TEMPORAL_TLS_SERVER_NAME: 'temporal-frontend' };
    const config = loadConfig({ ...SECRETS, ...files });
    const given = temporalTls(config)!;
    // What every connection of the project is given (src/temporal/connect.ts).
    expect(temporalConnectionOptions(config)).toEqual({ address: '127.0.0.1:7233', tls: given });
    expect(given.serverNameOverride).toBe('temporal-frontend');
    expect(Buffer.from(given.serverRootCACertificate!).equals(readFileSync(files.TEMPORAL_TLS_CA))).toBe(true);
    expect(Buffer.from(given.clientCertPair!.crt).equals(readFileSync(files.TEMPORAL_TLS_CERT))).toBe(true);
    expect(Buffer.from(given.clientCertPair!.key).equals(readFileSync(files.TEMPORAL_TLS_KEY))).toBe(true);
    // A CA alone (a frontend whose certificate the client checks, no client certificate).
    expect(temporalTls(loadConfig({ ...SECRETS, TEMPORAL_TLS_CA: files.TEMPORAL_TLS_CA }))).toEqual({ serverRootCACertificate: readFileSync(files.TEMPORAL_TLS_CA) });
  });
});

describe('the cluster certificates (bin/lib/tls.sh)', () => {
  const dir = join(scratch, 'cluster');
  tlsSh('make_temporal_certs', dir);
  const ca = cert(join(dir, 'ca/ca.crt'));

  it('signs a frontend certificate for its names, an internode one both ways, and a client certificate each for the app and the UI', () => {
    expect(ca.ca).toBe(true);
    const frontend = cert(join(dir, 'server/frontend.crt'));
    expect(frontend.subjectAltName).toBe('DNS:temporal-frontend, DNS:localhost, IP Address:127.0.0.1');
    expect(frontend.keyUsage).toEqual([SERVER_AUTH]);
    expect(cert(join(dir, 'server/internode.crt')).keyUsage?.sort()).toEqual([SERVER_AUTH, CLIENT_AUTH].sort());
    for (const client of ['app', 'ui']) {
      const c = cert(join(dir, `${client}/client.crt`));
      expect(c.keyUsage).toEqual([CLIENT_AUTH]);
      expect(c.ca).toBe(false);
      expect(signedBy(c, [ca])).toBe(true);
    }
    expect(signedBy(frontend, [ca])).toBe(true);
  });

  it('gives each process only its own directory: the keys are private, the CA key is in none of them', () => {
    for (const sub of ['server', 'app', 'ui']) {
      const names = readdirSync(join(dir, sub)).sort();
      expect(names).toEqual(sub === 'server' ? ['ca.crt', 'frontend.crt', 'frontend.key', 'internode.crt', 'internode.key'] : ['ca.crt', 'client.crt', 'client.key']);
      for (const key of names.filter((n) => n.endsWith('.key'))) expect(statSync(join(dir, sub, key)).mode & 0o777).toBe(0o600);
    }
    expect(statSync(join(dir, 'ca/ca.key')).mode & 0o777).toBe(0o600);
  });

  it('is mutual TLS: a server with the frontend certificate accepts the app client certificate and refuses a client without one', async () => {
    const server = tls.createServer({
      cert: readFileSync(join(dir, 'server/frontend.crt')), key: readFileSync(join(dir, 'server/frontend.key')),
      ca: readFileSync(join(dir, 'server/ca.crt')), requestCert: true, rejectUnauthorized: true,
    }, (socket) => socket.end('hello\n'));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const port = (server.address() as AddressInfo).port;
    const talk = (withCert: boolean) => new Promise<string>((resolve) => {
      const socket = tls.connect({
        host: '127.0.0.1', port, servername: 'temporal-frontend', ca: readFileSync(join(dir, 'app/ca.crt')),
        ...(withCert ? { cert: readFileSync(join(dir, 'app/client.crt')), key: readFileSync(join(dir, 'app/client.key')) } : {}),
      });
      let got = '';
      socket.on('data', (d) => { got += String(d); });
      socket.on('end', () => resolve(got || 'closed'));
      socket.on('error', (err) => resolve(`error: ${err.message}`));
    });
    try {
      expect(await talk(true)).toBe('hello\n');
      expect(await talk(false)).toMatch(/^error: .*certificate required|^error: .*alert|^closed$/);
    } finally {
      server.close();
    }
  });

  it('rotates the CA in two steps: trusted beside the old first, then signing; the old one trusted until the next rotation', () => {
    const d = join(scratch, 'rotation');
    tlsSh('make_temporal_certs', d);
    const first = cert(join(d, 'ca/ca.crt'));
    const oldClient = readFileSync(join(d, 'app/client.crt'));
    tlsSh('make_temporal_certs', d, { STEP: '--add-ca' });
    expect(readFileSync(join(d, 'app/client.crt')).equals(oldClient)).toBe(true);
    expect(bundle(join(d, 'server/ca.crt'))).toHaveLength(2);
    tlsSh('make_temporal_certs', d, { STEP: '--new-ca' });
    const second = cert(join(d, 'ca/ca.crt'));
    expect(second.fingerprint256).not.toBe(first.fingerprint256);
    const newClient = cert(join(d, 'app/client.crt'));
    expect(signedBy(newClient, [second])).toBe(true);
    // Processes not yet restarted still present the old CA's certificates: trusted too.
    expect(signedBy(new X509Certificate(oldClient), bundle(join(d, 'server/ca.crt')))).toBe(true);
    tlsSh('make_temporal_certs', d, { STEP: '--new-ca' });
    expect(signedBy(new X509Certificate(oldClient), bundle(join(d, 'server/ca.crt')))).toBe(false);
    expect(signedBy(newClient, bundle(join(d, 'server/ca.crt')))).toBe(true);
  });

  it('renews (bin/up --cluster at each start) a certificate that expires within 30 days, keeping the CA', () => {
    const d = join(scratch, 'renewal');
    tlsSh('make_temporal_certs', d, { TEMPORAL_CERT_DAYS: '20' });
    const [caBefore, before] = [cert(join(d, 'ca/ca.crt')), cert(join(d, 'app/client.crt'))];
    tlsSh('ensure_temporal_certs', d);
    const after = cert(join(d, 'app/client.crt'));
    expect(after.serialNumber).not.toBe(before.serialNumber);
    expect(Date.parse(after.validTo) - Date.now()).toBeGreaterThan(80 * 86400_000);
    expect(cert(join(d, 'ca/ca.crt')).fingerprint256).toBe(caBefore.fingerprint256);
    tlsSh('ensure_temporal_certs', d);
    expect(cert(join(d, 'app/client.crt')).serialNumber).toBe(after.serialNumber);
  });
});

describe('bin/ctl beside a running bin/up --cluster (bin/lib/stack-env.sh)', () => {
  /** TEMPORAL_TLS_CERT after load_stack_env, in a checkout whose stack file names `pid`. */
  function certAfterLoad(pid: number): string {
    const root = mkdtempSync(join(scratch, 'stack-'));
    mkdirSync(join(root, '.state'));
    writeFileSync(join(root, '.state/stack.json'), JSON.stringify({ pid, cell: 'ru', port: 3000, public_origin: 'http://127.0.0.1:3000', database: 'x' }));
    writeFileSync(join(root, '.state/stack.env'), 'TEMPORAL_TLS_CERT=/certs/app/client.crt\n');
    return execFileSync('bash', ['-c', `set -euo pipefail; source "${ROOT}/bin/lib/dotenv.sh"; source "${ROOT}/bin/lib/stack-env.sh"; load_stack_env "$1"; echo "\${TEMPORAL_TLS_CERT:-}"`, '_', root], {
      env: { PATH: process.env.PATH! }, encoding: 'utf8',
    }).trim();
  }

  it('presents the client certificate the running cluster stack recorded, and never a stopped one\'s', () => {
    expect(certAfterLoad(process.pid)).toBe('/certs/app/client.crt');
    const ended = spawnSync('true').pid!;
    expect(certAfterLoad(ended)).toBe('');
  });
});
