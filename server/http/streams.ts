import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Lifecycle } from '../lib/lifecycle';
import { shopError, shopErrorBody, AppError } from '../lib/errors';

/**
 * Graceful shutdown at the HTTP edge (decision 082).
 *
 * - Open server-sent-event answers (the order page's live status) are ended when the server starts
 *   draining: at the next event boundary the stream gets an SSE `retry:` field and the answer ends
 *   without tRPC's `return` event, so the browser's EventSource reconnects (to another instance,
 *   behind a load balancer) after `retryMs` instead of holding this process open.
 * - While draining, a new request on a kept-alive connection is answered 503 SERVICE_BUSY with
 *   Retry-After and `Connection: close` in the shop's error body (Fastify's own 503 is turned off).
 */
export function registerDraining(app: FastifyInstance, lifecycle: Lifecycle, retryMs = 1_000): { openStreams(): number } {
  const open = new Set<() => void>();
  lifecycle.signal.addEventListener('abort', () => {
    for (const end of [...open]) end();
  });

  app.addHook('onRequest', (req, reply, done) => {
    if (!lifecycle.draining) return done();
    lifecycle.noteRequest();
    const e = shopError(new AppError('SERVICE_BUSY', 'This server is restarting. Please try again in a moment.', { retryAfter: 1 }));
    void reply
      .code(e.status)
      .headers(e.headers)
      .header('connection', 'close')
      .header('cache-control', 'no-store')
      .send(shopErrorBody(e, String(req.id)));
  });

  // Requests in flight when draining started: their connection closes with their answer. Once the
  // kept-alive grace is over (server/index.ts), any connection left idle is closed as soon as an
  // answer finishes: without this, a socket whose answer's headers left before SIGTERM (a stream)
  // stayed open (idle) until the drain limit cut it, and every shutdown took the full limit even when
  // the last answer left after 1.9 s. Not before the grace: closing every idle connection at each
  // answer reset the requests already on their way over them (decision 208).
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (lifecycle.draining && !reply.raw.headersSent) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onResponse', (_req, _reply, done) => {
    if (lifecycle.closingConnections) setImmediate(() => app.server.closeIdleConnections());
    done();
  });
  // Connections the client opened and has sent no request on (an HTTP client's pool opens some ahead of
  // its queue): Node counts them as busy (their headers timeout runs), so the server's close, which
  // closes only idle connections, waited for them for a minute (decision 236).
  const unused = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  app.server.on('request', (req: IncomingMessage) => unused.delete(req.socket));
  // app.close() without the SIGTERM drain before it (every test file's afterAll; server/index.ts has
  // already drained): the same edge from here on, or an answer that left after the server stopped
  // listening kept its connection alive and the close waited for it until the keep-alive timeout (72 s);
  // and the connections that carried nothing are closed — the afterAll that hung in CI (decision 236).
  app.addHook('preClose', (done) => {
    lifecycle.closeConnections();
    for (const socket of unused) socket.destroy();
    done();
  });

  // Registered before compression: the payload is still tRPC's Response. A callback hook: every answer
  // passes it, and an async one costs a promise and a microtask turn each (decision 186).
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (!(payload instanceof Response) || !payload.body) return done(null, payload);
    if (!(payload.headers.get('content-type') ?? '').startsWith('text/event-stream')) return done(null, payload);
    const { stream, end } = endableEventStream(payload.body, retryMs);
    open.add(end);
    reply.raw.once('close', () => open.delete(end));
    if (lifecycle.draining) end();
    done(null, new Response(stream, { status: payload.status, headers: payload.headers }));
  });

  return { openStreams: () => open.size };
}

const encoder = new TextEncoder();

/**
 * The same event stream, plus `end()`: finish at the next event boundary with `retry: <ms>` and close,
 * cancelling the source (the subscription's generator stops and drops its watch). tRPC writes each
 * event as separate chunks ending with a blank-line chunk, so "the last chunk ended with \n\n" is a
 * boundary.
 */
export function endableEventStream(source: ReadableStream<Uint8Array>, retryMs: number): { stream: ReadableStream<Uint8Array>; end(): void } {
  const reader = source.getReader();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let atBoundary = true;
  let ending = false;
  let closed = false;
  const finish = () => {
    if (closed) return;
    closed = true;
    controller.enqueue(encoder.encode(`retry: ${retryMs}\n\n`));
    controller.close();
    reader.cancel().catch(() => {});
  };
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    async pull() {
      if (closed) return;
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
      if (closed) return;
      if (done) {
        closed = true;
        controller.close();
        return;
      }
      controller.enqueue(value);
      atBoundary = endsWithBlankLine(value);
      if (ending && atBoundary) finish();
    },
    cancel(reason) {
      closed = true;
      return reader.cancel(reason);
    },
  });
  return {
    stream,
    end() {
      ending = true;
      // Between events (the usual case: waiting for the next change or ping): end now.
      if (atBoundary) finish();
    },
  };
}

function endsWithBlankLine(chunk: Uint8Array): boolean {
  const n = chunk.length;
  return n >= 2 && chunk[n - 1] === 0x0a && chunk[n - 2] === 0x0a;
}
