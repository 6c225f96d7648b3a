import { Redis, type Command } from 'ioredis';

/**
 * A pub/sub channel's name on this connection: the connection's key prefix, then `name`.
 * ioredis prefixes keys, never channels, and pub/sub ignores the database number, so without
 * this two stacks (or two test runs) on one Redis would hear each other's announcements.
 * A duplicate() of a connection keeps its prefix, so publisher and subscriber agree.
 */
export function channelName(redis: Redis, name: string): string {
  return prefixedChannel(redis.options.keyPrefix ?? '', name);
}

/** The same name from the prefix itself (REDIS_KEY_PREFIX), for code that holds the setting. */
export function prefixedChannel(redisKeyPrefix: string, name: string): string {
  return `${redisKeyPrefix}${name}`;
}

/** How long a command of the limits connection may wait for its answer before the request answers 503. */
export const COMMAND_DEADLINE_MS = 1000;

/**
 * ioredis with its command timeout changed in one way. ioredis's timer rejects a command when it
 * fires, but after a stall of the process longer than the deadline (a long GC, a large body, a
 * loaded machine) the answer may already sit in the socket, unread: the event loop runs timers
 * before it reads sockets, so a command Redis answered in a millisecond failed, and its request
 * answered 503. Here the expired timer first lets the loop read what has arrived (setImmediate
 * runs after the sockets are read) and fails the command only if it is still unanswered. A
 * Redis that is truly slow still fails at the deadline, one turn of the loop later.
 */
class StallTolerantRedis extends Redis {
  override sendCommand(command: Command, stream?: Parameters<Redis['sendCommand']>[1]): unknown {
    const sent = super.sendCommand(command, stream);
    if (command.isResolved) return sent;
    const timer = setTimeout(() => setImmediate(() => {
      if (!command.isResolved) command.reject(new Error('Command timed out'));
    }), COMMAND_DEADLINE_MS);
    const clear = () => clearTimeout(timer);
    command.promise.then(clear, clear);
    return sent;
  }
}

/**
 * Fails fast instead of queueing commands while disconnected: a limits store that is
 * down must answer 503 at once, never hold requests or let them through; one that answers
 * slower than COMMAND_DEADLINE_MS answers 503 too (StallTolerantRedis). Its duplicate()s are
 * plain connections without a deadline (subscribers bound their own waits).
 */
export function createRedis(url: string, keyPrefix: string): Redis {
  return new StallTolerantRedis(url, {
    keyPrefix,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
    lazyConnect: false,
  });
}

/**
 * A connection of its own for SUBSCRIBE: it queues while it connects and has no command
 * timeout (ioredis starts that timer while a command waits for the connection, so with the
 * limits connection's 1 s a new connection on a busy Redis lost its subscription); whoever
 * waits for it bounds the wait itself. ioredis resubscribes after every reconnect.
 */
export function subscriberConnection(redis: Redis): Redis {
  return redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null, commandTimeout: undefined });
}
