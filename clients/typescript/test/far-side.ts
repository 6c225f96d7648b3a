import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Seen {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * The API's side of the network for the client's unit tests: a real HTTP server on 127.0.0.1
 * that records every request and answers by the test's script (`nth` counts from 1).
 */
export class FarSide {
  readonly seen: Seen[] = [];
  private script: (request: Seen, nth: number) => Reply | null = () => ({ status: 404, body: problem('not_found', 404) });

  private constructor(private readonly server: Server) {}

  static async start(): Promise<FarSide> {
    const server = createServer();
    const far = new FarSide(server);
    server.on('request', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const seen: Seen = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
        far.seen.push(seen);
        const reply = far.script(seen, far.seen.length);
        if (reply === null) return; // no answer (a request that outlives the client's timeout); close() ends it
        const json = reply.body === undefined ? '' : JSON.stringify(reply.body);
        const type = reply.status >= 400 ? 'application/problem+json' : 'application/json; charset=utf-8';
        res.writeHead(reply.status, { 'Content-Type': type, 'X-Request-Id': `req_${far.seen.length}`, ...reply.headers }).end(json);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return far;
  }

  get base(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api/public/v1`;
  }

  /** How the next requests are answered (null: never); clears what was seen. */
  answer(script: (request: Seen, nth: number) => Reply | null): void {
    this.seen.length = 0;
    this.script = script;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

/** A Problem body as the API answers it. */
export function problem(code: string, status: number, members: Record<string, unknown> = {}): Record<string, unknown> {
  return { type: `https://api.example/developers/errors#${code}`, title: 'Title', status, code, detail: `Detail of ${code}.`, request_id: 'req_x', ...members };
}
