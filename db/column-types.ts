import type { ColumnType } from 'kysely';
import type { CustomRecipe } from '../shared/schemas/builder';

/**
 * The words the database's text and json columns are allowed to hold, as the code knows them. The
 * column list itself (names, nullability, defaults) is generated from the migrations into
 * db/generated/database.ts (`npm run db:types`, checked fresh by `npm run lint`); scripts/db-types.ts
 * narrows the text and json columns named there to these types (decision 106).
 */

/** json/jsonb: read as parsed JSON (typed by the code that reads it), written as a JSON string. */
export type Json<T = unknown> = ColumnType<T, string, string>;
/** A custom shake's recipe kept as JSON (carts, saved shakes). */
export type JsonRecipe = Json<CustomRecipe>;
/** What a web push notification shows (the service worker reads it): the inbox message's title, body and link. */
export type PushPayload = Json<{ title: string; body: string; url: string; tag: string }>;

export type OrderStatusColumn = 'pending_payment' | 'confirmed' | 'preparing' | 'out_for_delivery' | 'delivered' | 'cancelled';
export type OrderPaymentStatusColumn = 'pending' | 'completed' | 'failed' | 'paid' | 'successful' | 'refunded';
export type PaymentAttemptStatus = 'creating' | 'created' | 'not_created' | 'paid' | 'failed';
export type PaymentRowStatus = 'failed' | 'authorized' | 'captured' | 'refund_pending' | 'refunded';
export type RewardKind = 'earn' | 'redeem' | 'reverse' | 'give_back' | 'adjust';
/** Wallet ledger rows (decision 165): top-up +, charge −, release + (cancel), order_refund +, refund_out − (balance back to a top-up payment), adjust ±. */
export type WalletKind = 'top_up' | 'charge' | 'release' | 'order_refund' | 'refund_out' | 'adjust';
export type FreeUnitRuleColumn = 'cheapest_signature' | 'cheapest_priced';
export type SubscriptionStatusColumn = 'pending_payment' | 'active' | 'paused' | 'cancelled' | 'expired';
export type SubscriptionPaymentStatusColumn = 'created' | 'paid' | 'failed' | 'refunded';
export type WebhookDeliveryStatusColumn = 'pending' | 'delivered' | 'failed';
