import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useAuth } from '../features/auth/auth-context';
import { useCart } from '../features/cart/cart-store';
import { BagIcon, BrandMark, ChevronDownIcon, CloseIcon, MenuIcon } from './icons';
import { ErrorBoundary } from './error-screens';

const loadMenus = () => import('./header-menus');
const UserMenuPanel = lazy(() => loadMenus().then((m) => ({ default: m.UserMenuPanel })));
const MobileMenu = lazy(() => loadMenus().then((m) => ({ default: m.MobileMenu })));
const MessagesBadge = lazy(() => loadMenus().then((m) => ({ default: m.MessagesBadge })));
/** Warm the menus chunk as soon as a shopper reaches for a menu button, so the tap feels instant. */
const warmMenus = () => void loadMenus().catch(() => {});

/** Spec §2 Shell: Home, Signature Shakes, Build Your Own, Subscriptions, About Us (+ Admin for admins). */
export const NAV_ITEMS = [
  { href: '/', label: 'Home' },
  { href: '/signature-shakes', label: 'Signature Shakes' },
  { href: '/custom-shake', label: 'Build Your Own' },
  { href: '/subscriptions', label: 'Subscriptions' },
  { href: '/about', label: 'About Us' },
] as const;
export const ADMIN_ITEM = { href: '/admin', label: 'Admin' } as const;

/**
 * The header's Login comes back to this page after signing in: guards.tsx's RETURN_TO_KEY, written here
 * without importing guards (that would split the page loader out of the first view's chunks).
 */
const returnHere = () => sessionStorage.setItem('auth_return_to', location.pathname + location.search);

export function isActive(location: string, href: string): boolean {
  if (href === '/') return location === '/';
  return location === href || location.startsWith(`${href}/`);
}

export function displayName(user: { email: string; user_metadata?: { name?: string } } | null): string {
  const name = user?.user_metadata?.name?.trim();
  if (name) return name.split(/\s+/)[0]!;
  return user?.email.split('@')[0] ?? '';
}

export function Brand() {
  return (
    <Link href="/" className="brand">
      <BrandMark className="brand__mark" />
      <span className="brand__name">
        Hydro <span>Shakes</span>
      </span>
    </Link>
  );
}

function CartLink() {
  const { itemCount } = useCart();
  const label = itemCount === 0 ? 'Cart, empty' : `Cart, ${itemCount} ${itemCount === 1 ? 'item' : 'items'}`;
  return (
    <Link href="/cart" className="header-icon" aria-label={label} data-testid="cart-link">
      <BagIcon />
      {itemCount > 0 ? (
        <span className="cart-badge" data-testid="cart-count" aria-hidden="true">
          {itemCount > 99 ? '99+' : itemCount}
        </span>
      ) : null}
    </Link>
  );
}

/** Desktop "My Account" disclosure: the button lives here, the panel in the lazy menus chunk. */
function UserMenu() {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const [location] = useLocation();

  useEffect(() => setOpen(false), [location]);
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        trigger.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!user) return null;
  return (
    <div className="user-menu" ref={root}>
      <button
        ref={trigger}
        type="button"
        className="user-menu__trigger"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onPointerEnter={warmMenus}
        onFocus={warmMenus}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="avatar" aria-hidden="true">
          {displayName(user).slice(0, 1)}
        </span>
        My Account
        <ChevronDownIcon />
      </button>
      {open ? (
        // Offline and the chunk failed: the menu stays shut instead of taking the page down.
        <ErrorBoundary fallback={() => null}>
          <Suspense fallback={null}>
            <UserMenuPanel id={panelId} onClose={() => setOpen(false)} />
          </Suspense>
        </ErrorBoundary>
      ) : null}
    </div>
  );
}

/**
 * Keeps Tab inside the open mobile menu (its toggle, which closes it, then its items): the page
 * behind it is covered, so focus must not wander there.
 */
function trapFocus(e: KeyboardEvent, toggle: HTMLElement | null, menu: HTMLElement | null) {
  if (!toggle || !menu) return;
  // The menu holds links and buttons only (header-menus.tsx).
  const items = [toggle, ...menu.querySelectorAll<HTMLElement>('a[href], button')];
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const active = document.activeElement as HTMLElement | null;
  const inside = !!active && items.includes(active);
  if (!inside || (e.shiftKey && active === first) || (!e.shiftKey && active === last)) {
    e.preventDefault();
    (e.shiftKey ? last : first).focus();
  }
}

export function SiteHeader() {
  const { user, status, offline, isAdmin } = useAuth();
  const [location] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => setMenuOpen(false), [location]);
  useEffect(() => {
    if (!menuOpen) return;
    document.body.classList.add('menu-open');
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setMenuOpen(false);
        toggle.current?.focus();
      }
      if (e.key === 'Tab') trapFocus(e, toggle.current, document.getElementById(menuId));
    };
    // Growing past the mobile breakpoint hides the panel: release the scroll lock too.
    const mq = window.matchMedia('(min-width: 1100px)');
    const onWide = () => mq.matches && setMenuOpen(false);
    document.addEventListener('keydown', onKey);
    mq.addEventListener('change', onWide);
    return () => {
      document.body.classList.remove('menu-open');
      document.removeEventListener('keydown', onKey);
      mq.removeEventListener('change', onWide);
    };
  }, [menuOpen, menuId]);

  const items = isAdmin ? [...NAV_ITEMS, ADMIN_ITEM] : NAV_ITEMS;
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Brand />
        <nav className="site-nav" aria-label="Main">
          <ul role="list" className="site-nav__list list-reset">
            {items.map((item) => (
              <li key={item.href}>
                <Link href={item.href} className="nav-link" aria-current={isActive(location, item.href) ? 'page' : undefined}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="site-header__actions">
          {status === 'loading' && offline ? (
            <span className="badge site-header__offline" role="status">
              Offline
            </span>
          ) : status === 'loading' ? (
            <span className="site-header__account-slot" aria-hidden="true" />
          ) : user ? (
            <>
              <UserMenu />
              <ErrorBoundary fallback={() => null}>
                <Suspense fallback={null}>
                  <MessagesBadge />
                </Suspense>
              </ErrorBoundary>
            </>
          ) : (
            <Link href="/auth" className="btn btn--secondary btn--sm site-header__login" onClick={returnHere}>
              Login
            </Link>
          )}
          <CartLink />
          <button
            ref={toggle}
            type="button"
            className="header-icon menu-toggle"
            aria-expanded={menuOpen}
            aria-controls={menuOpen ? menuId : undefined}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onPointerEnter={warmMenus}
            onTouchStart={warmMenus}
            onFocus={warmMenus}
            onClick={() => setMenuOpen((o) => !o)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>
      {menuOpen ? (
        <ErrorBoundary fallback={() => null}>
          <Suspense fallback={null}>
            <MobileMenu id={menuId} items={items} onClose={() => setMenuOpen(false)} />
          </Suspense>
        </ErrorBoundary>
      ) : null}
    </header>
  );
}
