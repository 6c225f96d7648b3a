import { describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../src/config.js';
import { buildWidgetOpenApi } from '../../src/widget/openapi.js';
import { PLACEHOLDERS, publicDocument } from '../harness/event-conformance.js';

/**
 * Issue 42 item 9: both OpenAPI documents the code builds (the public API's, the visitor chat's)
 * pass Redocly's recommended rules with no error (warnings are allowed). An error is named by
 * its rule, where it is and what it says.
 */
const REDOCLY = fileURLToPath(new URL('../../node_modules/@redocly/cli/bin/cli.js', import.meta.url));

function lintErrors(document: unknown): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
  try {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const run = spawnSync(process.execPath, [REDOCLY, 'lint', '--extends', 'recommended', '--format', 'json', file], {
      encoding: 'utf8', cwd: dir, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    const report = JSON.parse(run.stdout) as { problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[] };
    return report.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('redocly lint --extends recommended', () => {
  it('the public API document has no error (its events declare the signature as their security)', () => {
    expect(lintErrors(publicDocument())).toEqual([]);
  });

  it('the visitor chat document has no error', () => {
    expect(lintErrors(buildWidgetOpenApi(loadConfig({ ...PLACEHOLDERS, ...process.env })))).toEqual([]);
  });
});
