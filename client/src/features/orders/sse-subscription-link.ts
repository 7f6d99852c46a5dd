import { TRPCClientError, type Operation, type OperationResultEnvelope } from '@trpc/client';
import type { Observer } from '@trpc/server/observable';
import type { AppRouter } from '../../lib/trpc';
import { FetchEventSource } from './fetch-event-source';

type Envelope = OperationResultEnvelope<unknown, TRPCClientError<AppRouter>>;

/**
 * The client side of tRPC's SSE subscription protocol (the events tRPC's
 * server sends: connected, data messages, ping, serialized-error, return),
 * as httpSubscriptionLink speaks it, over FetchEventSource. Loaded only when a
 * page first subscribes (see lazy-subscription-link.ts for why).
 */
export function runSubscription(
  baseUrl: string,
  op: Pick<Operation, 'path' | 'input'>,
  observer: Observer<Envelope, TRPCClientError<AppRouter>>,
  fetcher?: typeof fetch,
): () => void {
  const url = `${baseUrl}/${op.path}${op.input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(op.input))}`}`;
  let es: FetchEventSource | null = null;
  let stopped = false;
  let quietTimer: ReturnType<typeof setTimeout> | undefined;
  let reconnectAfterMs = 0;

  const state = (s: 'connecting' | 'pending', error: TRPCClientError<AppRouter> | null = null) =>
    observer.next({ result: { type: 'state', state: s, error } } as unknown as Envelope);
  const stop = () => {
    stopped = true;
    clearTimeout(quietTimer);
    es?.close();
  };
  // The server pings; a stream that goes quiet for longer than it promised is dead: open a new one.
  const heard = () => {
    clearTimeout(quietTimer);
    if (reconnectAfterMs > 0 && !stopped) quietTimer = setTimeout(open, reconnectAfterMs);
  };
  const data = (e: Event) => JSON.parse((e as MessageEvent<string>).data) as unknown;

  function open() {
    es?.close();
    if (stopped) return;
    const src = (es = new FetchEventSource(url, undefined, fetcher));
    state('connecting');
    src.addEventListener('connected', (e) => {
      reconnectAfterMs = Number((data(e) as { reconnectAfterInactivityMs?: number } | null)?.reconnectAfterInactivityMs) || 0;
      observer.next({ result: { type: 'started' } } as Envelope);
      state('pending');
      heard();
    });
    src.addEventListener('ping', heard);
    src.addEventListener('message', (e) => {
      heard();
      observer.next({ result: { data: data(e) } } as Envelope);
    });
    src.addEventListener('serialized-error', (e) => {
      const error = TRPCClientError.from<AppRouter>({ error: data(e) as never });
      // A server-side hiccup: the stream ends and FetchEventSource reconnects. A refusal (404, 401…) is final.
      if ((error.data?.httpStatus ?? 500) >= 500) return state('connecting', error);
      stop();
      observer.error(error);
    });
    src.addEventListener('return', () => {
      stop();
      observer.complete();
    });
    src.addEventListener('error', () => {
      if (stopped) return;
      if (src.readyState === src.CLOSED) {
        stop();
        observer.error(TRPCClientError.from<AppRouter>(new Error('Live updates are not available right now.')));
      } else state('connecting');
    });
  }

  open();
  return stop;
}
