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
  /** A request arrived while draining (the grace below counts from the last one). */
  noteRequest(): void;
  /**
   * Resolves once no request has arrived for `quietMs` (counting from the drain when none has), or at
   * `maxMs` after the drain whatever comes: the kept-alive connections' grace (decision 208). A fixed
   * grace from the signal was too short on a busy machine: requests that queued behind the ones in
   * flight were answered late, their clients sent the next ones after the grace, and those met a
   * closed connection. After the timer one turn of the event loop's poll phase reads whatever
   * arrived meanwhile, so a request already in the socket is seen before idle connections are closed.
   */
  quiet(quietMs: number, maxMs: number): Promise<void>;
  closeConnections(): void;
}

export function createLifecycle(): Lifecycle {
  const ctl = new AbortController();
  let closing = false;
  let drainedAt = 0;
  let lastRequestAt = 0;
  return {
    get draining() {
      return ctl.signal.aborted;
    },
    get closingConnections() {
      return closing;
    },
    signal: ctl.signal,
    drain() {
      if (ctl.signal.aborted) return;
      drainedAt = lastRequestAt = performance.now();
      ctl.abort();
    },
    noteRequest() {
      lastRequestAt = performance.now();
    },
    async quiet(quietMs: number, maxMs: number) {
      this.drain();
      for (;;) {
        const now = performance.now();
        const wait = Math.min(lastRequestAt + quietMs, drainedAt + maxMs) - now;
        if (wait <= 0) break;
        await new Promise((r) => setTimeout(r, wait));
      }
      await new Promise((r) => setImmediate(r));
    },
    closeConnections() {
      this.drain();
      closing = true;
    },
  };
}
