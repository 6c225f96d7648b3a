import { tappedProxy } from './tapped-proxy.js';

/**
 * A TCP proxy in front of Redis that counts the round trips its clients make, as
 * test/harness/pg-round-trips.ts does for PostgreSQL. It reads both directions of RESP: each
 * command a client sends (an array of bulk strings, or an inline command) and each reply the
 * server sends back. A round trip begins when a client sends a command while none of its
 * commands waits for a reply; commands sent before the replies come (a pipeline, MULTI/EXEC)
 * ride on the same trip. Pushed pub/sub messages are replies nobody waits for and count for
 * nothing. What it counts is what went over the network, whoever sent it.
 */
export interface RedisRoundTrips {
  /** redis://… through the proxy (the database number of `upstreamUrl`). */
  url: string;
  /** Round trips since the start or the last reset, each as its commands (`EVALSHA …; ZADD …`). */
  trips(): string[];
  /** Commands since the start or the last reset, each as its name and first argument (a script's with its keys). */
  commands(): string[];
  reset(): void;
  close(): Promise<void>;
}

/**
 * Reads RESP values off a byte stream: `onValue` gets each complete top-level value (a command's
 * words for client arrays; replies only count). Inline commands (a line without `*`) are split on spaces.
 */
function respReader(onValue: (words: string[]) => void): (chunk: Buffer) => void {
  let buffered = Buffer.alloc(0);
  /** The position after one value starting at `at`, with its words when it is an array of strings, or -1 while incomplete. */
  const parse = (at: number, words: string[] | null): number => {
    const lineEnd = buffered.indexOf('\r\n', at);
    if (lineEnd < 0) return -1;
    const type = String.fromCharCode(buffered[at]!);
    const head = buffered.toString('utf8', at + 1, lineEnd);
    let next = lineEnd + 2;
    switch (type) {
      case '$':
      case '=':
      case '!': {
        const length = Number(head);
        if (length < 0) return next;
        if (buffered.length < next + length + 2) return -1;
        words?.push(buffered.toString('utf8', next, next + length));
        return next + length + 2;
      }
      case '*':
      case '~':
      case '>':
      case '%':
      case '|': {
        const count = Number(head) * (type === '%' || type === '|' ? 2 : 1);
        for (let i = 0; i < count; i++) {
          next = parse(next, words);
          if (next < 0) return -1;
        }
        return next;
      }
      case '+':
      case '-':
      case ':':
      case ',':
      case '#':
      case '_':
      case '(':
        words?.push(head);
        return next;
      default:
        // An inline command: words on one line.
        words?.push(...buffered.toString('utf8', at, lineEnd).split(' ').filter(Boolean));
        return next;
    }
  };
  return (chunk) => {
    buffered = Buffer.concat([buffered, chunk]);
    for (;;) {
      if (!buffered.length) return;
      const words: string[] = [];
      const end = parse(0, words);
      if (end < 0) return;
      buffered = buffered.subarray(end);
      onValue(words);
    }
  };
}

/** `GET key`, or `EVALSHA 1a2b… 1 key`: a command's name and its first argument (a script's with its keys), enough to tell commands apart. */
const describe = (words: string[]) => {
  const name = (words[0] ?? '').toUpperCase();
  if (name !== 'EVAL' && name !== 'EVALSHA') return words.slice(0, 2).join(' ');
  return [words[0], name === 'EVAL' ? '(script)' : words[1], ...words.slice(2, 3 + Number(words[2] ?? 0))].join(' ');
};

/** Starts the proxy on a free port of 127.0.0.1 in front of the server of `upstreamUrl`. */
export async function countRedisRoundTrips(upstreamUrl: string): Promise<RedisRoundTrips> {
  let trips: string[][] = [];
  let commands: string[] = [];
  const proxy = await tappedProxy(upstreamUrl, 6379, () => {
    let waiting = 0;
    let trip: string[] | null = null;
    return {
      fromClient: respReader((words) => {
        const command = describe(words);
        commands.push(command);
        if (waiting === 0 || !trip) trips.push((trip = []));
        trip.push(command);
        waiting++;
      }),
      fromServer: respReader(() => {
        // A pushed message (a subscriber's) answers nothing.
        if (waiting > 0) waiting--;
      }),
    };
  });
  return {
    url: proxy.url,
    trips: () => trips.map((t) => t.join('; ')),
    commands: () => [...commands],
    reset: () => {
      trips = [];
      commands = [];
    },
    close: proxy.close,
  };
}
