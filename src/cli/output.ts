/**
 * What every bin/ctl command prints on stdout, in one place: with `--json`, its answer as one
 * line of JSON and nothing else (progress bars, on a terminal only, warnings and logs go to
 * stderr); without it, one `key: value` line per field for a person.
 */
export function printAnswer(answer: Record<string, unknown>, json: boolean, out: (line: string) => void = (l) => console.log(l)): void {
  if (json) return out(JSON.stringify(answer));
  for (const [k, v] of Object.entries(answer)) out(`${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`);
}

/** Whether the command line asks for JSON answers. */
export const wantsJson = (argv: readonly string[]): boolean => argv.includes('--json');
