import { loadConfig } from '../config.js';
import { ConfigError } from '../config/config-error.js';
import { createServices, type Services } from '../services.js';
import type { Em } from '../db/em.js';
import { Flags, UsageError, parseArgs } from './args.js';
import { ProvisioningError } from '../domain/provisioning/tenants.js';
import { WalletError } from '../domain/wallet/ledger.js';
import { ReplayRefused } from '../domain/webhooks/replay.js';
import { DomainError } from '../errors/domain-error.js';
import { createLogger } from '../logger.js';
import { setupTemporal } from '../temporal/search-attributes.js';
import { deploymentVersionOf, setCurrentVersion, setRampingVersion, setupVersion, versionName } from '../temporal/worker-versioning.js';
import { connectTemporal, temporalClient } from '../temporal/connect.js';
import { runningStack, stackDifferences } from './stack.js';
import { printAnswer, wantsJson } from './output.js';
import type { Command, CommandGroup } from './commands/command.js';
import { accounts } from './commands/accounts.js';
import { wallet } from './commands/wallet.js';
import { listen, webhooks } from './commands/webhooks.js';
import { articles } from './commands/articles.js';
import { insights } from './commands/insights.js';
import { events } from './commands/events.js';
import { support } from './commands/support.js';

export { accessAnnouncement } from './commands/accounts.js';
export { CHARGE_FLOOR_RUB } from './commands/wallet.js';

/** Every command, by group (src/cli/commands/<group>.ts); a command's two words name it. */
const GROUPS: CommandGroup[] = [accounts, wallet, webhooks, articles, insights, events, support];
const COMMANDS: Record<string, Command> = Object.assign({}, ...GROUPS.map((g) => g.commands));
const POSITIONAL: Record<string, number> = Object.assign({}, ...GROUPS.map((g) => g.positional ?? {}));
const OWN_TRANSACTIONS = new Set(GROUPS.flatMap((g) => g.ownTransactions ?? []));

const USAGE = `bin/ctl <command> [options] [--json]
  (--json: every command answers one line of JSON on stdout and nothing else; errors go to stderr)
${GROUPS.map((g) => g.usage).join('\n')}`;

/** Logs go to stderr: stdout carries the command's answer and nothing else (`--json` is parsed by scripts). */
async function ownServices(): Promise<Services> {
  const config = loadConfig({ LOG_LEVEL: 'warn', ...process.env });
  const log = createLogger(config.logLevel, { process: 'ctl', cell: config.cell }, 'stderr');
  return createServices(config, { log });
}

/** Runs one command in one transaction: it happens whole or not at all (but those that commit step by step themselves). */
export async function runCtl(argv: string[], services?: Services): Promise<Record<string, unknown>> {
  const { positional, flags } = parseArgs(argv);
  const name = positional.slice(0, 2).join(' ');
  const command = COMMANDS[name];
  if (!command) throw new UsageError(`unknown command "${positional.join(' ')}"\n${USAGE}`);
  const args = positional.slice(2);
  if (args.length !== (POSITIONAL[name] ?? 0)) {
    throw new UsageError(POSITIONAL[name] ? `${name} takes ${POSITIONAL[name]} argument(s)\n${USAGE}` : `unknown command "${positional.join(' ')}"\n${USAGE}`);
  }
  const own = services === undefined;
  const s = services ?? await ownServices();
  const after: (() => Promise<void>)[] = [];
  try {
    const run = (em: Em) => command(s, em, new Flags(flags), (fn) => after.push(fn), args);
    const result = OWN_TRANSACTIONS.has(name) ? await run(s.orm.em.fork()) : await s.orm.em.fork().transactional(run);
    for (const fn of after) {
      // The change is committed; a missed announcement only delays it by the api's cache TTL.
      await fn().catch((err: Error) => s.log.warn({ err: err.message }, 'announcement after commit failed'));
    }
    return result;
  } finally {
    if (own) await s.close();
  }
}

/**
 * `temporal setup [--promote]` and `temporal promote [--ramp PERCENT]`: Temporal only, no
 * database (the cluster is set up before the project's migrate). The version is this build's:
 * TEMPORAL_DEPLOYMENT and the build id of the workflow bundle beside this script.
 */
async function temporalDeploy(command: 'setup' | 'promote', f: Flags, json: boolean): Promise<void> {
  const config = loadConfig({ LOG_LEVEL: 'warn', ...process.env });
  const promote = command === 'setup' && f.switch('promote');
  const ramp = command === 'promote' ? f.optional('ramp') : undefined;
  f.done();
  if (ramp !== undefined && !/^(100|[1-9]?[0-9])$/.test(ramp)) throw new UsageError('--ramp is a percentage, 0 to 100 (0 ends the ramp)');
  const version = deploymentVersionOf(config);
  const setup = command === 'setup' ? await setupTemporal(config) : {};
  const connection = await connectTemporal(config);
  try {
    const client = temporalClient(config, connection);
    if (command === 'setup') return printAnswer({ ...setup, ...await setupVersion(client, version, promote) }, json);
    if (ramp !== undefined) {
      await setRampingVersion(client, version, Number(ramp), 'bin/ctl temporal promote');
      return printAnswer({ version: versionName(version), ramp_percent: Number(ramp) }, json);
    }
    printAnswer({ version: versionName(version), current_version: versionName(version), previous_version: await setCurrentVersion(client, version, 'bin/ctl temporal promote') }, json);
  } finally {
    await connection.close();
  }
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.length === 0 || argv.includes('--help')) {
    console.log(USAGE);
    return;
  }
  const json = wantsJson(argv);
  // Warned before the command runs (on stderr: stdout carries only the answer).
  const stack = await runningStack();
  if (stack) for (const warning of stackDifferences(loadConfig({ LOG_LEVEL: 'warn', ...process.env }), stack)) console.error(`ctl: ${warning}`);
  if (parseArgs(argv).positional.join(' ') === 'webhooks listen') return listen(argv, ownServices);
  const { positional, flags } = parseArgs(argv);
  if (positional[0] === 'temporal' && (positional[1] === 'setup' || positional[1] === 'promote') && positional.length === 2) return temporalDeploy(positional[1], new Flags(flags), json);
  printAnswer(await runCtl(argv), json);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err: unknown) => {
    const known = err instanceof UsageError || err instanceof ProvisioningError || err instanceof WalletError || err instanceof ReplayRefused
      || err instanceof ConfigError || err instanceof DomainError;
    console.error(`ctl: ${known ? (err as Error).message : err instanceof Error ? err.stack : String(err)}`);
    process.exit(known ? 2 : 1);
  });
}
