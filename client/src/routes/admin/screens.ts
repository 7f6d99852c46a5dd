import type { ComponentType } from 'react';

/**
 * The admin screens that exist. A screen appears in the sidebar and answers its
 * route once it is listed here — one line per screen:
 *   { path: '/admin/orders', label: 'Orders', load: () => import('./orders') },
 * Admin routes of spec §2 that are not listed show the 404 card (no fake screens).
 */
export interface AdminScreen {
  /** Absolute path, one of ADMIN_ROUTES. */
  path: string;
  label: string;
  load: () => Promise<{ default: ComponentType }>;
}

export const ADMIN_SCREENS: AdminScreen[] = [
  { path: '/admin/dashboard', label: 'Dashboard', load: () => import('./dashboard') },
  { path: '/admin/customers', label: 'Customers', load: () => import('./customers') },
  { path: '/admin/shakes', label: 'Shakes', load: () => import('./shakes') },
  { path: '/admin/ingredients', label: 'Ingredients', load: () => import('./ingredients') },
  { path: '/admin/coupons', label: 'Coupons', load: () => import('./coupons') },
  { path: '/admin/pricing', label: 'Pricing', load: () => import('./pricing') },
  { path: '/admin/password-reset', label: 'Password reset', load: () => import('./password-reset') },
  { path: '/admin/delivery-slots', label: 'Delivery slots', load: () => import('./delivery-slots') },
  { path: '/admin/orders', label: 'Orders', load: () => import('./orders') },
  { path: '/admin/subscriptions', label: 'Subscriptions', load: () => import('./subscriptions') },
  { path: '/admin/subscription-management', label: 'Subscription plans', load: () => import('./subscription-management') },
  { path: '/admin/user-rewards', label: 'User rewards', load: () => import('./user-rewards') },
  { path: '/admin/audit-log', label: 'Audit log', load: () => import('./audit-log') },
  { path: '/admin/webhooks', label: 'Webhooks', load: () => import('./webhooks') },
  { path: '/admin/api-keys', label: 'API keys', load: () => import('./api-keys') },
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
] as const;
