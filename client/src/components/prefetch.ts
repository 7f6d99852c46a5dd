/**
 * Spec §2/§9: later pages are prefetched after 0.8 s, 2.3 s and 3.8 s. Counted from the first
 * `load` event so prefetching never competes with the first page; each batch waits for an idle
 * moment; failures are ignored (the real navigation will retry and show its own error).
 */
export const PREFETCH_DELAYS_MS = [800, 2300, 3800] as const;

type Loader = () => Promise<unknown>;

interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

const whenIdle = (fn: () => void) => {
  const ric = (globalThis as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number }).requestIdleCallback;
  if (ric) ric(fn, { timeout: 1500 });
  else setTimeout(fn, 0);
};

/** `batches[i]` is loaded after PREFETCH_DELAYS_MS[i]. Returns a cancel function. */
export function schedulePrefetch(batches: Loader[][], win: Window = window): () => void {
  const conn = (win.navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  // Respect Data Saver and 2G: those shoppers pay for every byte.
  if (conn?.saveData || /(^|-)2g$/.test(conn?.effectiveType ?? '')) return () => {};
  const timers: ReturnType<typeof setTimeout>[] = [];
  let cancelled = false;
  const start = () => {
    PREFETCH_DELAYS_MS.forEach((delay, i) => {
      timers.push(
        setTimeout(() => {
          whenIdle(() => {
            if (cancelled) return;
            for (const load of batches[i] ?? []) load().catch(() => {});
          });
        }, delay),
      );
    });
  };
  if (win.document.readyState === 'complete') start();
  else win.addEventListener('load', start, { once: true });
  return () => {
    cancelled = true;
    timers.forEach(clearTimeout);
    win.removeEventListener('load', start);
  };
}
