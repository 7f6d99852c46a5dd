import { lazy, Suspense, useMemo, type ComponentType } from 'react';
import { Link, Route, Router, Switch, useLocation } from 'wouter';
import { ADMIN_ROUTES, ADMIN_SCREENS } from './screens';
import { NotFoundCard } from '../../components/not-found-card';
import { useAuth } from '../../features/auth/auth-context';
import { ArrowRightIcon, BrandMark } from '../../components/icons';
import './admin-app.css';

const LAZY = new Map<string, ComponentType>(ADMIN_SCREENS.map((s) => [s.path, lazy(s.load)]));
const rel = (path: string) => path.replace(/^\/admin/, '') || '/';

/** The admin area (/admin/*): a sidebar of the screens that exist and a nested router. */
export default function AdminAppPage() {
  const { user } = useAuth();
  // Sidebar order follows spec §2; only registered screens are listed.
  const nav = useMemo(
    () => ADMIN_ROUTES.map((r) => ADMIN_SCREENS.find((s) => s.path === r)).filter((s): s is (typeof ADMIN_SCREENS)[number] => !!s),
    [],
  );
  const Dashboard = LAZY.get('/admin/dashboard');

  return (
    <div className="admin-shell" data-page="admin">
      <Router base="/admin">
        <aside className="admin-shell__side" aria-label="Admin">
          <div className="admin-shell__brand">
            <BrandMark className="admin-shell__mark" aria-hidden="true" />
            <div>
              <p className="admin-shell__title">Admin</p>
              <p className="admin-shell__who text-xs text-subtle">{user?.email}</p>
            </div>
          </div>
          <nav className="admin-nav" aria-label="Admin screens">
            <ul className="list-reset">
              {nav.map((s) => (
                <li key={s.path}>
                  <NavLink href={rel(s.path)} label={s.label} />
                </li>
              ))}
            </ul>
          </nav>
          <Link href="~/" className="link-arrow admin-shell__back text-sm">
            Back to the shop <ArrowRightIcon />
          </Link>
        </aside>

        <div className="admin-shell__main">
          <Suspense fallback={<span className="skeleton" style={{ height: '16rem' }} aria-busy="true" />}>
            <Switch>
              {Dashboard ? <Route path="/" component={Dashboard} /> : null}
              {ADMIN_SCREENS.map((s) => (
                <Route key={s.path} path={rel(s.path)} component={LAZY.get(s.path)!} />
              ))}
              <Route>
                <NotFoundCard message="This part of the admin area is not ready yet, or the address has a typo." />
              </Route>
            </Switch>
          </Suspense>
        </div>
      </Router>
    </div>
  );
}

function NavLink({ href, label }: { href: string; label: string }) {
  const [location] = useLocation();
  const active = location === href || (href === '/dashboard' && location === '/');
  return (
    <Link href={href} className="admin-nav__link" aria-current={active ? 'page' : undefined}>
      {label}
    </Link>
  );
}
