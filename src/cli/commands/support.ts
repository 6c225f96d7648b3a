import { readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { UsageError } from '../args.js';
import { OPERATOR_ROLES, type OperatorRole, type SupportOperator } from '../../entities/support-operator.js';
import { createOperator, listOperators, resetPassword, resetTotp, setOperatorDisabled } from '../../console/operators/accounts.js';
import { totpCode, totpStep } from '../../console/operators/totp.js';
import type { Command, CommandGroup } from './command.js';

/** The support console's operators (docs/supporting.md, "Managing operators"). */

/** Who made a change from the command line, as the audit records it. */
export const actor = (): string => `bin/ctl (${process.env.USER || userInfo().username})`;

async function passwordFromStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

const present = (o: SupportOperator) => ({
  id: o.id, email: o.email, display_name: o.displayName, role: o.role, disabled: o.disabled, created_at: o.createdAt.toISOString(), updated_at: o.updatedAt.toISOString(),
});

const ACTIONS: Record<string, Command> = {
  create: async (s, em, f) => {
    const email = f.required('email');
    const displayName = f.required('name');
    const role = f.optional('role') ?? 'viewer';
    const fromStdin = f.switch('password-stdin');
    const first = f.switch('first');
    f.done();
    if (!(OPERATOR_ROLES as readonly string[]).includes(role)) throw new UsageError(`--role is one of ${OPERATOR_ROLES.join(', ')}`);
    // bin/up: the developer's first admin, once; later runs leave the accounts alone.
    if (first && (await listOperators(em)).length) return { created: false };
    const password = fromStdin ? await passwordFromStdin() : undefined;
    const { operator, credentials } = await createOperator(em, s.config, { email, displayName, role: role as OperatorRole, password, actor: actor() }, s.clock.now());
    return {
      created: true, ...present(operator),
      ...(fromStdin ? {} : { password: credentials.password }),
      totp_secret: credentials.totpSecret, otpauth_uri: credentials.otpauthUri,
      note: 'shown once: give the password and the TOTP secret (or the otpauth:// URI) to the operator over a safe channel; neither can be read again',
    };
  },
  list: async (_s, em, f) => {
    f.done();
    return { operators: (await listOperators(em)).map(present) };
  },
  disable: async (s, em, f) => {
    const email = f.required('email');
    f.done();
    return present(await setOperatorDisabled(em, email, true, actor(), s.clock.now()));
  },
  enable: async (s, em, f) => {
    const email = f.required('email');
    f.done();
    return present(await setOperatorDisabled(em, email, false, actor(), s.clock.now()));
  },
  'reset-password': async (s, em, f) => {
    const email = f.required('email');
    const fromStdin = f.switch('password-stdin');
    f.done();
    const credentials = await resetPassword(em, email, fromStdin ? await passwordFromStdin() : undefined, actor(), s.clock.now());
    return { email, sessions: 'ended', ...credentials };
  },
  'reset-totp': async (s, em, f) => {
    const email = f.required('email');
    f.done();
    const credentials = await resetTotp(em, s.config, email, actor(), s.clock.now());
    return { email, sessions: 'ended', totp_secret: credentials.totpSecret, otpauth_uri: credentials.otpauthUri };
  },
  // An authenticator for the credentials file bin/up keeps for the developer's own admin: it reads
  // only that file (no account, no database row), as an app would read the QR code.
  code: async (s, _em, f) => {
    const file = f.required('file');
    f.done();
    let secret: unknown;
    try {
      secret = (JSON.parse(readFileSync(file, 'utf8')) as { totp_secret?: unknown }).totp_secret;
    } catch (e) {
      throw new UsageError(`--file ${file}: not a readable credentials file (${(e as Error).message})`);
    }
    if (typeof secret !== 'string') throw new UsageError(`--file ${file}: no totp_secret in it`);
    const now = s.clock.now();
    const step = totpStep(now);
    return { code: totpCode(secret, step), valid_for_seconds: 30 - (Math.floor(now.getTime() / 1000) % 30) };
  },
};

export const support: CommandGroup = {
  usage: `  support operator create --email E --name "NAME" [--role viewer|operator|admin] [--password-stdin] [--first]
      (prints a random initial password, unless --password-stdin reads one, and the TOTP secret and otpauth:// URI: once;
       --first: only when there is no operator yet, as bin/up makes the developer's admin)
  support operator list
  support operator disable|enable --email E        (disable ends the operator's sessions at once)
  support operator reset-password --email E [--password-stdin]   (ends the operator's sessions)
  support operator reset-totp --email E            (a new TOTP secret, printed once; ends the operator's sessions)
  support operator code --file F                   (the current TOTP code of a credentials file such as bin/up's
       .state/support-admin.json: an authenticator for the developer's own admin)`,
  positional: { 'support operator': 1 },
  commands: {
    'support operator': async (s, em, f, afterCommit, [action]) => {
      const command = ACTIONS[action!];
      if (!command) throw new UsageError(`support operator ${action}: the action is one of ${Object.keys(ACTIONS).join(', ')}`);
      return command(s, em, f, afterCommit, []);
    },
  },
};
