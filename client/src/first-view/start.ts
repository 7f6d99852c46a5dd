/**
 * The first script in <head>, a classic one (the CSP allows no inline script): vite.config.ts
 * bundles this file with esbuild and emits it as a hashed asset. It starts the app (main.tsx).
 *
 * On "/" it shows the prerendered #first-view (html[data-first-view], styles/first-view.css) and
 * starts the app only once the hero poster (the LCP element) has been painted: the app's chunks,
 * listed as modulepreloads in <template id="app-preloads">, begin downloading then, in parallel,
 * and its code runs after the largest paint. One frame is not enough: Chrome often runs
 * rAF → setTimeout before it presents that frame. Every other route, a signed-in shopper (the first
 * view is a guest's), a hidden tab and a browser without LCP entries (Safari) start the downloads at
 * once and the app when the HTML is parsed.
 *
 * main.tsx is a build entry of its own, imported by the URL of `<link data-app-entry>`, not by a
 * path the bundler would follow, so the bundler keeps the app shell in one chunk that the lazy
 * pages import from. `vite dev` has neither this script nor a first view: it loads main.tsx itself.
 */
import { ACCESS_KEY, REFRESH_KEY } from '../features/auth/token-manager';

const html = document.documentElement;
const preloads = document.getElementById('app-preloads') as HTMLTemplateElement | null;
const download = () => preloads && document.head.append(preloads.content);

let started = false;
const start = () => {
  if (started) return;
  started = true;
  download();
  void import(/* @vite-ignore */ document.querySelector<HTMLLinkElement>('link[data-app-entry]')!.href);
};

/** The first view is a guest's (a Login link, no account menu): a stored session boots the app at once. */
const guest = () => {
  try {
    return !localStorage.getItem(ACCESS_KEY) && !localStorage.getItem(REFRESH_KEY);
  } catch {
    return true;
  }
};

if (location.pathname === '/' && guest()) html.setAttribute('data-first-view', '');
else download();

document.addEventListener('DOMContentLoaded', () => {
  const poster = document.querySelector('#first-view img');
  if (
    poster &&
    html.hasAttribute('data-first-view') &&
    document.visibilityState === 'visible' &&
    PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')
  ) {
    new PerformanceObserver((list, observer) => {
      if (list.getEntries().some((e) => (e as PerformanceEntry & { element: Element | null }).element === poster)) {
        observer.disconnect();
        start();
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    poster.addEventListener('error', start);
    // Never keep the shop waiting on a slow or missing image.
    setTimeout(start, 2500);
  } else start();
});
