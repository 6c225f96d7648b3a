import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { spreadOffsetMs } from '../../workflows/tenant-sweep-contract.js';

const WINDOW = 4 * 3600_000;

describe("a tenant's moment in the night's window", () => {
  it('is the same for the same tenant every time, and inside the window', () => {
    for (let i = 0; i < 1000; i++) {
      const id = randomUUID();
      const offset = spreadOffsetMs(id, WINDOW);
      expect(spreadOffsetMs(id, WINDOW)).toBe(offset);
      expect(offset).toBeGreaterThanOrEqual(0);
      expect(offset).toBeLessThan(WINDOW);
    }
    expect(spreadOffsetMs('ffffffff-ffff-4fff-bfff-ffffffffffff', WINDOW)).toBeLessThan(WINDOW);
    expect(spreadOffsetMs('00000000-0000-4000-8000-000000000000', WINDOW)).toBe(0);
  });

  it('rises with the tenant id, so a walk by id meets the tenants in the order they are due', () => {
    const ids = Array.from({ length: 2000 }, () => randomUUID()).sort();
    const offsets = ids.map((id) => spreadOffsetMs(id, WINDOW));
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
  });

  it('spreads 100,000 tenants evenly: no tenth of the window holds more than 11 % of them, no second more than 40', () => {
    const tenths = new Array<number>(10).fill(0);
    const perSecond = new Map<number, number>();
    for (let i = 0; i < 100_000; i++) {
      const offset = spreadOffsetMs(randomUUID(), WINDOW);
      tenths[Math.floor((offset / WINDOW) * 10)]! += 1;
      const second = Math.floor(offset / 1000);
      perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
    }
    for (const n of tenths) expect(n).toBeLessThan(11_000);
    expect(Math.max(...perSecond.values())).toBeLessThan(40);
  });

  it('a window of 0 starts every tenant at the Schedule\'s time', () => {
    expect(spreadOffsetMs(randomUUID(), 0)).toBe(0);
  });
});
