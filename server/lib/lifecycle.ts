/**
 * The process's own state for the load balancer and for open streams: `draining` from the moment a
 * SIGTERM arrives (server/index.ts) until the process exits. Readiness answers 503 while draining,
 * new requests on kept-alive connections get 503 SERVICE_BUSY with `Connection: close`, and open
 * order streams end with a retry hint so browsers reconnect to another instance (decision 082).
 *
 * `closingConnections` comes later, when the kept-alive connections' grace is over (decision 208):
 * only from then are idle connections closed. Closing one while a request is on its way over it (sent
 * by the client, not yet read by the server) resets the connection, and that request is never answered.
 */
export interface Lifecycle {
  readonly draining: boolean;
  readonly closingConnections: boolean;
  /** Aborted when draining starts. */
  readonly signal: AbortSignal;
  drain(): void;
  closeConnections(): void;
}

export function createLifecycle(): Lifecycle {
  const ctl = new AbortController();
  let closing = false;
  return {
    get draining() {
      return ctl.signal.aborted;
    },
    get closingConnections() {
      return closing;
    },
    signal: ctl.signal,
    drain() {
      if (!ctl.signal.aborted) ctl.abort();
    },
    closeConnections() {
      this.drain();
      closing = true;
    },
  };
}
