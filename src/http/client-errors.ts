import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { newRequestId } from '../ids.js';
import { domainError } from '../errors/domain-error.js';
import { renderProblem } from './error-handler.js';

/**
 * Requests Node's HTTP parser refuses before Koa sees them (a request line and headers over
 * its 16 KB, a NUL or another control character in a header, not HTTP at all) get a Problem
 * like every other refusal, instead of Node's bare status line. 400 bad_request: the catalogue
 * has no 431, and the request could not be read.
 */
export function answerClientErrors(server: Server, errorsOrigin: string): void {
  server.on('clientError', (err: Error & { code?: string }, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const detail = err.code === 'HPE_HEADER_OVERFLOW'
      ? 'The request line and headers are larger than 16 KB.'
      : 'The request is not valid HTTP (a malformed request line or header).';
    const requestId = newRequestId();
    const body = JSON.stringify(renderProblem(domainError('bad_request', detail), requestId, errorsOrigin).body);
    socket.end([
      'HTTP/1.1 400 Bad Request', 'Content-Type: application/problem+json', `Content-Length: ${Buffer.byteLength(body)}`,
      `X-Request-Id: ${requestId}`, 'Connection: close', '', body,
    ].join('\r\n'));
  });
}
