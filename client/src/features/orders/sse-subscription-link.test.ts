import { describe, expect, it } from 'vitest';
import { runSubscription } from './sse-subscription-link';

const enc = new TextEncoder();
const sse = (text: string, hold = false) =>
  new Response(
    new ReadableStream({
      start(c) {
        c.enqueue(enc.encode(text));
        if (!hold) c.close();
      },
    }),
    { headers: { 'content-type': 'text/event-stream' } },
  );

function collect() {
  const seen: unknown[] = [];
  let error: unknown = null;
  let done = false;
  return {
    seen,
    get error() {
      return error;
    },
    get done() {
      return done;
    },
    observer: { next: (v: unknown) => seen.push(v), error: (e: unknown) => (error = e), complete: () => (done = true) },
  };
}
const until = async (f: () => boolean) => {
  for (let i = 0; i < 200 && !f(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(f()).toBe(true);
};

describe('the SSE subscription link (tRPC protocol over FetchEventSource)', () => {
  it('asks for /trpc/<path>?input=…, reports started, then each data message', async () => {
    const urls: string[] = [];
    const c = collect();
    const stop = runSubscription(
      '/trpc',
      { path: 'orders.live', input: { id: 'x' } },
      c.observer as never,
      (async (u: RequestInfo | URL) => {
        urls.push(String(u));
        return sse(
          'event: connected\ndata: {}\n\ndata: {"status":"confirmed"}\n\nevent: ping\ndata: \n\ndata: {"status":"preparing"}\n\n',
          true,
        );
      }) as typeof fetch,
    );
    await until(() => c.seen.filter((s) => !(s as { result: { type?: string } }).result.type).length === 2);
    expect(urls).toEqual([`/trpc/orders.live?input=${encodeURIComponent('{"id":"x"}')}`]);
    expect(c.seen).toContainEqual({ result: { type: 'started' } });
    expect(c.seen.filter((s) => !(s as { result: { type?: string } }).result.type)).toEqual([
      { result: { data: { status: 'confirmed' } } },
      { result: { data: { status: 'preparing' } } },
    ]);
    stop();
  });

  it('ends with the server’s refusal (404 for someone else’s order), and completes on return', async () => {
    const c = collect();
    runSubscription(
      '/trpc',
      { path: 'orders.live', input: { id: 'x' } },
      c.observer as never,
      (async () =>
        sse(
          'event: serialized-error\ndata: {"message":"That order was not found.","code":-32004,"data":{"code":"NOT_FOUND","httpStatus":404}}\n\n',
        )) as typeof fetch,
    );
    await until(() => c.error !== null);
    expect((c.error as Error).message).toBe('That order was not found.');
    expect((c.error as { data: { httpStatus: number } }).data.httpStatus).toBe(404);

    const d = collect();
    runSubscription(
      '/trpc',
      { path: 'orders.live', input: undefined },
      d.observer as never,
      (async () => sse('event: connected\ndata: {}\n\nevent: return\ndata: \n\n')) as typeof fetch,
    );
    await until(() => d.done);
  });
});
