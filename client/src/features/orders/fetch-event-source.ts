import { trpcFetch } from '../../lib/api-fetch';

/**
 * An EventSource for tRPC's httpSubscriptionLink that reads the stream with
 * fetch, so the request goes through the one fetch wrapper: bearer token,
 * refresh-and-retry on 401 — a native EventSource can send no headers, and a
 * token in the URL would end up in logs. Like the native one it reconnects
 * after a dropped connection (with Last-Event-ID) and stays closed after
 * close() or a refusal (non-2xx answer).
 */
type Listener = (ev: MessageEvent | Event) => void;

const CONNECTING = 0;
const OPEN = 1;
const CLOSED = 2;

export class FetchEventSource {
  static readonly CONNECTING = CONNECTING;
  static readonly OPEN = OPEN;
  static readonly CLOSED = CLOSED;
  readonly CONNECTING = CONNECTING;
  readonly OPEN = OPEN;
  readonly CLOSED = CLOSED;
  readonly url: string;
  readonly withCredentials = true;
  readyState: number = CONNECTING;
  onopen: Listener | null = null;
  onmessage: Listener | null = null;
  onerror: Listener | null = null;

  private listeners = new Map<string, Set<Listener>>();
  private abort = new AbortController();
  private lastEventId = '';
  private retryMs = 1000;

  constructor(
    url: string | URL,
    _init?: unknown,
    private readonly fetcher: typeof fetch = trpcFetch,
  ) {
    this.url = String(url);
    void this.run();
  }

  addEventListener(type: string, fn: Listener): void {
    let set = this.listeners.get(type);
    if (!set) this.listeners.set(type, (set = new Set()));
    set.add(fn);
  }
  removeEventListener(type: string, fn: Listener): void {
    this.listeners.get(type)?.delete(fn);
  }
  dispatchEvent(ev: Event): boolean {
    const handler = ev.type === 'open' ? this.onopen : ev.type === 'message' ? this.onmessage : ev.type === 'error' ? this.onerror : null;
    handler?.call(this, ev);
    for (const fn of [...(this.listeners.get(ev.type) ?? [])]) fn.call(this, ev);
    return true;
  }
  close(): void {
    this.readyState = CLOSED;
    this.abort.abort();
  }

  private async run(): Promise<void> {
    while (this.readyState !== CLOSED) {
      let refused = false;
      try {
        const headers: Record<string, string> = { accept: 'text/event-stream', 'cache-control': 'no-cache' };
        if (this.lastEventId) headers['last-event-id'] = this.lastEventId;
        const res = await this.fetcher(this.url, { headers, signal: this.abort.signal, cache: 'no-store', credentials: 'include' });
        if (!res.ok || !res.body || !(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
          refused = true;
          throw new Error(`${res.status}: the live updates were refused`);
        }
        this.readyState = OPEN;
        this.dispatchEvent(new Event('open'));
        await this.read(res.body);
      } catch {
        // Aborted by close(), a network drop, or a refusal: handled below.
      }
      if (this.readyState === CLOSED) return;
      if (refused) {
        this.readyState = CLOSED;
        this.dispatchEvent(new Event('error'));
        return;
      }
      this.readyState = CONNECTING;
      this.dispatchEvent(new Event('error'));
      await new Promise((r) => setTimeout(r, this.retryMs));
    }
  }

  /** The text/event-stream format: fields per line, an empty line ends an event. */
  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let buf = '';
    let type = '';
    let data: string[] = [];
    let id: string | null = null;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buf += decoder.decode(value, { stream: true });
      let nl: number;
      while ((nl = buf.search(/\r\n|\r|\n/)) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + (buf.startsWith('\r\n', nl) ? 2 : 1));
        if (line === '') {
          if (id !== null) this.lastEventId = id;
          if (data.length) {
            this.dispatchEvent(new MessageEvent(type || 'message', { data: data.join('\n'), lastEventId: this.lastEventId }));
          }
          type = '';
          data = [];
          id = null;
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const val = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') type = val;
        else if (field === 'data') data.push(val);
        else if (field === 'id') id = val;
        else if (field === 'retry' && /^\d+$/.test(val)) this.retryMs = Number(val);
      }
    }
  }
}
