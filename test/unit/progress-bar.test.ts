import { describe, expect, it } from '@jest/globals';
import { ProgressBar, progressLine } from '../../src/cli/progress-bar.js';

/** A terminal that keeps what is written to it. */
function terminal(isTTY: boolean) {
  const written: string[] = [];
  return { isTTY, written, write: (text: string) => written.push(text) };
}

describe('progressLine', () => {
  it('fills the bar in proportion and right-aligns the count', () => {
    expect(progressLine('replaying', 0, 10, 10)).toBe('replaying [..........]  0/10');
    expect(progressLine('replaying', 3, 10, 10)).toBe('replaying [###.......]  3/10');
    expect(progressLine('replaying', 10, 10, 10)).toBe('replaying [##########] 10/10');
  });

  it('an empty run is complete', () => {
    expect(progressLine('replaying', 0, 0, 4)).toBe('replaying [####] 0/0');
  });
});

describe('ProgressBar', () => {
  it('draws nothing when the stream is not a terminal', () => {
    const piped = terminal(false);
    expect(ProgressBar.on(piped, 'replaying')).toBeNull();
    expect(piped.written).toEqual([]);
  });

  it('on a terminal redraws one line in place and ends it with a newline', () => {
    const tty = terminal(true);
    const bar = ProgressBar.on(tty, 'replaying')!;
    bar.update(0, 2);
    bar.update(1, 2);
    bar.update(2, 2);
    bar.finish();
    expect(tty.written).toEqual([
      `\r${progressLine('replaying', 0, 2)}`, `\r${progressLine('replaying', 1, 2)}`, `\r${progressLine('replaying', 2, 2)}`, '\n',
    ]);
  });

  it('redraws only when the percentage moves, and always at the end', () => {
    const tty = terminal(true);
    const bar = ProgressBar.on(tty, 'replaying')!;
    for (let done = 0; done <= 1000; done++) bar.update(done, 1000);
    expect(tty.written).toHaveLength(101);
    expect(tty.written.at(-1)).toBe(`\r${progressLine('replaying', 1000, 1000)}`);
  });

  it('finish without any update writes nothing', () => {
    const tty = terminal(true);
    ProgressBar.on(tty, 'replaying')!.finish();
    expect(tty.written).toEqual([]);
  });
});
