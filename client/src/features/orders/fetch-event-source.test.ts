import { describe, expect, it } from 'vitest';
import { FetchEventSource } from './fetch-event-source';

function streamOf(chunks: string[], opts: { hold?: boolean } = {}): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  return new ReadableStream({
    start(c) {
      for (const ch of chunks) c.enqueue(enc.encode(ch));
      if (!opts.hold) c.close();
    },
  });
}
const sse = (body: ReadableStream<Uint8Array>, status = 200) =>
  new Response(body, { status, headers: { 'content-type': 'text/event-stream' } });
const until = async (f: () => boolean, ms = 2000) => {
  const end = Date.now() + ms;
  while (!f()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
};

describe('FetchEventSource (EventSource over the fetch wrapper)', () => {
  it('parses named events, data split across chunks, ids, comments and CRLF', async () => {
    const seen: { type: string; data: string; id: string }[] = [];
    const requests: RequestInit[] = [];
    const es = new FetchEventSource('/trpc/orders.live?input=x', undefined, (async (_u: RequestInfo | URL, init?: RequestInit) => {
      requests.push(init!);
      return sse(
        streamOf(
          [
            'event: connected\ndata: {"reconnectAfterInactivityMs":25000}\n\n: comment\n',
            'data: {"status":',
            '"confirmed"}\n\n',
            'id: 7\r\ndata: line1\r\ndata: line2\r\n\r\n',
            'event: ping\ndata: \n\n',
          ],
          { hold: true },
        ),
      );
    }) as typeof fetch);
    for (const type of ['connected', 'message', 'ping'])
      es.addEventListener(type, (e) => seen.push({ type, data: (e as MessageEvent).data, id: (e as MessageEvent).lastEventId }));
    await until(() => seen.length === 4);
    expect(es.readyState).toBe(es.OPEN);
    expect(seen).toEqual([
      { type: 'connected', data: '{"reconnectAfterInactivityMs":25000}', id: '' },
      { type: 'message', data: '{"status":"confirmed"}', id: '' },
      { type: 'message', data: 'line1\nline2', id: '7' },
      { type: 'ping', data: '', id: '7' },
    ]);
    expect(new Headers(requests[0]!.headers).get('accept')).toBe('text/event-stream');
    es.close();
    expect(es.readyState).toBe(es.CLOSED);
  });

  it('reconnects after the stream drops, sending Last-Event-ID, and stays closed after a refusal', async () => {
    let calls = 0;
    const ids: (string | null)[] = [];
    const es = new FetchEventSource('/x', undefined, (async (_u: RequestInfo | URL, init?: RequestInit) => {
      calls++;
      ids.push(new Headers(init!.headers).get('last-event-id'));
      if (calls === 1) return sse(streamOf(['retry: 10\nid: 3\ndata: a\n\n']));
      if (calls === 2) return sse(streamOf(['data: b\n\n'], { hold: true }));
      return new Response('{}', { status: 500 });
    }) as typeof fetch);
    const data: string[] = [];
    let errors = 0;
    es.addEventListener('message', (e) => data.push((e as MessageEvent).data));
    es.addEventListener('error', () => errors++);
    await until(() => data.length === 2);
    expect(ids).toEqual([null, '3']);
    expect(errors).toBe(1);
    expect(es.readyState).toBe(es.OPEN);
    es.close();

    const refused = new FetchEventSource(
      '/y',
      undefined,
      (async () => new Response('{"message":"no"}', { status: 401, headers: { 'content-type': 'application/json' } })) as typeof fetch,
    );
    let closedError = false;
    refused.addEventListener('error', () => (closedError = refused.readyState === refused.CLOSED));
    await until(() => closedError);
  });
});
