import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

const STEP = fileURLToPath(new URL('../../bin/lib/step.sh', import.meta.url));

/** A script as bin/test, bin/up and bin/cluster-faults are: set -e, its EXIT trap saying the failed step. */
function script(body: string): { code: number | null; stderr: string } {
  const r = spawnSync('bash', ['-c', `set -euo pipefail; source "${STEP}"; trap 'say_failed_step bin/x $?' EXIT; ${body}`], { encoding: 'utf8' });
  return { code: r.status, stderr: r.stderr };
}

describe('bin/lib/step.sh (issue 42 item 10: every failure says what failed and where its log is)', () => {
  it('a command failing inside a function under set -e, which exits saying nothing, ends with the step and its log', () => {
    const run = script('quiet() { false; echo never; }; step "the run\'s PostgreSQL" /tmp/run/initdb.log; quiet');
    expect(run).toEqual({ code: 1, stderr: "bin/x: failed (exit 1) at: the run's PostgreSQL (log: /tmp/run/initdb.log)\n" });
  });

  it('a step without a log file points at its output above; a script that ends well, or after its work is done, says nothing', () => {
    expect(script('step "typecheck and lint"; (exit 2)')).toEqual({ code: 2, stderr: 'bin/x: failed (exit 2) at: typecheck and lint (log: its output above)\n' });
    expect(script('step "the build"; true')).toEqual({ code: 0, stderr: '' });
    expect(script('step "the build"; step ""; exit 130')).toEqual({ code: 130, stderr: '' });
  });
});
