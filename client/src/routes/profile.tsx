import { Component, lazy, Suspense, useMemo, type ComponentType, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useAuth } from '../features/auth/auth-context';
import { PROFILE_TABS } from '../features/auth/profile-tabs';
import { usePageTitle } from '../components/page-title';
import { Button, LinkButton } from '../components/button';
import { AlertIcon, DashboardIcon, LogOutIcon, RefreshIcon } from '../components/icons';
import '../features/auth/auth.css';
import { ActiveOrderBanner } from '../features/orders/active-order-banner';
import { formatIndianMobile } from '../../../shared/rules/india';

const LAZY = new Map<string, ComponentType>(PROFILE_TABS.map((t) => [t.key, lazy(t.load)]));

/** /profile and /profile/*: tabs chosen by ?tab= (only the tabs that exist are shown). */
export default function ProfilePage() {
  const { user, isAdmin, signOut } = useAuth();
  const search = useSearch();
  const [, navigate] = useLocation();
  const wanted = new URLSearchParams(search).get('tab');
  const tab = PROFILE_TABS.find((t) => t.key === wanted) ?? PROFILE_TABS[0];
  const Tab = LAZY.get(tab.key)!;
  usePageTitle(tab.key === 'profile' ? 'My profile' : tab.label);
  const name = user?.user_metadata.name || user?.email || '';
  const initials = useMemo(
    () =>
      name
        .split(/\s+/)
        .filter(Boolean)
        .slice(0, 2)
        .map((w) => w[0]!.toUpperCase())
        .join('') || '·',
    [name],
  );

  return (
    <div className="container page profile-page" data-page="profile">
      <header className="profile-page__header">
        <div className="profile-page__who">
          <span className="profile-avatar" aria-hidden="true">
            {initials}
          </span>
          <div>
            <p className="eyebrow">My account</p>
            <h1>Hello, {name.split(/\s+/)[0] || 'there'}</h1>
            {/* An account started from a mobile number may have no e-mail yet. */}
            <p className="text-sm text-muted">{user?.email || (user?.user_metadata.mobile ? formatIndianMobile(user.user_metadata.mobile) : '')}</p>
          </div>
        </div>
        <div className="profile-page__actions">
          {isAdmin ? (
            <LinkButton href="/admin" variant="soft">
              <DashboardIcon /> Admin
            </LinkButton>
          ) : null}
          <Button
            variant="ghost"
            onClick={async () => {
              await signOut();
              navigate('/');
            }}
          >
            <LogOutIcon /> Sign out
          </Button>
        </div>
      </header>

      <ActiveOrderBanner />

      {PROFILE_TABS.length > 1 ? (
        <nav className="tabs" aria-label="My account">
          {PROFILE_TABS.map((t, i) => (
            <Link key={t.key} href={i === 0 ? '/profile' : `/profile?tab=${t.key}`} className="tab" aria-current={t.key === tab.key ? 'page' : undefined}>
              {t.label}
            </Link>
          ))}
        </nav>
      ) : null}

      <ProfileErrorBoundary key={tab.key}>
        <Suspense fallback={<span className="skeleton" style={{ height: '20rem' }} aria-busy="true" />}>
          <Tab />
        </Suspense>
      </ProfileErrorBoundary>
    </div>
  );
}

/** Spec §2: the profile page has its own error boundary; the header and tabs stay usable. */
class ProfileErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  componentDidCatch(error: Error) {
    console.error('[profile] render error', error);
  }
  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="card card--padded stack" role="alert" data-testid="profile-error">
        <div className="cluster">
          <AlertIcon aria-hidden="true" />
          <h2 className="h4">We could not show this part of your account</h2>
        </div>
        <p className="text-muted">Your orders and details are safe. Try again, or come back in a moment.</p>
        <div className="cluster">
          <Button onClick={() => this.setState({ error: null })}>
            <RefreshIcon /> Try again
          </Button>
        </div>
      </div>
    );
  }
}
