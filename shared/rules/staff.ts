import type { ApiKeyScope } from '../schemas/api-keys';

/**
 * Staff roles and what each may do (PRODUCT.md §17, decision 136) — the one map of roles to
 * permissions, read by the server's procedure types (server/trpc/procedures.ts) and by the admin
 * sidebar. Every staff procedure names one permission in its procedure type; a role may call it when
 * the role's set holds that permission. API key scopes map onto the same permissions (below).
 *
 * The stored role `admin` is the owner: the spec's word, kept on the wire (the `me` answer says
 * `role: 'admin'`, and the spec's three admin rules still make one); screens call it "Owner".
 */

import { STAFF_ROLES, type StaffRole } from './staff-roles';
import { formatRupees } from './money';

export { STAFF_ROLES, isStaffRole, type StaffRole } from './staff-roles';
export const USER_ROLES = ['customer', ...STAFF_ROLES] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const ROLE_LABELS: Record<UserRole, string> = {
  customer: 'Customer',
  admin: 'Owner',
  manager: 'Manager',
  kitchen: 'Kitchen',
  rider: 'Rider',
  support: 'Support',
};

export const ROLE_HINTS: Record<StaffRole, string> = {
  admin: 'Everything, and the only one who manages staff, API keys, webhooks and pricing',
  manager: 'All daily operations and the background jobs; no staff, secrets or pricing',
  kitchen: 'The kitchen and stock only',
  rider: 'Their own deliveries only (the rider screen)',
  support: 'Orders and customers: read, cancel, refunds up to ₹1,000, password-reset links',
};

export const PERMISSIONS = [
  'dashboard:read',
  'orders:read',
  'orders:write',
  'orders:cancel',
  'orders:refund',
  'customers:read',
  'customers:sessions',
  'customers:password-reset',
  'catalogue:read',
  'catalogue:write',
  'pricing:write',
  'reviews:moderate',
  'coupons:manage',
  'rewards:manage',
  'wallets:manage',
  'delivery:read',
  'delivery:write',
  'stops:assign',
  'riders:cash',
  'subscriptions:read',
  'subscriptions:write',
  'kitchen:operate',
  'stock:manage',
  // What a bottle of each shake takes: the kitchen blends by it, the catalogue edits it (PRODUCT.md §16–17).
  'recipes:read',
  'audit:read',
  'api-keys:manage',
  'webhooks:manage',
  'jobs:manage',
  'staff:manage',
  // /admin/privacy: data requests and breaches (decision 277).
  'privacy:manage',
  'rider:deliver',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const OWNER_ONLY: readonly Permission[] = ['pricing:write', 'api-keys:manage', 'webhooks:manage', 'staff:manage', 'privacy:manage'];

export const ROLE_PERMISSIONS: Readonly<Record<UserRole, readonly Permission[]>> = {
  customer: [],
  admin: PERMISSIONS,
  manager: PERMISSIONS.filter((p) => !OWNER_ONLY.includes(p) && p !== 'rider:deliver'),
  kitchen: ['kitchen:operate', 'stock:manage', 'recipes:read'],
  rider: ['rider:deliver'],
  support: ['orders:read', 'orders:cancel', 'orders:refund', 'customers:read', 'customers:password-reset'],
};

/** Support refunds up to ₹1,000 per order (in paise); the other roles that may refund have no cap. */
export const REFUND_LIMIT_PAISE: Partial<Record<UserRole, number>> = { support: 100_000 };

/**
 * The one rule for staff giving money back (decision 204): a refund, a cancellation that refunds or
 * releases a wallet charge, a wallet credit. The role needs the door's permission, and the money
 * given back — for an order, all it has given back once this is done — stays within the role's cap.
 * The refusal a person reads, or null when the role may.
 */
export function moneyBackRefusal(role: string, permission: Permission, totalBackPaise: number): string | null {
  if (!can(role, permission)) return 'Your role does not allow this. Ask the shop’s owner if you need it.';
  const cap = REFUND_LIMIT_PAISE[role as UserRole];
  if (cap !== undefined && totalBackPaise > cap)
    return `Your role may give back up to ${formatRupees(cap)} of an order or to a customer; this would be ${formatRupees(totalBackPaise)}. Ask a manager or the owner.`;
  return null;
}

/**
 * The role a user acts with: a verified e-mail on the shop's admin list (the spec's fixed admin
 * e-mail, ADMIN_EMAILS) makes the owner whatever the stored role says; otherwise the stored role.
 */
export function effectiveRoleOf(user: { role: string; email: string | null; email_verified: boolean }, adminEmails: readonly string[]): UserRole {
  if (user.email_verified && user.email && adminEmails.includes(user.email.toLowerCase())) return 'admin';
  return (USER_ROLES as readonly string[]).includes(user.role) ? (user.role as UserRole) : 'customer';
}

export function can(role: string | null | undefined, permission: Permission): boolean {
  if (!role || !Object.prototype.hasOwnProperty.call(ROLE_PERMISSIONS, role)) return false;
  return ROLE_PERMISSIONS[role as UserRole].includes(permission);
}

/**
 * What each API key scope lets a key call, as permissions. A key acts for the owner who made it:
 * `catalogue:write` keeps saving prices, as before roles; staff, keys, webhooks and the rider's
 * screen are never a key's.
 */
export const SCOPE_PERMISSIONS = {
  'catalogue:read': ['catalogue:read', 'recipes:read'],
  'catalogue:write': ['catalogue:write', 'pricing:write'],
  'orders:read': ['orders:read'],
  'orders:write': ['orders:write', 'orders:cancel', 'orders:refund'],
  'customers:read': ['customers:read'],
  'delivery:read': ['delivery:read'],
  'subscriptions:read': ['subscriptions:read'],
} as const satisfies Record<ApiKeyScope, readonly Permission[]>;
export type ScopeName = keyof typeof SCOPE_PERMISSIONS;

/** The scope that grants a permission to a key, or undefined when no scope does. */
export function scopeGranting(permission: Permission): ScopeName | undefined {
  return (Object.keys(SCOPE_PERMISSIONS) as ScopeName[]).find((s) => (SCOPE_PERMISSIONS[s] as readonly Permission[]).includes(permission));
}

export function scopesAllow(scopes: readonly string[], permission: Permission): boolean {
  return scopes.some(
    (s) =>
      Object.prototype.hasOwnProperty.call(SCOPE_PERMISSIONS, s) &&
      (SCOPE_PERMISSIONS[s as ScopeName] as readonly Permission[]).includes(permission),
  );
}

/**
 * Where each role starts: the screen a person lands on after joining or signing in
 * without a page to go back to. The one rule; the server answers it, the client follows it.
 */
const FIRST_SCREENS: Readonly<Record<UserRole, string>> = {
  customer: '/',
  admin: '/admin',
  manager: '/admin',
  kitchen: '/admin/kitchen',
  rider: '/rider',
  support: '/admin/orders',
};

export function firstScreenOf(role: string | null | undefined): string {
  return role && Object.prototype.hasOwnProperty.call(FIRST_SCREENS, role) ? FIRST_SCREENS[role as UserRole] : '/';
}
