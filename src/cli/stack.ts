import { readFile } from 'node:fs/promises';
import type { Config } from '../config.js';

/**
 * What bin/up records of the stack it runs (`STACK_FILE`, by default .state/stack.json):
 * bin/ctl compares it with its own configuration, so an operator never works on a cell, a
 * port or a database the running api does not use without being told.
 */
export interface RunningStack {
  pid: number;
  cell: string;
  port: number;
  public_origin: string;
  /** The database URL without its user and password. */
  database: string;
}

const PROBE_MS = 1000;

/** A database URL without its credentials (what the stack file keeps and compares). */
export function databaseOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return url;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The stack bin/up recorded, when its process lives and its api answers /healthz; else null. */
export async function runningStack(file = process.env.STACK_FILE): Promise<RunningStack | null> {
  if (!file) return null;
  let stack: RunningStack;
  try {
    stack = JSON.parse(await readFile(file, 'utf8')) as RunningStack;
  } catch {
    return null;
  }
  if (!Number.isInteger(stack.pid) || !alive(stack.pid) || typeof stack.public_origin !== 'string') return null;
  const answered = await fetch(`${stack.public_origin}/healthz`, { signal: AbortSignal.timeout(PROBE_MS) }).then((r) => r.ok, () => false);
  return answered ? stack : null;
}

/** Where this process's configuration differs from the running stack's, in words for stderr. */
export function stackDifferences(config: Config, stack: RunningStack): string[] {
  const differences: string[] = [];
  if (stack.cell !== config.cell) differences.push(`cell ${config.cell} here, ${stack.cell} in the stack`);
  if (stack.port !== config.port) differences.push(`port ${config.port} here, ${stack.port} in the stack`);
  const database = databaseOf(config.databaseUrl);
  if (stack.database !== database) differences.push(`database ${database} here, ${stack.database} in the stack`);
  if (!differences.length) return [];
  return [`warning: the stack bin/up runs on this machine (pid ${stack.pid}, ${stack.public_origin}) is not configured as this bin/ctl: `
    + `${differences.join('; ')}. Run bin/ctl from the same shell, environment and .env as bin/up (CELL, PORT, DATABASE_URL).`];
}

/** `key issue --cell` for another cell than the one its keys are used on: the key is refused there. */
export function keyCellWarning(keyCell: string, config: Config, stack: RunningStack | null): string | null {
  const cell = stack?.cell ?? config.cell;
  if (keyCell === cell) return null;
  const where = stack ? `the stack running on this machine (${stack.public_origin}) is cell ${cell}` : `this configuration is cell ${cell}`;
  return `a key of cell ${keyCell}: ${where}, which refuses it with 401 wrong_cell; use it against the ${keyCell} cell's base URL`;
}
