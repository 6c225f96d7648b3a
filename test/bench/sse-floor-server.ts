import http from 'node:http';
import { sseEvent, sseRetry } from '../../src/widget/sse.js';

/**
 * The floor of test/bench/widget-stream.bench.ts: a bare node:http server holding event
 * streams (GET /events) that, on POST /send, writes ONE pre-rendered frame (a `message` event
 * of about the real one's size, carrying the posted text) to every stream in a loop. What the
 * api's fan-out cannot beat on the same machine with the same clients: no database read, no
 * per-stream state, no Koa. Answers the loop's own duration. PORT from the environment.
 */
const streams = new Set<http.ServerResponse>();
const PAD = 'x'.repeat(300);

const server = http.createServer((req, res) => {
  if (req.url === '/healthz') return res.end('ok');
  if (req.method === 'GET' && req.url?.startsWith('/events')) {
    res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache' });
    res.socket?.setNoDelay(true);
    res.write(`${sseRetry(2500)}${sseEvent('conversation:update', '{"state":"ai","operator":null}')}`);
    streams.add(res);
    res.on('close', () => streams.delete(res));
    return;
  }
  if (req.method === 'POST' && req.url === '/send') {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const t0 = performance.now();
      const frame = Buffer.from(sseEvent('message', JSON.stringify({ text: body, pad: PAD }), '1.00000000-0000-0000-0000-000000000000'));
      for (const s of streams) s.write(frame);
      res.end(JSON.stringify({ ms: performance.now() - t0, streams: streams.size }));
    });
    return;
  }
  res.writeHead(404).end();
});
server.maxConnections = Infinity;
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
