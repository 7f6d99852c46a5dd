/**
 * The shop's one service worker, /sw.js (PRODUCT.md §22, decisions 270 and 285): Workbox's caching
 * (vite.config.ts) and the push listeners. main.tsx imports this file after the page's `load`, so the
 * home page's first view never waits for it; the push controls use the same registration.
 */
import { beforeSignOut } from '../features/auth/auth-context';

const SHOP_WORKER = '/sw.js';

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
  } catch {
    // No worker (a private window, a browser that refuses it): the shop works as a website.
  }
}
