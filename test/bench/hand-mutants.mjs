#!/usr/bin/env node
// Hand-made mutants of the money and signature paths (issue 28 item 7), run against the
// integration tests that must catch them. Each mutant is applied to a copy of the committed tree
// (git archive HEAD into a temporary directory; the worktree is never touched), then
// `SKIP_CHECKS=1 bin/test <files>` runs there under nice -n 19. A mutant is caught when a test
// fails; the failing tests are named from bin/test's jest.json.
//   node test/bench/hand-mutants.mjs                 every mutant
//   node test/bench/hand-mutants.mjs charge-twice    only these (names below)
// Writes .state/hand-mutants.md (a table) and prints it. Takes 3-6 minutes a mutant.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, readdirSync, existsSync, rmSync, symlinkSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import process from 'node:process';
import console from 'node:console';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

/** name, what it breaks, the edits ([file, exact text, replacement], each text found exactly once), and the tests that must catch it. */
export const MUTANTS = [
  {
    name: 'charge-twice',
    what: 'an AI reply posts its charge twice (the second without the operation id, so the unique key does not refuse it)',
    edits: [['src/domain/ai-reply/reply-writer.ts',
      "    chargedTenant = op.tenantId;\n",
      "    await postToLedger(tx, { tenantId: op.tenantId, kind: 'charge', amountRub: new Decimal(cost).negated(), integrationId: op.integrationId, operationId: null, description: `AI reply (${reply.model})` }, now);\n    chargedTenant = op.tenantId;\n"]],
    tests: ['test/integration/ai-reply.test.ts'],
  },
  {
    name: 'charge-replayed-request',
    what: 'an Idempotency-Key retry is never recognised as a replay (the stored answer is looked up under another key), so a paid request runs again',
    edits: [['src/http/idempotency.ts',
      'const record = await em.findOne(IdempotencyRecord, { integrationId, key });',
      'const record = await em.findOne(IdempotencyRecord, { integrationId, key: `${key}#` });']],
    tests: ['test/integration/idempotency.test.ts'],
  },
  {
    name: 'overdraw-reserved',
    what: 'paid admission ignores what running operations reserved (available = balance + reserved), so parallel paid work overdraws the wallet',
    edits: [['src/domain/operations/paid-admission.ts',
      'const available = new Decimal(row.balance_rub).minus(row.reserved_rub);',
      'const available = new Decimal(row.balance_rub).plus(row.reserved_rub);']],
    tests: ['test/integration/ai-reply-limits.test.ts'],
  },
  {
    name: 'overdraw-floor',
    what: 'the ledger ignores the floor of a debit (an operator charge takes the balance below it)',
    edits: [['src/domain/wallet/ledger.ts',
      'and (?::numeric is null or balance_rub + ?::numeric >= ?::numeric)',
      'and (?::numeric is null or balance_rub + ?::numeric >= ?::numeric or true)']],
    tests: ['test/integration/ctl-wallet.test.ts'],
  },
  {
    name: 'sign-wrong-bytes',
    what: 'the signature covers `<t><body>` instead of `<t>.<body>` (the project\'s own verifier shares the mistake)',
    edits: [['src/domain/webhooks/signature.ts', ".update(`${t}.`)", ".update(`${t}`)"]],
    tests: ['test/integration/webhook-delivery.test.ts'],
  },
  {
    name: 'skip-access-at-send',
    what: 'a delivery attempt skips the access check (revoked integration, lost scope, ru-cell personal data conditions)',
    edits: [['src/domain/webhooks/delivery-attempts.ts', "  if (access.verdict !== 'send') return access;\n", '']],
    tests: ['test/integration/webhook-delivery-access.test.ts'],
  },
  {
    name: 'rotation-previous-forever',
    what: 'after a secret rotation the previous secret keeps signing deliveries after its 24-hour window',
    edits: [['src/domain/webhooks/delivery-attempts.ts',
      'case when w.previous_secret_expires_at > ? then w.previous_secret_sealed end',
      'case when w.previous_secret_expires_at > ? or true then w.previous_secret_sealed end']],
    // webhooks-rotation-and-test.test.ts does not catch it (it checks the API's answers, not what signs a delivery).
    tests: ['test/integration/webhook-delivery.test.ts'],
  },
  {
    name: 'rotation-drops-previous',
    what: 'a secret rotation drops the current secret at once instead of keeping it as the previous one for 24 hours',
    edits: [['src/domain/webhooks/secret-rotation.ts',
      'webhook.previousSecretSealed = webhook.secretSealed;',
      'webhook.previousSecretSealed = null;']],
    tests: ['test/integration/webhooks-rotation-and-test.test.ts'],
  },
];

function failedTests(dir) {
  const state = join(dir, '.state');
  if (!existsSync(state)) return [];
  const runs = readdirSync(state).filter((d) => d.startsWith('test-'));
  const out = [];
  for (const run of runs) {
    const file = join(state, run, 'jest.json');
    if (!existsSync(file)) continue;
    const r = JSON.parse(readFileSync(file, 'utf8'));
    for (const suite of r.testResults) {
      for (const a of suite.assertionResults) if (a.status === 'failed') out.push(a.fullName);
      if (suite.status === 'failed' && !suite.assertionResults.some((a) => a.status === 'failed')) out.push(`(the file failed to run: ${(suite.message ?? '').split('\n').find((l) => l.trim()) ?? ''})`);
    }
  }
  return out;
}

function runMutant(m) {
  const dir = mkdtempSync(join(tmpdir(), `hand-mutant-${m.name}-`));
  try {
    execFileSync('bash', ['-c', `git -C "${ROOT}" archive HEAD | tar x -C "${dir}"`]);
    for (const link of ['node_modules', '.tools']) symlinkSync(join(ROOT, link), join(dir, link));
    for (const [file, from, to] of m.edits) {
      const path = join(dir, file);
      const text = readFileSync(path, 'utf8');
      const count = text.split(from).length - 1;
      if (count !== 1) throw new Error(`${m.name}: ${file} holds the text to replace ${count} times (want 1): the mutant is out of date`);
      writeFileSync(path, text.replace(from, () => to));
    }
    mkdirSync(join(dir, '.state'), { recursive: true });
    const started = Date.now();
    const run = spawnSync('nice', ['-n', '19', 'bin/test', ...m.tests], { cwd: dir, env: { ...process.env, SKIP_CHECKS: '1' }, encoding: 'utf8', maxBuffer: 64 << 20 });
    const minutes = ((Date.now() - started) / 60000).toFixed(1);
    const failed = failedTests(dir);
    const tail = `${run.stdout}\n${run.stderr}`.trim().split('\n').slice(-3).join(' / ');
    return { caught: run.status !== 0, failed, minutes, tail };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const only = process.argv.slice(2);
const chosen = only.length ? MUTANTS.filter((m) => only.includes(m.name)) : MUTANTS;
if (only.length && chosen.length !== only.length) throw new Error(`unknown mutant; known: ${MUTANTS.map((m) => m.name).join(', ')}`);
const rows = ['| mutant | what it breaks | test file | caught | tests that failed |', '|---|---|---|---|---|'];
for (const m of chosen) {
  process.stdout.write(`-> ${m.name}: ${m.tests.join(' ')}\n`);
  const r = runMutant(m);
  process.stdout.write(`   ${r.caught ? 'caught' : 'NOT CAUGHT'} in ${r.minutes} min; ${r.failed.length} failing test(s); ${r.tail}\n`);
  for (const f of r.failed) process.stdout.write(`     x ${f}\n`);
  rows.push(`| ${m.name} | ${m.what} | ${m.tests.map((t) => t.replace('test/integration/', '')).join(', ')} | ${r.caught ? 'yes' : '**no**'} | ${r.failed.length ? r.failed.map((f) => f.replace(/\|/g, '\\|')).join('; ') : (r.caught ? `(exit ${'non-zero'}: ${r.tail.replace(/\|/g, '\\|')})` : '')} |`);
  mkdirSync(join(ROOT, '.state'), { recursive: true });
  writeFileSync(join(ROOT, '.state', 'hand-mutants.md'), rows.join('\n') + '\n');
}
console.log(rows.join('\n'));
