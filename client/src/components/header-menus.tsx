import { Link, useLocation } from 'wouter';
import { useAuth } from '../features/auth/auth-context';
import { rememberReturn } from '../features/auth/guards';
import { trpc } from '../lib/trpc';
import { DashboardIcon, LogInIcon, LogOutIcon, MailIcon, PackageIcon, RepeatIcon, TruckIcon, UserIcon } from './icons';

/**
 * The panels behind the header's menu buttons, in their own chunk: nobody needs them before
 * the first tap, and the home page has a JavaScript budget (QUALITY.md). Deliberately imports
 * nothing from header.tsx, so the header stays in the entry chunk.
 */
const isActive = (location: string, href: string) => (href === '/' ? location === '/' : location === href || location.startsWith(`${href}/`));
const firstName = (user: { email: string; user_metadata?: { name?: string } }) => user.user_metadata?.name?.trim().split(/\s+/)[0] || user.email.split('@')[0]!;

function useSignOut() {
  const { signOut } = useAuth();
  const [, navigate] = useLocation();
  return async () => {
    try {
      await signOut();
    } finally {
      navigate('/');
    }
  };
}

/** The account's pages in both menus; the phone's menu names them at length (spec §2). */
const ACCOUNT_LINKS = [
  { href: '/profile', Icon: UserIcon, label: 'Profile', long: 'My Profile' },
  { href: '/profile?tab=subscriptions', Icon: RepeatIcon, label: 'Subscriptions', long: 'My Subscriptions' },
  { href: '/profile?tab=orders', Icon: PackageIcon, label: 'Orders', long: 'Order History' },
  { href: '/deliveries', Icon: TruckIcon, label: 'Deliveries', long: 'My Deliveries' },
  { href: '/profile?tab=messages', Icon: MailIcon, label: 'Messages', long: 'My Messages' },
] as const;

/**
 * The header's messages badge (PRODUCT.md §20): the envelope to /profile?tab=messages with the unread
 * count. Here, in the menus' chunk the header loads once someone is signed in, so the home page's
 * first JavaScript does not grow; the count is asked again every minute and when the tab comes back.
 */
export function MessagesBadge() {
  const q = trpc.notifications.unread.useQuery(undefined, { refetchInterval: 60_000, retry: false });
  const n = q.data?.unread ?? 0;
  return (
    <Link
      href="/profile?tab=messages"
      className="header-icon messages-link"
      aria-label={n ? `Messages, ${n} unread` : 'Messages'}
      data-testid="messages-badge"
    >
      <MailIcon />
      {n ? (
        <span className="cart-badge" aria-hidden="true">
          {n > 99 ? '99+' : n}
        </span>
      ) : null}
    </Link>
  );
}

function AccountLinks({ onClose, long }: { onClose: () => void; long?: boolean }) {
  const { isAdmin } = useAuth();
  return (
    <>
      {ACCOUNT_LINKS.map((l) => (
        <li key={l.href}>
          <Link href={l.href} className="menu-item" onClick={onClose}>
            <l.Icon /> {long ? l.long : l.label}
          </Link>
        </li>
      ))}
      {isAdmin ? (
        <li>
          <Link href={long ? '/admin/dashboard' : '/admin'} className="menu-item" onClick={onClose}>
            <DashboardIcon /> {long ? 'Admin Dashboard' : 'Admin'}
          </Link>
        </li>
      ) : null}
    </>
  );
}

/** Both menus end with it: close the menu, then sign out. */
function LogoutItem({ onClose }: { onClose: () => void }) {
  const signOut = useSignOut();
  return (
    <button
      type="button"
      className="menu-item"
      onClick={() => {
        onClose();
        void signOut();
      }}
    >
      <LogOutIcon /> Logout
    </button>
  );
}

/** Desktop "My Account" panel (spec §2: Profile, Subscriptions, Orders, Admin, Logout). */
export function UserMenuPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <div className="user-menu__panel" id={id}>
      <div className="user-menu__who">
        <p>{user.user_metadata?.name || firstName(user)}</p>
        <small>{user.email}</small>
      </div>
      <ul role="list" className="list-reset">
        <AccountLinks onClose={onClose} />
      </ul>
      <div className="menu-separator" role="presentation" />
      <LogoutItem onClose={onClose} />
    </div>
  );
}

/** Spec §2 mobile menu: Login / Register, a greeting, My Profile, My Subscriptions, Order History, Admin Dashboard, Logout. */
export function MobileMenu({ onClose, id, items }: { onClose: () => void; id: string; items: readonly { href: string; label: string }[] }) {
  const { user } = useAuth();
  const [location] = useLocation();
  return (
    <nav className="mobile-menu" id={id} aria-label="Mobile menu">
      {user ? (
        <p className="mobile-menu__greeting">
          <span className="avatar" aria-hidden="true">
            {firstName(user).slice(0, 1)}
          </span>
          Hi, {firstName(user)}
        </p>
      ) : (
        <div className="mobile-menu__auth">
          <Link
            href="/auth"
            className="btn btn--primary btn--block"
            onClick={() => {
              rememberReturn();
              onClose();
            }}
          >
            <LogInIcon />
            Login / Register
          </Link>
        </div>
      )}
      <div className="mobile-menu__group">
        <p className="mobile-menu__heading">Shop</p>
        <ul role="list" className="list-reset">
          {items.map((item) => (
            <li key={item.href}>
              <Link
                href={item.href}
                className="menu-item"
                aria-current={isActive(location, item.href) ? 'page' : undefined}
                onClick={onClose}
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
      {user ? (
        <div className="mobile-menu__group">
          <p className="mobile-menu__heading">Your account</p>
          <ul role="list" className="list-reset">
            <AccountLinks onClose={onClose} long />
            <li>
              <LogoutItem onClose={onClose} />
            </li>
          </ul>
        </div>
      ) : null}
    </nav>
  );
}

