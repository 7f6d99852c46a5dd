import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useAuth, type AuthAnswerLike } from '../features/auth/auth-context';
import { AuthCardHeader, ResetLinkRequestForm, SetPasswordForm } from '../features/auth/forms';
import { messageOf } from '../lib/errors';
import { ApiError, apiFetch } from '../lib/api-fetch';
import { usePageTitle } from '../components/page-title';
import { firstScreenOf } from '../../../shared/rules/staff';
import '../features/auth/auth.css';

/** The token from the e-mailed link: ?token=… (or #token=… when a mail client moves it). */
function readToken(): string | null {
  const q = new URLSearchParams(window.location.search).get('token');
  if (q) return q;
  return new URLSearchParams(window.location.hash.slice(1)).get('token');
}

/** /reset-password, /reset-callback, /auth/reset-callback: set a new password from the e-mailed link. */
export default function ResetPasswordPage() {
  usePageTitle('Set a new password');
  const [token] = useState(readToken);
  return (
    <div className="auth-single" data-page="reset-password">
      <section className="auth-card auth-card--narrow card card--lg" aria-labelledby="reset-title">
        {token ? <NewPasswordForm token={token} /> : <RequestLinkForm />}
      </section>
    </div>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const { acceptSession } = useAuth();
  const [, navigate] = useLocation();
  const [expired, setExpired] = useState<string | null>(null);
  const fallback = 'Your password could not be changed. Please try again.';

  if (expired)
    return (
      <div className="stack">
        <AuthCardHeader id="reset-title" title="This link has expired">
          {expired}
        </AuthCardHeader>
        <RequestLinkForm compact />
      </div>
    );

  return (
    <div className="stack stack--lg">
      <AuthCardHeader id="reset-title" title="Set a new password">
        Choose a password you have not used here before. Every device signed in to your account will be signed out.
      </AuthCardHeader>
      <SetPasswordForm
        label="Set a new password"
        submitLabel="Save and sign in"
        fallback={fallback}
        save={async (password) => {
          const body = await apiFetch<AuthAnswerLike>('/api/auth/reset-password/complete', { method: 'POST', json: { token, password } });
          // The link is spent: keep it out of history, then continue signed in.
          window.history.replaceState(null, '', '/reset-password');
          acceptSession(body);
          // A customer to the profile; staff (an invitation sent before /join) to their role's first screen.
          navigate(body.user.role === 'customer' ? '/profile' : firstScreenOf(body.user.role), { replace: true });
        }}
        onRefused={(err) => {
          if (err instanceof ApiError && err.code === 'RESET_TOKEN_INVALID') setExpired(messageOf(err, fallback));
        }}
      />
    </div>
  );
}

function RequestLinkForm({ compact }: { compact?: boolean }) {
  return (
    <div className="stack stack--lg">
      {compact ? null : (
        <AuthCardHeader id="reset-title" title="Reset your password">
          Enter the e-mail of your account and we will send you a link to set a new password.
        </AuthCardHeader>
      )}
      <ResetLinkRequestForm submitLabel="Send a new link" />
      <Link href="/auth" className="link">
        Back to sign in
      </Link>
    </div>
  );
}
