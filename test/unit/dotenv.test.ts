import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { parsePayloadKeys } from '../../src/config/temporal.js';

const DOTENV = fileURLToPath(new URL('../../bin/lib/dotenv.sh', import.meta.url));

/** Runs `script` in bash under `set -euo pipefail` (as bin/up and bin/ctl do) with dotenv.sh sourced. */
function bash(script: string, env: Record<string, string>): string {
  return execFileSync('bash', ['-c', `set -euo pipefail; source "${DOTENV}"; ${script}`], {
    env: { PATH: process.env.PATH!, ...env }, encoding: 'utf8',
  });
}

describe('bin/lib/dotenv.sh', () => {
  it('load_dotenv sets what the environment lacks, keeps what it has, and succeeds when the last line was already set', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dotenv-'));
    const file = join(dir, '.env');
    writeFileSync(file, '# a comment\nFROM_FILE="file value"\nALREADY=from-file\n');
    const out = bash(`load_dotenv "${file}"; echo "$FROM_FILE|$ALREADY"`, { ALREADY: 'exported' });
    expect(out.trim()).toBe('file value|exported');
  });

  it('ensure_env_secrets writes the secrets and a payload key once (mode 600) and keeps existing values', () => {
    const dir = mkdtempSync(join(tmpdir(), 'dotenv-'));
    const file = join(dir, '.env');
    writeFileSync(file, 'CURSOR_SECRET=kept-as-it-was-0123456789abcdef0123456789\n');
    bash(`ensure_env_secrets "${file}" >/dev/null 2>&1`, {});
    const first = readFileSync(file, 'utf8');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first).toContain('CURSOR_SECRET=kept-as-it-was-0123456789abcdef0123456789');
    for (const name of ['API_KEY_PEPPER', 'WEBHOOK_SECRET_KEY', 'WIDGET_SECRET']) expect(first).toMatch(new RegExp(`^${name}=[0-9a-f]{64}$`, 'm'));
    // The payload codec's key, as src/config.ts reads it: `<key id>:<32 bytes in base64>`.
    const payloadKeys = /^TEMPORAL_PAYLOAD_KEYS=(.+)$/m.exec(first)?.[1];
    expect(parsePayloadKeys(payloadKeys)).toEqual([{ id: expect.stringMatching(/^k\d{8}-[0-9a-f]{6}$/), key: expect.any(Buffer) }]);
    bash(`ensure_env_secrets "${file}" >/dev/null 2>&1`, {});
    expect(readFileSync(file, 'utf8')).toBe(first);
  });
});
