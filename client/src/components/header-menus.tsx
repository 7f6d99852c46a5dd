import { Link, useLocation } from 'wouter';
import { useAuth } from '../features/auth/auth-context';
import { DashboardIcon, LogInIcon, LogOutIcon, PackageIcon, RepeatIcon, TruckIcon, UserIcon } from './icons';

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

/** Desktop "My Account" panel (spec §2: Profile, Subscriptions, Orders, Admin, Logout). */
export function UserMenuPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const { user, isAdmin } = useAuth();
  const signOut = useSignOut();
  if (!user) return null;
  return (
    <div className="user-menu__panel" id={id}>
      <div className="user-menu__who">
        <p>{user.user_metadata?.name || firstName(user)}</p>
        <small>{user.email}</small>
      </div>
      <ul role="list" className="list-reset">
        <li>
          <Link href="/profile" className="menu-item" onClick={onClose}>
            <UserIcon /> Profile
          </Link>
        </li>
        <li>
          <Link href="/profile?tab=subscriptions" className="menu-item" onClick={onClose}>
            <RepeatIcon /> Subscriptions
          </Link>
        </li>
        <li>
          <Link href="/profile?tab=orders" className="menu-item" onClick={onClose}>
            <PackageIcon /> Orders
          </Link>
        </li>
        <li>
          <Link href="/deliveries" className="menu-item" onClick={onClose}>
            <TruckIcon /> Deliveries
          </Link>
        </li>
        {isAdmin ? (
          <li>
            <Link href="/admin" className="menu-item" onClick={onClose}>
              <DashboardIcon /> Admin
            </Link>
          </li>
        ) : null}
      </ul>
      <div className="menu-separator" role="presentation" />
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
    </div>
  );
}

/** Spec §2 mobile menu: Login / Register, a greeting, My Profile, My Subscriptions, Order History, Admin Dashboard, Logout. */
export function MobileMenu({ onClose, id, items }: { onClose: () => void; id: string; items: readonly { href: string; label: string }[] }) {
  const { user, isAdmin } = useAuth();
  const [location] = useLocation();
  const signOut = useSignOut();
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
          <Link href="/auth" className="btn btn--primary btn--block" onClick={onClose}>
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
            <li>
              <Link href="/profile" className="menu-item" onClick={onClose}>
                <UserIcon /> My Profile
              </Link>
            </li>
            <li>
              <Link href="/profile?tab=subscriptions" className="menu-item" onClick={onClose}>
                <RepeatIcon /> My Subscriptions
              </Link>
            </li>
            <li>
              <Link href="/profile?tab=orders" className="menu-item" onClick={onClose}>
                <PackageIcon /> Order History
              </Link>
            </li>
            <li>
              <Link href="/deliveries" className="menu-item" onClick={onClose}>
                <TruckIcon /> My Deliveries
              </Link>
            </li>
            {isAdmin ? (
              <li>
                <Link href="/admin/dashboard" className="menu-item" onClick={onClose}>
                  <DashboardIcon /> Admin Dashboard
                </Link>
              </li>
            ) : null}
            <li>
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
            </li>
          </ul>
        </div>
      ) : null}
    </nav>
  );
}

