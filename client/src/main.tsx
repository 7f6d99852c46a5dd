import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './providers';
import { App, pages, preloadPage } from './app';
import { AppErrorBoundary } from './components/error-screens';
import { installGlobalErrorHandlers } from './components/global-errors';
import { schedulePrefetch } from './components/prefetch';

// Started by first-view/start.ts (a classic script in <head>), at once or after the hero has painted.
installGlobalErrorHandlers();

const root = document.getElementById('root')!;

function render() {
  // On a built page #root holds the prerendered first view (header + hero). createRoot clears its
  // container in the first commit, so React replaces it rather than adding a second header next to it.
  createRoot(root).render(
    <StrictMode>
      <AppErrorBoundary>
        <Providers>
          <App />
        </Providers>
      </AppErrorBoundary>
    </StrictMode>,
  );
}

// Showing the first view ("/", a guest): load the home chunk before the first render, so the commit
// that replaces the prerendered hero is the home page itself, never the page loader (no blank frame,
// nothing moves). If the chunk fails, render anyway: the lazy route shows its own loading error.
if (root.querySelector('#first-view') && document.documentElement.hasAttribute('data-first-view'))
  void preloadPage('home').then(render, render);
else render();

// Spec §9: later pages at 0.8 s, 2.3 s and 3.8 s after the first load.
schedulePrefetch([
  [pages.signatureShakes, pages.customShake],
  [pages.cart, pages.auth],
  [pages.subscriptions, pages.about],
]);

// The installable shop's service worker (decision 285), after the page's load: its code is a lazy chunk.
const worker = () => void import('./lib/service-worker').then((m) => m.startShopWorker());
if (document.readyState === 'complete') worker();
else addEventListener('load', worker);
