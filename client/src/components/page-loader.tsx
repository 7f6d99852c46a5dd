import { useEffect } from 'react';
import { BrandMark } from './icons';

/**
 * Startup tracking for the error boundary: the app has "started" once the first page
 * has replaced its loader. An error before that is a startup failure (Loading Error),
 * after it a runtime failure (Something went wrong).
 */
let mountedLoaders = 0;
let started = false;
export const hasStarted = (): boolean => started;
/** A page rendered without ever showing the loader (its chunk was loaded before the first render). */
export const notePageRendered = (): void => {
  if (mountedLoaders === 0) started = true;
};

/** Suspense fallback while a page chunk loads. Reserves the page's height so the footer does not jump. */
export function PageLoader() {
  useEffect(() => {
    mountedLoaders++;
    return () => {
      mountedLoaders--;
      // StrictMode remounts at once in development: only a loader that stays gone means a page rendered.
      setTimeout(() => {
        if (mountedLoaders === 0) started = true;
      }, 0);
    };
  }, []);
  return (
    <div className="page-loader" role="status" aria-busy="true" aria-live="polite">
      <BrandMark className="page-loader__mark" />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}
