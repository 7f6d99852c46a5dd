/**
 * The process's own state for the load balancer and for open streams: `draining` from the moment a
 * SIGTERM arrives (server/index.ts) until the process exits. Readiness answers 503 while draining,
 * new requests on kept-alive connections get 503 SERVICE_BUSY with `Connection: close`, and open
 * order streams end with a retry hint so browsers reconnect to another instance (decision 082).
 */
export interface Lifecycle {
  readonly draining: boolean;
  /** Aborted when draining starts. */
  readonly signal: AbortSignal;
  drain(): void;
}

export function createLifecycle(): Lifecycle {
  const ctl = new AbortController();
  return {
    get draining() {
      return ctl.signal.aborted;
    },
    signal: ctl.signal,
    drain() {
      if (!ctl.signal.aborted) ctl.abort();
    },
  };
}
