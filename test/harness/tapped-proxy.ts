import net, { type AddressInfo } from 'node:net';

/** What a proxy reads of one connection: each chunk the client sends, and each the server answers. */
export interface Tap {
  fromClient(chunk: Buffer): void;
  fromServer?(chunk: Buffer): void;
}

export interface TappedProxy {
  /** `upstreamUrl` with the proxy's host and port: connect through it. */
  url: string;
  close(): Promise<void>;
}

/**
 * A TCP proxy on a free port of 127.0.0.1 in front of the server of `upstreamUrl` that lets
 * `tap` read both directions of every connection (each its own tap), passing the bytes on
 * unchanged: what the wire-counting tests (pg-round-trips.ts, redis-round-trips.ts) stand on.
 */
export async function tappedProxy(upstreamUrl: string, defaultPort: number, tap: () => Tap): Promise<TappedProxy> {
  const upstream = new URL(upstreamUrl);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const backend = net.connect(Number(upstream.port || defaultPort), upstream.hostname);
    sockets.add(client).add(backend);
    const reading = tap();
    client.on('data', (chunk: Buffer) => {
      reading.fromClient(chunk);
      backend.write(chunk);
    });
    backend.on('data', (chunk: Buffer) => {
      reading.fromServer?.(chunk);
      client.write(chunk);
    });
    const end = () => {
      client.destroy();
      backend.destroy();
      sockets.delete(client);
      sockets.delete(backend);
    };
    client.on('close', end).on('error', end);
    backend.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(upstreamUrl);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as AddressInfo).port);
  return {
    url: url.toString(),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
