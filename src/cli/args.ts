/** Minimal `--flag value` / `--flag` parsing for bin/ctl; unknown flags are an error. */
export interface ParsedArgs {
  positional: string[];
  flags: Record<string, string | true>;
}

export class UsageError extends Error {}

/** Switches that never take a value, so `--json demo seed` keeps `demo` as a word. */
const SWITCHES = new Set(['json', 'help', 'force']);

export function parseArgs(argv: string[]): ParsedArgs {
  const positional: string[] = [];
  const flags: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
    if (inline !== undefined) flags[name] = inline;
    else if (!SWITCHES.has(name) && argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('--')) flags[name] = argv[++i]!;
    else flags[name] = true;
  }
  return { positional, flags };
}

export class Flags {
  private readonly used = new Set<string>(['json']);
  constructor(private readonly flags: Record<string, string | true>) {}

  required(name: string): string {
    const value = this.optional(name);
    if (value === undefined) throw new UsageError(`--${name} is required`);
    return value;
  }

  optional(name: string): string | undefined {
    this.used.add(name);
    const value = this.flags[name];
    if (value === true) throw new UsageError(`--${name} needs a value`);
    return value;
  }

  /** A switch such as --force: present or not, never with a value. */
  switch(name: string): boolean {
    this.used.add(name);
    const value = this.flags[name];
    if (value !== undefined && value !== true) throw new UsageError(`--${name} takes no value`);
    return value === true;
  }

  /** Fails on flags the command does not know, so a typo never passes silently. */
  done(): void {
    const unknown = Object.keys(this.flags).filter((f) => !this.used.has(f));
    if (unknown.length) throw new UsageError(`unknown option(s): ${unknown.map((f) => `--${f}`).join(' ')}`);
  }
}
