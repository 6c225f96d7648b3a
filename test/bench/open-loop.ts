import { setTimeout as sleep } from 'node:timers/promises';
import { cpuPercent, cpuTicks, percentile } from './bench-support.js';

/**
 * Open-loop load in steps (issue 10: "step the load open-loop, report the knee"): work is
 * offered at a fixed rate whatever the system under test does with it, each item's arrival is
 * noted by the far side, and each step reports what came out, how late, and at what CPU.
 */

/** Something offered: its key (what the far side reports) and when it was offered. */
export interface Offered {
  key: string;
  at: number;
}

export interface StepResult {
  side: string;
  offeredPerSecond: number;
  offered: number;
  arrived: number;
  /** Arrivals / (last arrival - step start); NaN when nothing arrived. */
  deliveredPerSecond: number;
  p50: number;
  p99: number;
  /** Largest outbox lag sampled during the step, in ms (pipeline only). */
  outboxLagMs: number | null;
  /** % of one core over the step (start to last arrival), per process group. */
  cpu: Record<string, number>;
}

/** Processes whose CPU a step reports: a name and how to find their pids now. */
export type CpuGroups = Record<string, () => number[]>;

/** CPU ticks of every process of each group now (pid → ticks). */
export function groupTicks(groups: CpuGroups): Map<string, Map<number, number>> {
  const out = new Map<string, Map<number, number>>();
  for (const [name, pids] of Object.entries(groups)) {
    const ticks = new Map<number, number>();
    for (const pid of pids()) {
      const t = cpuTicks(pid);
      if (t !== null) ticks.set(pid, t);
    }
    out.set(name, ticks);
  }
  return out;
}

/** CPU % per group between two samples (processes born in between count from zero). */
export function cpuBetween(before: Map<string, Map<number, number>>, after: Map<string, Map<number, number>>, ms: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, ticks] of after) {
    let used = 0;
    for (const [pid, t] of ticks) used += t - (before.get(name)?.get(pid) ?? 0);
    out[name] = Math.round(cpuPercent(used, ms));
  }
  return out;
}

export interface StepSpec {
  side: string;
  perSecond: number;
  seconds: number;
  /** Offers `count` items now; resolves with them once offered (the driver does not wait for it). */
  offer: (count: number) => Promise<Offered[]>;
  /** When the far side saw `key`, or undefined. */
  arrivalOf: (key: string) => number | undefined;
  /** How long to wait after the last offer for the stragglers. */
  drainMs: number;
  cpu: CpuGroups;
  /** Sampled every 500 ms during the step, the largest kept (ms). */
  lagMs?: () => Promise<number>;
}

/** One step: offers perSecond × seconds items on a fixed schedule, then waits for their arrivals. */
export async function runStep(spec: StepSpec): Promise<StepResult> {
  const total = Math.round(spec.perSecond * spec.seconds);
  const before = groupTicks(spec.cpu);
  const start = Date.now();
  let lag = 0;
  let sampling = true;
  const sampler = spec.lagMs ? (async () => {
    while (sampling) {
      lag = Math.max(lag, await spec.lagMs!().catch(() => 0));
      await sleep(500);
    }
  })() : Promise.resolve();
  const batches: Promise<Offered[]>[] = [];
  let sent = 0;
  while (sent < total) {
    const due = Math.min(total, Math.floor(((Date.now() - start) * spec.perSecond) / 1000) + 1);
    if (due > sent) {
      batches.push(spec.offer(due - sent));
      sent = due;
    }
    await sleep(5);
  }
  const offered = (await Promise.all(batches)).flat();
  const deadline = Date.now() + spec.drainMs;
  while (Date.now() < deadline && offered.some((o) => spec.arrivalOf(o.key) === undefined)) await sleep(20);
  sampling = false;
  await sampler;
  const latencies: number[] = [];
  let last = start;
  for (const o of offered) {
    const at = spec.arrivalOf(o.key);
    if (at === undefined) continue;
    latencies.push(at - o.at);
    last = Math.max(last, at);
  }
  latencies.sort((a, b) => a - b);
  const after = groupTicks(spec.cpu);
  return {
    side: spec.side,
    offeredPerSecond: spec.perSecond,
    offered: offered.length,
    arrived: latencies.length,
    deliveredPerSecond: latencies.length ? (latencies.length * 1000) / (last - start) : NaN,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    outboxLagMs: spec.lagMs ? Math.round(lag) : null,
    cpu: cpuBetween(before, after, Math.max(1, last - start)),
  };
}

/** Whether a step kept up: every item arrived, at least 95 % of the offered rate came out, and p99 stayed under `p99LimitMs`. */
export function keptUp(s: StepResult, p99LimitMs = 5000): boolean {
  return s.arrived === s.offered && s.deliveredPerSecond >= 0.95 * s.offeredPerSecond && s.p99 < p99LimitMs;
}

/**
 * The knee of a ladder of steps: the highest offered rate the side kept up with (keptUp; by
 * default p99 under 5 s, latency not growing through the step). 0 when no step qualifies.
 */
export function knee(steps: StepResult[], p99LimitMs = 5000): number {
  let best = 0;
  for (const s of steps) if (keptUp(s, p99LimitMs)) best = Math.max(best, s.offeredPerSecond);
  return best;
}

export function stepTable(steps: StepResult[]): string {
  const groups = [...new Set(steps.flatMap((s) => Object.keys(s.cpu)))];
  const lines = [
    `| side | offered/s | offered | arrived | delivered/s | p50 (ms) | p99 (ms) | outbox lag max (ms) | ${groups.map((g) => `CPU ${g}`).join(' | ')} |`,
    `| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ${groups.map(() => '---:').join(' | ')} |`,
    ...steps.map((s) => `| ${s.side} | ${s.offeredPerSecond} | ${s.offered} | ${s.arrived} | ${Number.isNaN(s.deliveredPerSecond) ? '–' : s.deliveredPerSecond.toFixed(1)} | ${s.p50} | ${s.p99} | ${s.outboxLagMs ?? '–'} | ${groups.map((g) => (s.cpu[g] === undefined ? '–' : `${s.cpu[g]} %`)).join(' | ')} |`),
  ];
  return lines.join('\n');
}
