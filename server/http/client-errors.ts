import crypto from 'node:crypto';
import type { Socket } from 'node:net';

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (no route, no hooks) still get the
 * shop's error body, a request id and a documented status (decision 110):
 * - the request line and headers over Node's 16 KiB (in practice a very long query string): 431,
 *   documented on every operation, code BAD_REQUEST;
 * - a request that did not arrive in time: 408 is Node's own wording, kept (no operation ran);
 * - anything else the parser cannot read: 400 BAD_REQUEST.
 * The connection is closed afterwards, as Node and Fastify do: the parser's state is lost.
 */
export const HEADERS_TOO_LARGE_MESSAGE =
  'The request line and headers are larger than 16 KiB (usually a query string that long): send fewer or shorter parameters.';

export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', HEADERS_TOO_LARGE_MESSAGE]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'The request did not arrive in time.']
        : [400, 'Bad Request', 'The request is not valid HTTP.'];
  const requestId = crypto.randomUUID();
  const body = JSON.stringify({ message, code: 'BAD_REQUEST', requestId });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Request-Id: ${requestId}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
