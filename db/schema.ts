import type { FoundationTables } from './tables/foundation';
import type { AuthTables } from './tables/auth';
import type { CatalogueTables } from './tables/catalogue';
import type { AddressesTables } from './tables/addresses';
import type { DeliveryTables } from './tables/delivery';
import type { OrdersTables } from './tables/orders';
import type { CartTables } from './tables/cart';
import type { InvoicesTables } from './tables/invoices';
import type { ReviewsTables } from './tables/reviews';
import type { SubscriptionsTables } from './tables/subscriptions';
import type { CouponsTables } from './tables/coupons';
import type { RewardsTables } from './tables/rewards';
import type { WebhooksTables } from './tables/webhooks';

/**
 * The database as Kysely sees it. Each domain declares its tables in
 * db/tables/<domain>.ts and is added to this intersection.
 */
export interface DB
  extends FoundationTables,
    CatalogueTables,
    AddressesTables,
    DeliveryTables,
    OrdersTables,
    CartTables,
    AuthTables,
    InvoicesTables,
    ReviewsTables,
    SubscriptionsTables,
    CouponsTables,
    RewardsTables,
    WebhooksTables {}
