import type { Services } from '../../services.js';
import type { Em } from '../../db/em.js';
import type { Flags } from '../args.js';

/**
 * One bin/ctl command. `afterCommit` runs once the command's transaction has committed
 * (announcements, never data); `args` are the words after the command's two (only commands
 * a group lists in `positional` take any).
 */
export type Command = (s: Services, em: Em, f: Flags, afterCommit: (fn: () => Promise<void>) => void, args: string[]) => Promise<Record<string, unknown>>;

/** A group of commands (src/cli/commands/<group>.ts): its usage lines and its commands by their two words. */
export interface CommandGroup {
  usage: string;
  commands: Record<string, Command>;
  /** Commands that take positional arguments, and how many. */
  positional?: Record<string, number>;
  /** Commands that commit step by step themselves (as the API's requests would): they get an EntityManager outside any transaction. */
  ownTransactions?: string[];
}
