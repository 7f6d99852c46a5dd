import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { PageLoader } from '../../components/page-loader';
import { useAuth } from './auth-context';

/** Where to come back after signing in: kept in session storage so a reload on /auth keeps it. */
export const RETURN_TO_KEY = 'auth_return_to';

function currentPath() {
  return location.pathname + location.search;
}

/** Remember where a guest was going (never an auth page itself: the effect can run again mid-redirect); the header's Login keeps the page it was pressed on. */
export function rememberReturn() {
  rememberReturnTo(currentPath());
}

/** Where sign-in should bring the guest back to (also used by /payment before Google sign-in leaves the page). */
export function rememberReturnTo(path: string) {
  if (!isAuthPath(path)) sessionStorage.setItem(RETURN_TO_KEY, path);
}

function isAuthPath(p: string) {
  return /^\/(auth|reset-password|reset-callback|admin\/login)(\/|\?|$)/.test(p);
}

/** While the stored session cannot be checked (decision 147): neither a redirect nor an endless spinner. */
function OfflineNotice() {
  return (
    <div className="container page" data-testid="offline-notice">
      <div className="alert alert--warning" role="status">
        <p>We can&rsquo;t reach the shop right now. You are still signed in; this page comes back as soon as we reconnect.</p>
      </div>
    </div>
  );
}

/** Guests go to /auth and come back here after signing in (spec §2). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, offline } = useAuth();
  const [, navigate] = useLocation();
  useEffect(() => {
    if (status === 'unauthenticated') {
      rememberReturn();
      navigate('/auth', { replace: true });
    }
  }, [status, navigate]);
  if (status === 'loading' && offline) return <OfflineNotice />;
  if (status !== 'authenticated') return <PageLoader />;
  return <>{children}</>;
}

/** Guests → /auth (and back afterwards); signed-in non-admins → / (spec §2). The server decides again. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { status, isAdmin, offline } = useAuth();
  const [, navigate] = useLocation();
  useEffect(() => {
    if (status === 'unauthenticated') {
      rememberReturn();
      navigate('/auth', { replace: true });
    } else if (status === 'authenticated' && !isAdmin) {
      navigate('/', { replace: true });
    }
  }, [status, isAdmin, navigate]);
  if (status === 'loading' && offline) return <OfflineNotice />;
  if (status !== 'authenticated' || !isAdmin) return <PageLoader />;
  return <>{children}</>;
}

/** After a successful sign-in: the page the guard sent us away from, else the given default. */
export function takeReturnTo(fallback = '/'): string {
  const to = sessionStorage.getItem(RETURN_TO_KEY);
  sessionStorage.removeItem(RETURN_TO_KEY);
  // Only same-site paths: never an absolute URL smuggled into storage.
  return to && to.startsWith('/') && !to.startsWith('//') && !isAuthPath(to) ? to : fallback;
}
