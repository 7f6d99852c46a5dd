import type { ComponentType } from 'react';
import { can, type Permission } from '../../../../shared/rules/staff';

/**
 * The admin screens that exist. A screen appears in the sidebar and answers its
 * route once it is listed here — one line per screen:
 *   { path: '/admin/orders', label: 'Orders', load: () => import('./orders') , permission: 'orders:read' },
 * Admin routes of spec §2 that are not listed show the 404 card (no fake screens).
 */
export interface AdminScreen {
  /** Absolute path, one of ADMIN_ROUTES. */
  path: string;
  label: string;
  /** What the signed-in person's role must allow to see it (shared/rules/staff.ts); the server checks again. */
  permission: Permission;
  load: () => Promise<{ default: ComponentType }>;
}

export const ADMIN_SCREENS: AdminScreen[] = [
  { path: '/admin/dashboard', label: 'Dashboard', load: () => import('./dashboard'), permission: 'dashboard:read' },
  { path: '/admin/customers', label: 'Customers', load: () => import('./customers'), permission: 'customers:read' },
  { path: '/admin/shakes', label: 'Shakes', load: () => import('./shakes'), permission: 'catalogue:read' },
  { path: '/admin/ingredients', label: 'Ingredients', load: () => import('./ingredients'), permission: 'catalogue:read' },
  { path: '/admin/coupons', label: 'Coupons', load: () => import('./coupons'), permission: 'coupons:manage' },
  { path: '/admin/pricing', label: 'Pricing', load: () => import('./pricing'), permission: 'pricing:write' },
  {
    path: '/admin/password-reset',
    label: 'Password reset',
    load: () => import('./password-reset'),
    permission: 'customers:password-reset',
  },
  { path: '/admin/delivery-slots', label: 'Delivery slots', load: () => import('./slots'), permission: 'delivery:write' },
  { path: '/admin/orders', label: 'Orders', load: () => import('./orders'), permission: 'orders:read' },
  { path: '/admin/subscriptions', label: 'Subscriptions', load: () => import('./subscriptions'), permission: 'subscriptions:read' },
  {
    path: '/admin/subscription-management',
    label: 'Subscription plans',
    load: () => import('./subscription-management'),
    permission: 'subscriptions:write',
  },
  { path: '/admin/user-rewards', label: 'User rewards', load: () => import('./user-rewards'), permission: 'rewards:manage' },
  { path: '/admin/schedules', label: 'Schedules', load: () => import('./schedules'), permission: 'orders:read' },
  { path: '/admin/wallets', label: 'Wallets', load: () => import('./wallets'), permission: 'wallets:manage' },
  { path: '/admin/charges', label: 'Charges', load: () => import('./charges'), permission: 'orders:refund' },
  { path: '/admin/audit-log', label: 'Audit log', load: () => import('./audit-log'), permission: 'audit:read' },
  { path: '/admin/webhooks', label: 'Webhooks', load: () => import('./webhooks'), permission: 'webhooks:manage' },
  { path: '/admin/jobs', label: 'Background jobs', load: () => import('./jobs'), permission: 'jobs:manage' },
  { path: '/admin/api-keys', label: 'API keys', load: () => import('./api-keys'), permission: 'api-keys:manage' },
  { path: '/admin/deliveries', label: 'Deliveries', load: () => import('./stops'), permission: 'stops:assign' },
  { path: '/admin/riders/cash', label: 'Rider cash', load: () => import('./rider-cash'), permission: 'riders:cash' },
  { path: '/admin/staff', label: 'Staff', load: () => import('./staff'), permission: 'staff:manage' },
  { path: '/admin/kitchen', label: 'Kitchen', load: () => import('./kitchen'), permission: 'kitchen:operate' },
  { path: '/admin/stock', label: 'Stock', load: () => import('./stock'), permission: 'stock:manage' },
  { path: '/admin/privacy', label: 'Privacy', load: () => import('./privacy'), permission: 'privacy:manage' },
];

/**
 * Screens reached from another screen's link, not from the sidebar (each under its parent's path,
 * so mayOpen and the parent's permission agree).
 */
export const ADMIN_SUB_SCREENS: AdminScreen[] = [
  { path: '/admin/stock/plan', label: 'Harvest and purchase plan', load: () => import('./stock-plan'), permission: 'stock:manage' },
];

/** Sidebar labels of every admin route, built or not (a screen's own label wins). */
export const ADMIN_ROUTE_LABELS: Record<(typeof ADMIN_ROUTES)[number], string> = {
  '/admin': 'Dashboard',
  '/admin/dashboard': 'Dashboard',
  '/admin/orders': 'Orders',
  '/admin/subscriptions': 'Subscriptions',
  '/admin/customers': 'Customers',
  '/admin/shakes': 'Shakes',
  '/admin/ingredients': 'Ingredients',
  '/admin/coupons': 'Coupons',
  '/admin/pricing': 'Pricing',
  '/admin/subscription-management': 'Subscription plans',
  '/admin/delivery-slots': 'Delivery slots',
  '/admin/user-rewards': 'User rewards',
  '/admin/password-reset': 'Password reset',
  '/admin/audit-log': 'Audit log',
  '/admin/webhooks': 'Webhooks',
  '/admin/api-keys': 'API keys',
  '/admin/deliveries': 'Deliveries',
  '/admin/riders/cash': 'Rider cash',
  '/admin/staff': 'Staff',
  '/admin/kitchen': 'Kitchen',
  '/admin/stock': 'Stock',
  '/admin/schedules': 'Schedules',
  '/admin/wallets': 'Wallets',
  '/admin/charges': 'Charges',
  '/admin/jobs': 'Background jobs',
  '/admin/privacy': 'Privacy',
};

/** Spec §2: the 13 admin routes, in the order the sidebar shows them. /admin shows the dashboard. */
export const ADMIN_ROUTES = [
  '/admin',
  '/admin/dashboard',
  '/admin/orders',
  '/admin/subscriptions',
  '/admin/customers',
  '/admin/shakes',
  '/admin/ingredients',
  '/admin/coupons',
  '/admin/pricing',
  '/admin/subscription-management',
  '/admin/delivery-slots',
  '/admin/user-rewards',
  '/admin/password-reset',
  // Not in the spec's list: extra screens, last in the sidebar.
  '/admin/audit-log',
  '/admin/webhooks',
  '/admin/api-keys',
  '/admin/deliveries',
  '/admin/riders/cash',
  '/admin/staff',
  '/admin/kitchen',
  '/admin/stock',
  '/admin/schedules',
  '/admin/wallets',
  '/admin/charges',
  '/admin/jobs',
  '/admin/privacy',
] as const;

/** The screens a role may use, in sidebar order. */
export function screensFor(role: string | null | undefined): AdminScreen[] {
  const order = (p: string) => {
    const i = (ADMIN_ROUTES as readonly string[]).indexOf(p);
    return i < 0 ? ADMIN_ROUTES.length : i;
  };
  return ADMIN_SCREENS.filter((s) => can(role, s.permission)).sort((a, b) => order(a.path) - order(b.path));
}

/** Whether a link inside the back office leads somewhere this role may go (a link outside it always does). */
export function mayOpen(role: string | null | undefined, href: string): boolean {
  const path = href.split(/[?#]/)[0]!;
  const screen = ADMIN_SCREENS.find((s) => path === s.path || path.startsWith(`${s.path}/`));
  return !screen || can(role, screen.permission);
}
