import type { ComponentType } from 'react';

/**
 * The tabs of /profile, chosen by ?tab= (spec §2: subscriptions, orders).
 * Adding a tab is one line here; a tab that is not listed is simply not shown.
 * The first entry is the default.
 */
export interface ProfileTab {
  key: string;
  label: string;
  load: () => Promise<{ default: ComponentType }>;
}

export const PROFILE_TABS: ProfileTab[] = [
  { key: 'profile', label: 'Profile', load: () => import('./profile-details') },
  { key: 'addresses', label: 'Addresses', load: () => import('../addresses/addresses-tab') },
  { key: 'subscriptions', label: 'Subscriptions', load: () => import('../subscriptions/subscription-tab') },
  { key: 'orders', label: 'Orders', load: () => import('../orders/orders-tab') },
  { key: 'rewards', label: 'Rewards', load: () => import('../rewards/rewards-tab') },
  { key: 'deliveries', label: 'Deliveries', load: () => import('../schedules/schedules-view') },
  { key: 'wallet', label: 'Wallet', load: () => import('../wallet/wallet-tab') },
  { key: 'messages', label: 'Messages', load: () => import('../notifications/messages-tab') },
  { key: 'shakes', label: 'My shakes', load: () => import('../builder/my-shakes') },
  { key: 'favorites', label: 'Favourites', load: () => import('../favorites/favorites-list') },
  { key: 'privacy', label: 'Privacy', load: () => import('../privacy/privacy-tab') },
];
