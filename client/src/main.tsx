import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './providers';
import { App, pages } from './app';
import { AppErrorBoundary } from './components/error-screens';
import { installGlobalErrorHandlers } from './components/global-errors';
import { schedulePrefetch } from './components/prefetch';
import './styles/global.css';

installGlobalErrorHandlers();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppErrorBoundary>
      <Providers>
        <App />
      </Providers>
    </AppErrorBoundary>
  </StrictMode>,
);

// Spec §9: later pages at 0.8 s, 2.3 s and 3.8 s after the first load.
schedulePrefetch([
  [pages.signatureShakes, pages.customShake],
  [pages.cart, pages.auth],
  [pages.subscriptions, pages.about],
]);
