/** Where a progress bar draws: a terminal stream (process.stderr), or anything shaped like one. */
export interface Terminal {
  isTTY?: boolean;
  columns?: number;
  write(text: string): unknown;
}

const BAR_WIDTH = 30;

/** `label [#########.....................]  30/100` */
export function progressLine(label: string, done: number, total: number, width = BAR_WIDTH): string {
  const filled = total === 0 ? width : Math.floor((done / total) * width);
  const count = `${String(done).padStart(String(total).length)}/${total}`;
  return `${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${count}`;
}

/**
 * A one-line progress bar redrawn in place (carriage return). Only on a terminal: piped
 * stderr gets nothing, so scripts reading it see errors alone. Redraws when the shown
 * percentage moves, not on every item.
 */
export class ProgressBar {
  private shown = -1;

  private constructor(private readonly terminal: Terminal, private readonly label: string) {}

  /** A bar on `terminal`, or null when it is not a terminal. */
  static on(terminal: Terminal, label: string): ProgressBar | null {
    return terminal.isTTY ? new ProgressBar(terminal, label) : null;
  }

  update(done: number, total: number): void {
    const percent = total === 0 ? 100 : Math.floor((done * 100) / total);
    if (percent === this.shown && done !== total) return;
    this.shown = percent;
    this.terminal.write(`\r${progressLine(this.label, done, total)}`);
  }

  /** Ends the line so whatever follows starts on its own. */
  finish(): void {
    if (this.shown >= 0) this.terminal.write('\n');
  }
}
