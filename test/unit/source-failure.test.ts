import { describe, expect, it } from '@jest/globals';
import { isSourceFailure } from '../../src/http/source-failure.js';

/** Which errors are a data source failing (503 service_unavailable) and which are bugs (500), spec 01. */
describe('isSourceFailure', () => {
  it.each([
    ['57014 query_canceled (a statement_timeout)', { code: '57014' }],
    ['57P01 admin_shutdown', { code: '57P01' }],
    ['57P03 cannot_connect_now', { code: '57P03' }],
    ['53300 too_many_connections', { code: '53300' }],
    ['53100 disk_full', { code: '53100' }],
    ['08006 connection_failure', { code: '08006' }],
    ['58030 io_error', { code: '58030' }],
    ['40001 serialization_failure', { code: '40001' }],
    ['40P01 deadlock_detected', { code: '40P01' }],
    ['55P03 lock_not_available', { code: '55P03' }],
    ['25006 read_only_sql_transaction (a replica after a failover)', { code: '25006' }],
    ['42P01 a table a migration still adds', { code: '42P01' }],
    ['ECONNREFUSED', { code: 'ECONNREFUSED' }],
    ['EHOSTUNREACH (a replica gone)', { code: 'EHOSTUNREACH' }],
    ['MikroORM ConnectionException', { name: 'ConnectionException', message: 'x' }],
    ['pg: Connection terminated unexpectedly', { message: 'Connection terminated unexpectedly' }],
    ['pg: a statement on a connection already broken', { message: 'Client has encountered a connection error and is not queryable' }],
    ['pg: a statement on a connection the pool already closed', { message: 'Client was closed and is not queryable' }],
    ['Redis: an answer later than the command deadline (src/redis.ts)', { message: 'Command timed out' }],
    ['ioredis: MaxRetriesPerRequestError', { name: 'MaxRetriesPerRequestError', message: 'Reached the max retries per request limit' }],
    ['Redis READONLY from a replica', { name: 'ReplyError', message: "READONLY You can't write against a read only replica." }],
    ['Redis LOADING', { name: 'ReplyError', message: 'LOADING Redis is loading the dataset in memory' }],
  ])('%s is a source failure', (_, err) => {
    expect(isSourceFailure(err)).toBe(true);
  });

  it.each([
    ['42601 syntax_error', { code: '42601' }],
    ['23505 unique_violation', { code: '23505' }],
    ['23503 foreign_key_violation', { code: '23503' }],
    ['22P02 invalid_text_representation', { code: '22P02' }],
    ['XX000 internal_error of the server', { code: 'XX000' }],
    ['a TypeError', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a Redis WRONGTYPE reply', { name: 'ReplyError', message: 'WRONGTYPE Operation against a key holding the wrong kind of value' }],
  ])('%s is a bug', (_, err) => {
    expect(isSourceFailure(err)).toBe(false);
  });
});
