import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useAuth } from '../../features/auth/auth-context';
import { LoginForm } from '../auth';
import { FormAlert } from '../../features/auth/forms';
import { usePageTitle } from '../../components/page-title';
import { LinkButton } from '../../components/button';
import '../../features/auth/auth.css';

/** /admin/login: the same sign-in, straight into the admin area; customers are told, not let in. */
export default function AdminLoginPage() {
  usePageTitle('Administrator sign in');
  const { status, isAdmin } = useAuth();
  const [, navigate] = useLocation();
  useEffect(() => {
    if (status === 'authenticated' && isAdmin) navigate('/admin', { replace: true });
  }, [status, isAdmin, navigate]);

  return (
    <div className="auth-single" data-page="admin/login">
      <section className="auth-card auth-card--narrow card card--lg" aria-labelledby="admin-login-title">
        <header className="auth-card__header">
          <p className="eyebrow">Hydro Shakes</p>
          <h1 id="admin-login-title" className="h2">
            Administrator sign in
          </h1>
        </header>
        {status === 'authenticated' && !isAdmin ? (
          <div className="stack">
            <FormAlert kind="danger">This account is not an administrator.</FormAlert>
            <LinkButton href="/" variant="secondary">
              Back to the shop
            </LinkButton>
          </div>
        ) : (
          <LoginForm submitLabel="Sign in to admin" />
        )}
      </section>
    </div>
  );
}
