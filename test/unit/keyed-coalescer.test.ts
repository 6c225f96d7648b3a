import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from '@jest/globals';
import { KeyedCoalescer } from '../../src/domain/pacing/coalesce.js';

/** Records the runs per key, each taking `runMs`, and when they started. */
function recorder(delayMs: number, runMs: number) {
  const runs: { key: string; startedAt: number }[] = [];
  const coalescer = new KeyedCoalescer(delayMs, async (key) => {
    runs.push({ key, startedAt: Date.now() });
    await sleep(runMs);
  });
  const settled = async () => {
    while (coalescer.size > 0) await sleep(5);
  };
  return { runs, coalescer, settled };
}

describe('KeyedCoalescer (a stream of nudges per key, one run at a time)', () => {
  it('takes a burst of nudges of one key in one run', async () => {
    const { runs, coalescer, settled } = recorder(40, 1);
    for (let i = 0; i < 100; i += 1) coalescer.nudge('tenant-a');
    await settled();
    expect(runs.map((r) => r.key)).toEqual(['tenant-a']);
  });

  it('runs again after a run that a nudge came during, so the last nudge is always followed by a run', async () => {
    const { runs, coalescer, settled } = recorder(10, 60);
    coalescer.nudge('tenant-a');
    await sleep(30); // the first run has started and takes 60 ms
    const lastNudge = Date.now();
    coalescer.nudge('tenant-a');
    coalescer.nudge('tenant-a');
    await settled();
    expect(runs).toHaveLength(2);
    expect(runs[1]!.startedAt).toBeGreaterThanOrEqual(lastNudge);
  });

  it('keeps keys apart: one key waiting does not hold another back', async () => {
    const { runs, coalescer, settled } = recorder(10, 1);
    coalescer.nudge('tenant-a');
    coalescer.nudge('tenant-b');
    coalescer.nudge('tenant-a');
    await settled();
    expect(runs.map((r) => r.key).sort()).toEqual(['tenant-a', 'tenant-b']);
  });

  it('forgets a key whose run failed, and runs it again on the next nudge', async () => {
    let calls = 0;
    const coalescer = new KeyedCoalescer(5, async () => {
      calls += 1;
      if (calls === 1) throw new Error('database down');
    });
    coalescer.nudge('tenant-a');
    while (calls < 1) await sleep(5);
    await sleep(10);
    expect(coalescer.size).toBe(0);
    coalescer.nudge('tenant-a');
    while (coalescer.size > 0) await sleep(5);
    expect(calls).toBe(2);
  });

  it('stop drops the runs waiting out their delay, waits for the one under way, and takes no more nudges', async () => {
    const ran: string[] = [];
    let finishRun!: () => void;
    const coalescer = new KeyedCoalescer(20, async (key) => {
      ran.push(key);
      if (key === 'busy') await new Promise<void>((resolve) => { finishRun = resolve; });
    });
    coalescer.nudge('busy');
    while (ran.length < 1) await sleep(5);
    coalescer.nudge('waiting');
    let stopped = false;
    const stopping = coalescer.stop().then(() => { stopped = true; });
    await sleep(40);
    expect(stopped).toBe(false);
    finishRun();
    await stopping;
    coalescer.nudge('late');
    await sleep(40);
    expect(ran).toEqual(['busy']);
    expect(coalescer.size).toBe(0);
  });
});
