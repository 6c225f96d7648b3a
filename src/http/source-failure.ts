/**
 * Whether an error is a data source failing (spec 01: "a source failure gives 503
 * service_unavailable"), not a fault of this code: the database or Redis unreachable, busy,
 * shutting down, out of resources, a statement cancelled by its timeout, a replica gone or
 * read-only after a failover. A retry may well succeed, so it is 503 with Retry-After. What is
 * left (a syntax error, a constraint violation nobody handled, a bad value) is a bug: 500.
 */

/**
 * PostgreSQL SQLSTATE classes that are all the source's: 08 connection exception, 53
 * insufficient resources (53300 too_many_connections, 53100 disk_full), 57 operator
 * intervention (57014 query_canceled, a statement_timeout; 57P01 admin_shutdown, 57P03
 * cannot_connect_now), 58 system error (58030 io_error).
 */
const SOURCE_CLASSES = new Set(['08', '53', '57', '58']);

/**
 * Single SQLSTATEs of other classes: transient conflicts a retry resolves (40001
 * serialization_failure, 40P01 deadlock_detected, 55P03 lock_not_available), a read-only
 * server where a primary was (25006: a replica after a failover), an idle transaction timed out
 * (25P03), and a table or column a migration still has to add (42P01, 42703).
 */
const SOURCE_STATES = new Set(['40001', '40P01', '55P03', '25006', '25P03', '42P01', '42703']);

/** Node's network errors: nobody answered at that address, or the connection broke. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE']);

/**
 * pg and ioredis say so in their messages: a connection lost or never made, a pool or query
 * timeout, a statement on a pg connection that had already gone (its backend terminated while
 * the transaction sat idle between two statements: "Client has encountered a connection error
 * and is not queryable", or "Client was closed and is not queryable" once the pool dropped it),
 * a Redis answer later than the command deadline ("Command timed out", src/redis.ts).
 */
const SOURCE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Connection is closed|^Client (has encountered a connection error|was closed) and is not queryable$|^Command timed out$/i;

/** Redis replies of a server that cannot serve now (loading, a replica, out of memory, a cluster without quorum). */
const REDIS_BUSY_REPLIES = /^(LOADING|READONLY|MASTERDOWN|CLUSTERDOWN|TRYAGAIN|BUSY|OOM)\b/;

export function isSourceFailure(err: unknown): boolean {
  const e = err as { code?: unknown; name?: string; message?: string };
  const code = typeof e.code === 'string' ? e.code : '';
  if (/^[0-9A-Z]{5}$/.test(code) && (SOURCE_CLASSES.has(code.slice(0, 2)) || SOURCE_STATES.has(code))) return true;
  if (NETWORK_CODES.has(code)) return true;
  if (e.name === 'ConnectionException' || e.name === 'MaxRetriesPerRequestError') return true;
  const message = e.message ?? '';
  return SOURCE_MESSAGES.test(message) || (e.name === 'ReplyError' && REDIS_BUSY_REPLIES.test(message));
}
