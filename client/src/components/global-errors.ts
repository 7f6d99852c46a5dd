/**
 * Spec §8: network-type failures ("Load failed", websocket, connection) and many unhandled
 * rejections and resource errors are silently ignored. They are expected on flaky mobile
 * networks and already handled where it matters (queries retry, pages show their own errors).
 */
const BENIGN = [
  /load failed/i,
  /failed to fetch/i,
  /network ?error/i,
  /network request failed/i,
  /websocket/i,
  /connection/i,
  // ERR_CONNECTION_* is covered by /connection/ above.
  /err_(internet|network|name_not_resolved)/i,
  // AbortError, "The operation was aborted", "The user aborted a request", "Fetch is aborted".
  /abort/i,
  /timed out/i,
  /resizeobserver loop/i,
  /failed to load resource/i,
  // "Importing a module script failed", "Failed to fetch dynamically imported module", "Loading chunk 3 failed".
  /module script|imported module|loading (css )?chunk/i,
  /non-error promise rejection/i,
  // Cross-origin script errors carry no detail at all.
  /^script error\.?$/i,
];

function textOf(reason: unknown): string {
  if (reason == null) return '';
  if (typeof reason === 'string') return reason;
  if (reason instanceof Error) return `${reason.name}: ${reason.message}`;
  if (typeof reason === 'object') {
    const r = reason as { message?: unknown; type?: unknown; name?: unknown };
    if (typeof r.message === 'string') return `${String(r.name ?? '')}: ${r.message}`;
    if (typeof r.type === 'string') return `event ${r.type}`;
  }
  return String(reason);
}

/** True for failures a shopper cannot act on and we must not surface. */
export function isBenignError(reason: unknown): boolean {
  // Rejections with no reason, or with a DOM Event (e.g. a WebSocket 'error' event), carry nothing useful.
  if (reason == null) return true;
  if (typeof Event !== 'undefined' && reason instanceof Event) return true;
  const msg = textOf(reason);
  if (!msg.trim()) return true;
  return BENIGN.some((re) => re.test(msg));
}

let installed = false;

export function installGlobalErrorHandlers(win: Window = window): void {
  if (installed) return;
  installed = true;
  win.addEventListener('unhandledrejection', (e: PromiseRejectionEvent) => {
    if (isBenignError(e.reason)) e.preventDefault();
  });
  // Capture phase: resource errors (img, script, video) do not bubble.
  win.addEventListener(
    'error',
    (e: Event) => {
      const target = e.target as Element | null;
      const isResource = !!target && target !== (win as unknown) && typeof (target as Element).tagName === 'string';
      if (isResource) {
        e.preventDefault?.();
        return;
      }
      const ev = e as ErrorEvent;
      if (isBenignError(ev.error ?? ev.message)) ev.preventDefault();
    },
    true,
  );
}
