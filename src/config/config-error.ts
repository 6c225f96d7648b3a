/** A setting of the environment that is missing or wrong: the message names the variable. */
export class ConfigError extends Error {}

/** A comma-separated setting's entries, trimmed, empty ones dropped. */
export function list(value: string): string[] {
  return value.split(',').map((s) => s.trim()).filter(Boolean);
}

/** The environment as joi validated it (untyped: each area reads its own variables). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- joi hands back the validated environment untyped
export type Env = Record<string, any>;
