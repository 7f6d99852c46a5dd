import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { completeGoogleSignIn, useAuth } from '../features/auth/auth-context';
import { takeReturnTo } from '../features/auth/guards';
import { FormAlert } from '../features/auth/forms';
import { usePageTitle } from '../components/page-title';
import { LinkButton } from '../components/button';
import '../features/auth/auth.css';

/** /auth/callback and /auth/v1/callback: back from Google; trade the Supabase session for the shop's. */
export default function AuthCallbackPage() {
  usePageTitle('Signing you in');
  const { acceptSession } = useAuth();
  const [, navigate] = useLocation();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    completeGoogleSignIn(acceptSession)
      .then(() => navigate(takeReturnTo('/'), { replace: true }))
      .catch((e: Error) => setError(e.message || 'Sign in failed'));
  }, [acceptSession, navigate]);

  return (
    <div className="auth-single" data-page="auth-callback">
      <section className="auth-card auth-card--narrow card card--lg" aria-live="polite">
        {error ? (
          <div className="stack">
            <h1 className="h2">Sign in failed</h1>
            <FormAlert kind="danger">{error}</FormAlert>
            <LinkButton href="/auth">Back to sign in</LinkButton>
          </div>
        ) : (
          <div className="stack">
            <h1 className="h2">Signing you in…</h1>
            <p className="text-muted">One moment while we confirm your Google account.</p>
            <span className="skeleton skeleton--text" />
          </div>
        )}
      </section>
    </div>
  );
}
