/**
 * The shop's one service worker, /sw.js (PRODUCT.md §22, decisions 270 and 285): Workbox's caching
 * (vite.config.ts) and the push listeners. main.tsx imports this file after the page's `load`, so the
 * home page's first view never waits for it; the push controls use the same registration.
 */
import { beforeSignOut } from '../features/auth/auth-context';
import { tokens } from '../features/auth/session';

const SHOP_WORKER = '/sw.js';

/**
 * Who is signed in on this phone, when it is staff: the access token's `sub` and `role`, read without
 * verifying it (only to decide what this phone keeps; the server checks every request). Read here, not
 * in a module shared with the rider page: a shared module becomes a chunk of its own, named in the app
 * entry's preload lists, which the home page's JavaScript budget pays for.
 */
function staffOnThisPhone(): { sub: string; role: string } | null {
  try {
    const part = tokens.read().accessToken?.split('.')[1];
    const c = part ? (JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown; role?: unknown }) : null;
    return typeof c?.sub === 'string' && typeof c.role === 'string' && c.role !== 'customer' ? { sub: c.sub, role: c.role } : null;
  } catch {
    return null;
  }
}

/** Registers (or finds) the shop's worker; answers once it is active. */
export async function shopWorker(): Promise<ServiceWorkerRegistration> {
  // updateViaCache 'none': the worker and the script it imports are checked with the server on every
  // update, whatever their cache headers, so a new release is never held back by the browser's cache.
  await navigator.serviceWorker.register(SHOP_WORKER, { scope: '/', updateViaCache: 'none' });
  return navigator.serviceWorker.ready;
}

/**
 * After load: registers the worker, then asks it (Workbox's own CACHE_URLS message, handled by the
 * routes in vite.config.ts) to keep this page and the shop's files and catalogue it loaded before the
 * worker was there, so this very page opens without a network next time. The routes decide what is kept: never
 * anything under /api or /trpc but the catalogue.
 */
export async function startShopWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  // Signing out ends this device's notifications (decision 286), worker or not (a subscription may
  // come from before this page).
  beforeSignOut.push(() => import('../features/notifications/sign-out').then((m) => m.endPushOnThisDevice()).catch(() => {}));
  if (!import.meta.env.PROD) return;
  try {
    const reg = await shopWorker();
    const files = performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((u) => {
        const url = new URL(u);
        return url.origin === location.origin && /^\/(assets|images|media|icons)\/|^\/trpc\/catalogue\./.test(url.pathname);
      });
    reg.active?.postMessage({
      type: 'CACHE_URLS',
      payload: { urlsToCache: [[location.href, { headers: { accept: 'text/html' } }], ...files] },
    });
    // Staff on this phone: a rider's keeps the rider app and stops for offline (decision 312), also when
    // they sign in on this page; the module (lazy, staff only) checks the permission.
    const keepRider = () => {
      const { sub, role } = staffOnThisPhone() ?? {};
      const worker = reg.active;
      if (!worker || !sub || !role) return;
      void import('../routes/rider').then((m) => m.keepRiderAppOnPhone(worker, { id: sub, role })).catch(() => {});
    };
    keepRider();
    tokens.subscribe(keepRider);
  } catch {
    // No worker (a private window, a browser that refuses it): the shop works as a website.
  }
}
