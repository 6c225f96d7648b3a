import { tappedProxy } from './tapped-proxy.js';

/**
 * A TCP proxy in front of PostgreSQL that counts the round trips its clients make: it reads
 * the frontend side of the wire protocol (v3) and counts each simple Query ('Q') and each Sync
 * ('S', the end of one extended-protocol exchange: Parse/Bind/Execute... then Sync, answered
 * by ReadyForQuery). What it counts is what went over the network, whoever sent it (MikroORM,
 * a raw pg client, a transaction's begin and commit). The SQL of each one is kept for messages.
 */
export interface PgRoundTrips {
  /** postgres://… through the proxy (the database of `upstreamUrl`). */
  url: string;
  /** Round trips since the start or the last reset, each with its SQL (the Parse/Query text). */
  trips(): string[];
  reset(): void;
  close(): Promise<void>;
}

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;

/** Reads frontend messages off one connection's byte stream and reports each round trip. */
function frontendReader(onTrip: (sql: string) => void): (chunk: Buffer) => void {
  let buffered = Buffer.alloc(0);
  let startup = true;
  let pendingSql: string[] = [];
  return (chunk) => {
    buffered = Buffer.concat([buffered, chunk]);
    for (;;) {
      if (startup) {
        if (buffered.length < 8) return;
        const length = buffered.readInt32BE(0);
        if (buffered.length < length) return;
        const code = buffered.readInt32BE(4);
        buffered = buffered.subarray(length);
        // An SSL or GSS request is followed by the real startup message.
        if (code !== SSL_REQUEST && code !== GSS_REQUEST) startup = false;
        continue;
      }
      if (buffered.length < 5) return;
      const type = String.fromCharCode(buffered[0]!);
      const length = buffered.readInt32BE(1);
      if (buffered.length < 1 + length) return;
      const body = buffered.subarray(5, 1 + length);
      buffered = buffered.subarray(1 + length);
      if (type === 'Q') onTrip(body.toString('utf8', 0, body.indexOf(0)));
      else if (type === 'P') {
        // Parse: statement name \0, query \0, ...
        const nameEnd = body.indexOf(0);
        pendingSql.push(body.toString('utf8', nameEnd + 1, body.indexOf(0, nameEnd + 1)));
      } else if (type === 'S') {
        onTrip(pendingSql.join('; ') || '(a prepared statement)');
        pendingSql = [];
      }
    }
  };
}

/** Starts the proxy on a free port of 127.0.0.1 in front of the server of `upstreamUrl`. */
export async function countPgRoundTrips(upstreamUrl: string): Promise<PgRoundTrips> {
  let trips: string[] = [];
  const proxy = await tappedProxy(upstreamUrl, 5432, () => ({ fromClient: frontendReader((sql) => trips.push(sql)) }));
  return {
    url: proxy.url,
    trips: () => [...trips],
    reset: () => {
      trips = [];
    },
    close: proxy.close,
  };
}
