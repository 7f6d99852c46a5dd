import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    assetsInlineLimit: 2048,
    manifest: true,
    rolldownOptions: {
      output: {
        // The framework in one long-lived chunk: without it, code shared by lazy pages is
        // spread over chunks the entry must load, and the home page pays for all of them.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|@trpc|wouter|regexparam|use-sync-external-store)[\\/]/,
              priority: 10,
            },
            {
              // The shell every page starts with (wrapper, session, toasts, icons, cart rules) and the
              // small pieces the home page's cards share with other pages: one chunk instead of a
              // dozen tiny ones, each of which costs its own import glue and compresses worse alone.
              name: 'shell',
              test: /client[\\/]src[\\/](lib[\\/]api-fetch|components[\\/](icons|toast|page-title|shake-card)|features[\\/](auth[\\/](auth-context|session|token-manager|public-config)|cart[\\/](cart-store|use-subscription-plan)|subscriptions[\\/]api|reviews[\\/]card-rating|favorites[\\/]favorite-button|catalogue[\\/](favorite-slot|use-signature-shakes)))|shared[\\/]rules[\\/](money|cart-rules|free-unit)/,
              priority: 5,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/trpc': 'http://localhost:3000',
    },
  },
});
