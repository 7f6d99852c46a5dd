import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { Link, Redirect, Route, Router, Switch, useLocation } from 'wouter';
import { ADMIN_ROUTES, ADMIN_ROUTE_LABELS, ADMIN_SCREENS, ADMIN_SUB_SCREENS, screensFor } from './screens';
import { can } from '../../../../shared/rules/staff';
import { NotFoundCard } from '../../components/not-found-card';
import { useAuth } from '../../features/auth/auth-context';
import { ArrowRightIcon, BrandMark, CloseIcon, MenuIcon } from '../../components/icons';
import './admin-app.css';

const LAZY = new Map<string, ComponentType>([...ADMIN_SCREENS, ...ADMIN_SUB_SCREENS].map((s) => [s.path, lazy(s.load)]));
const rel = (path: string) => path.replace(/^\/admin/, '') || '/';
const PHONE_QUERY = '(max-width: 59.99rem)';

/**
 * The admin area (/admin/*): its own compact shell — a sidebar of the screens the signed-in staff
 * member's role may use, who they are and a way back to the shop — and a nested router. Any other
 * admin address sends them to their first screen (a rider, who has none here, to /rider). On a phone
 * the sidebar is a drawer (focus kept inside, Escape closes, focus returns to the menu button).
 */
export default function AdminAppPage() {
  const { user } = useAuth();
  const mine = screensFor(user?.role);
  const first = mine[0];
  const Dashboard = mine.some((s) => s.path === '/admin/dashboard') ? LAZY.get('/admin/dashboard') : undefined;
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const main = useRef<HTMLElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    menuButton.current?.focus();
  }, []);
  // Stable, so RouteFocus's effect runs on a new location only, not on every render of the shell.
  const closeDrawer = useCallback(() => setOpen(false), []);
  if (!first && user?.role === 'rider') return <Redirect to="~/rider" replace />;

  return (
    <div className="admin-shell" data-page="admin">
      <Router base="/admin">
        <RouteFocus main={main} onNavigate={closeDrawer} />
        <header className="admin-topbar">
          <button
            ref={menuButton}
            type="button"
            className="admin-topbar__menu"
            aria-expanded={open}
            aria-controls="admin-sidebar"
            onClick={() => setOpen(true)}
          >
            <MenuIcon aria-hidden="true" />
            <span>Menu</span>
          </button>
          <Link href="/dashboard" className="admin-topbar__brand">
            <BrandMark className="admin-shell__mark" aria-hidden="true" />
            <span>Hydro Shakes admin</span>
          </Link>
        </header>
        <Sidebar open={open} onClose={close} />
        {open ? <div className="admin-scrim" aria-hidden="true" onClick={close} /> : null}

        <main id="main" className="admin-shell__main" tabIndex={-1} ref={main}>
          <Suspense fallback={<span className="skeleton" style={{ height: '16rem' }} aria-busy="true" />}>
            <Switch>
              {Dashboard ? <Route path="/" component={Dashboard} /> : null}
              {ADMIN_SUB_SCREENS.map((s) => (can(user?.role, s.permission) ? <Route key={s.path} path={rel(s.path)} component={LAZY.get(s.path)!} /> : null))}
              {ADMIN_SCREENS.map((s) =>
                mine.includes(s) ? (
                  <Route key={s.path} path={rel(s.path)} component={LAZY.get(s.path)!} />
                ) : first ? (
                  <Route key={s.path} path={rel(s.path)}>
                    <Redirect to={rel(first.path)} replace />
                  </Route>
                ) : null,
              )}
              {first ? (
                <Route path="/">
                  <Redirect to={rel(first.path)} replace />
                </Route>
              ) : null}
              <Route>
                <NotFoundCard
                  message={
                    first
                      ? 'This part of the admin area is not built in this version of the shop, or the address has a typo.'
                      : 'Your role has no screens in the back office. Ask the shop’s owner if you need one.'
                  }
                />
              </Route>
            </Switch>
          </Suspense>
        </main>
      </Router>
    </div>
  );
}

/** A new admin screen: close the drawer, start at the top, and move focus to the content. */
function RouteFocus({ main, onNavigate }: { main: React.RefObject<HTMLElement | null>; onNavigate(): void }) {
  const [location] = useLocation();
  const first = useRef(true);
  useEffect(() => {
    onNavigate();
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
    main.current?.focus({ preventScroll: true });
  }, [location, main, onNavigate]);
  return null;
}

function Sidebar({ open, onClose }: { open: boolean; onClose(): void }) {
  const { user } = useAuth();
  const mine = screensFor(user?.role);
  // The owner also sees the spec's admin routes this version has not built (greyed); staff only theirs.
  const isOwner = user?.role === 'admin';
  const panel = useRef<HTMLElement>(null);
  const [phone, setPhone] = useState(() => typeof window !== 'undefined' && window.matchMedia(PHONE_QUERY).matches);
  useEffect(() => {
    const mq = window.matchMedia(PHONE_QUERY);
    const on = () => setPhone(mq.matches);
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, []);
  const drawer = phone && open;

  // The drawer is modal: focus moves in, stays in (Tab wraps), Escape closes.
  useEffect(() => {
    if (!drawer) return;
    const el = panel.current!;
    const focusables = () => [...el.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')];
    focusables()[0]?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        onClose();
        return;
      }
      if (e.key !== 'Tab') return;
      const f = focusables();
      if (!f.length) return;
      const [firstEl, lastEl] = [f[0]!, f[f.length - 1]!];
      if (e.shiftKey && (document.activeElement === firstEl || !el.contains(document.activeElement))) {
        e.preventDefault();
        lastEl.focus();
      } else if (!e.shiftKey && (document.activeElement === lastEl || !el.contains(document.activeElement))) {
        e.preventDefault();
        firstEl.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, [drawer, onClose]);

  const name = user?.user_metadata?.name?.trim() || user?.email?.split('@')[0] || 'Admin';
  return (
    <aside
      ref={panel}
      id="admin-sidebar"
      className={`admin-side${open ? ' is-open' : ''}`}
      aria-label="Admin"
      {...(phone ? { role: 'dialog', 'aria-modal': open ? true : undefined, 'aria-hidden': open ? undefined : true, inert: !open } : {})}
    >
      <div className="admin-side__head">
        <Link href="/dashboard" className="admin-side__brand">
          <BrandMark className="admin-shell__mark" aria-hidden="true" />
          <span>
            <span className="admin-side__title">Hydro Shakes</span>
            <span className="admin-side__sub">Back office</span>
          </span>
        </Link>
        <button type="button" className="admin-side__close" aria-label="Close the menu" onClick={onClose}>
          <CloseIcon aria-hidden="true" />
        </button>
      </div>
      <nav className="admin-nav" aria-label="Admin screens">
        <ul className="list-reset">
          {ADMIN_ROUTES.filter((r) => r !== '/admin' && (isOwner || mine.some((s) => s.path === r))).map((r) => {
            const screen = mine.find((s) => s.path === r);
            const label = screen?.label ?? ADMIN_ROUTE_LABELS[r];
            return (
              <li key={r}>
                {screen ? (
                  <NavLink href={rel(r)} label={label} />
                ) : (
                  <span className="admin-nav__link admin-nav__link--unbuilt" title="Built in its own issue; not part of this version">
                    {label}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="admin-side__foot">
        <p className="admin-side__who">
          <span className="admin-side__avatar" aria-hidden="true">
            {name.slice(0, 1).toUpperCase()}
          </span>
          <span className="admin-side__who-text">
            <span className="admin-side__name">{name}</span>
            <span className="admin-side__email">{user?.email}</span>
          </span>
        </p>
        <Link href="~/" className="link-arrow admin-side__back text-sm">
          Back to the shop <ArrowRightIcon />
        </Link>
      </div>
    </aside>
  );
}

function NavLink({ href, label }: { href: string; label: string }) {
  const [location] = useLocation();
  const active = location === href || location.startsWith(`${href}/`) || (href === '/dashboard' && location === '/');
  return (
    <Link href={href} className="admin-nav__link" aria-current={active ? 'page' : undefined}>
      {label}
    </Link>
  );
}
