import type { Server } from 'node:http';
import { answerClientErrors } from './client-errors.js';

/**
 * How long an api keeps an idle connection: longer than any client or balancer keeps one
 * (HAProxy's `timeout server` is 65 s), so the api is never the side that closes a kept-alive
 * connection just as the other side sends on it (a reset the client sees as a failed request).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** The public HTTP server's own settings, the same for the api process and the tests' api. */
export function preparePublicServer(server: Server, publicOrigin: string): void {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  answerClientErrors(server, publicOrigin);
}
