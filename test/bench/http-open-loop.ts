import http from 'node:http';
import type { Offered, StepSpec } from './open-loop.js';

/**
 * GET requests offered open-loop (open-loop.ts: runStep) to one server: each offered request
 * is sent at once, whatever the earlier ones are doing, over at most `connections` keep-alive
 * sockets (beyond them a request waits in the agent, and that wait is part of its latency).
 * A request "arrives" when its 200 answer has been read; any other answer or an error never
 * arrives, so the step does not count as kept up.
 */
export class HttpOffer {
  private readonly agent: http.Agent;
  private readonly arrivals = new Map<string, number>();
  private sequence = 0;
  /** Answers other than 200, and errors, since the start (with the first one's text). */
  failures = 0;
  firstFailure: string | null = null;

  constructor(private readonly url: URL, private readonly keyFor: (n: number) => string, connections: number) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  }

  /** What a step offers and how it sees arrivals. */
  step(): Pick<StepSpec, 'offer' | 'arrivalOf'> {
    this.arrivals.clear();
    return {
      offer: async (count) => {
        const out: Offered[] = [];
        for (let i = 0; i < count; i++) {
          const n = this.sequence++;
          const key = String(n);
          out.push({ key, at: Date.now() });
          this.send(key, this.keyFor(n));
        }
        return out;
      },
      arrivalOf: (key) => this.arrivals.get(key),
    };
  }

  private send(id: string, apiKey: string): void {
    const req = http.get(this.url, { agent: this.agent, headers: { authorization: `Bearer ${apiKey}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        if (res.statusCode === 200) this.arrivals.set(id, Date.now());
        else this.fail(`${res.statusCode} ${Buffer.concat(chunks).toString('utf8').slice(0, 300)}`);
      });
    });
    req.on('error', (err: Error) => this.fail(err.message));
  }

  private fail(what: string): void {
    this.failures++;
    this.firstFailure ??= what;
  }

  close(): void {
    this.agent.destroy();
  }
}
