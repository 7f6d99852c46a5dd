import type { AppDeps } from '../../deps';
import type { EventBus } from '../../lib/events';

/**
 * "This order changed": published after the transaction that changed it
 * commits, on a PostgreSQL NOTIFY channel (every instance hears it) or the
 * embedded database's in-process bus. Listeners re-read the order; the event
 * only says which one, so it never carries stale or private data.
 */
export const ORDER_EVENTS_CHANNEL = 'order_events';

export interface OrderEvent {
  orderId: string;
  userId?: string | null;
  status?: string;
}

export function publishOrderEvent(deps: Pick<AppDeps, 'bus' | 'log'>, e: OrderEvent): void {
  deps.bus
    .publish(ORDER_EVENTS_CHANNEL, e)
    .catch((err: unknown) =>
      deps.log.warn({ err, orderId: e.orderId }, 'order event not published; open order pages will catch up on their next change'),
    );
}

function isOrderEvent(p: unknown): p is OrderEvent {
  return !!p && typeof p === 'object' && typeof (p as OrderEvent).orderId === 'string';
}

export interface OrderWatch {
  /** Resolves true when a matching event arrived since the last call, false once `signal` aborts. */
  changed(): Promise<boolean>;
  close(): void;
}

/**
 * Watches the channel for events matching `match`. Events that arrive while
 * the listener is busy are folded into one "changed" (the listener re-reads
 * the latest state anyway), so a burst never queues up re-reads.
 */
export function watchOrderEvents(bus: EventBus, match: (e: OrderEvent) => boolean, signal: AbortSignal): OrderWatch {
  let dirty = false;
  let wake: (() => void) | null = null;
  const off = bus.subscribe(ORDER_EVENTS_CHANNEL, (p) => {
    if (!isOrderEvent(p) || !match(p)) return;
    dirty = true;
    wake?.();
  });
  // Events published while the listening connection was away were lost: re-read once it is back.
  const offReconnect = bus.onReconnect(() => {
    dirty = true;
    wake?.();
  });
  const onAbort = () => wake?.();
  signal.addEventListener('abort', onAbort, { once: true });
  return {
    async changed() {
      while (!dirty) {
        if (signal.aborted) return false;
        await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
      }
      dirty = false;
      return !signal.aborted;
    },
    close() {
      off();
      offReconnect();
      signal.removeEventListener('abort', onAbort);
    },
  };
}
