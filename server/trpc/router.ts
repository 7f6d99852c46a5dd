import { router } from './init';
import { catalogueRouter } from '../domains/catalogue/catalogue.router';
import { systemRouter } from '../domains/system/system.router';
import { addressesRouter } from '../domains/addresses/addresses.router';
import { slotsRouter } from '../domains/slots/slots.router';
import { cartRouter } from '../domains/cart/cart.router';
import { builderRouter } from '../domains/builder/builder.router';
import { favoritesRouter } from '../domains/favorites/favorites.router';
import { authRouter } from '../domains/auth/auth.router';
import { apiKeysRouter } from '../domains/auth/api-keys.router';
import { usersRouter } from '../domains/users/users.router';
import { notificationsRouter } from '../domains/notifications/notifications.router';
import { adminRouter } from '../domains/admin/admin.router';
import { ordersRouter } from '../domains/orders/orders.router';
import { paymentsRouter } from '../domains/payments/payments.router';
import { adminOrdersRouter } from '../domains/orders/orders.admin.router';
import { auditRouter } from '../domains/audit/audit.router';
import { jobsRouter } from '../domains/jobs/jobs.router';
import { adminCatalogueRouter } from '../domains/catalogue/catalogue.admin.router';
import { reviewsRouter } from '../domains/reviews/reviews.router';
import { subscriptionsRouter } from '../domains/subscriptions/subscriptions.router';
import { adminCouponsRouter } from '../domains/coupons/coupons.admin.router';
import { rewardsRouter } from '../domains/rewards/rewards.router';
import { walletRouter } from '../domains/wallet/wallet.router';
import { autopayRouter } from '../domains/autopay/autopay.router';
import { webhooksRouter } from '../domains/webhooks/webhooks.router';
import { staffRouter } from '../domains/staff/staff.router';
import { stopsRouter, riderRouter } from '../domains/orders/orders.stops.router';
import { stockRouter } from '../domains/stock/stock.router';
import { kitchenRouter } from '../domains/kitchen/kitchen.router';
import { schedulesRouter } from '../domains/schedules/schedules.router';
import { privacyRouter } from '../domains/privacy/privacy.router';

/**
 * The one router. Each domain mounts here under its own key; add a line per domain.
 */
export const appRouter = router({
  system: systemRouter,
  catalogue: catalogueRouter,
  addresses: addressesRouter,
  slots: slotsRouter,
  cart: cartRouter,
  builder: builderRouter,
  favorites: favoritesRouter,
  auth: authRouter,
  users: usersRouter,
  notifications: notificationsRouter,
  admin: adminRouter,
  orders: ordersRouter,
  payments: paymentsRouter,
  adminOrders: adminOrdersRouter,
  audit: auditRouter,
  adminCatalogue: adminCatalogueRouter,
  reviews: reviewsRouter,
  subscriptions: subscriptionsRouter,
  adminCoupons: adminCouponsRouter,
  rewards: rewardsRouter,
  wallet: walletRouter,
  autopay: autopayRouter,
  apiKeys: apiKeysRouter,
  webhooks: webhooksRouter,
  staff: staffRouter,
  stops: stopsRouter,
  rider: riderRouter,
  stock: stockRouter,
  kitchen: kitchenRouter,
  schedules: schedulesRouter,
  jobs: jobsRouter,
  privacy: privacyRouter,
});

export type AppRouter = typeof appRouter;
