import { sql, type RawBuilder } from 'kysely';
import { preparable, type Executor } from '../../db/database';
import * as cartRepo from '../domains/cart/cart.repository';
import * as addressesRepo from '../domains/addresses/addresses.repository';
import * as deliveryRepo from '../domains/delivery/delivery.repository';
import * as walletRepo from '../domains/wallet/wallet.repository';
import * as stockRepo from '../domains/stock/stock.repository';
import * as subscriptionsRepo from '../domains/subscriptions/subscriptions.repository';

/**
 * Statements that span several domains' tables in one round trip (decision 046), composed from each
 * domain repository's own SQL — one text per rule — so no service ever holds an SQL fragment:
 * services call these with plain values and get plain, decoded rows back, which each domain's
 * service then judges (cart prices, addresses refuses, delivery explains a refused booking).
 *
 * Order placement reads the catalogue rows it prices from, the customer's address with its PIN
 * code's served area and live subscription (locked), and books the slot, in one statement (decision 021: four round trips per
 * order). The address's served area is delivery's rule, so the standalone address check is here too.
 *
 * The order is written in one more statement (orders.repository.insertOrderGraph), which takes the
 * ordered lines out of the customer's server cart and reserves their stock too (orderWriteAlso).
 */

export type BookSlotParams = Parameters<typeof deliveryRepo.bookSlotSql>[0];
export type DeliverableAddressRow = NonNullable<ReturnType<typeof addressesRepo.decodeDeliverable>>;

export interface PlacementReadInput {
  catalogue: { shakeIds: readonly string[]; ingredientIds: readonly string[] };
  /** null when the address id is not well formed (nothing to read: the address is "not found"). */
  address: { userId: string; id: string } | null;
  /** null when the booking was refused before any SQL (malformed date or slot id). */
  booking: BookSlotParams | null;
  /** The customer whose live subscription the statement reads, its row locked: the plan prices the order. */
  userId: string;
}

export interface PlacementRead {
  pricing: cartRepo.PricingInputs;
  address: DeliverableAddressRow | undefined;
  booking: deliveryRepo.BookAttemptRow | null;
  live: subscriptionsRepo.SubscriptionRow | null;
}

const deliverableSql = (a: { userId: string; id: string }) =>
  addressesRepo.deliverableAddressSql(a.userId, a.id, deliveryRepo.servedAreaSql);

/** The read-and-book statement of order placement, inside its transaction. */
export async function readAndBook(db: Executor, input: PlacementReadInput): Promise<PlacementRead> {
  const booking = input.booking ? deliveryRepo.bookSlotSql(input.booking) : null;
  const columns: RawBuilder<unknown>[] = [
    sql`(${cartRepo.pricingInputsSql(input.catalogue.shakeIds, input.catalogue.ingredientIds)}) as price`,
    sql`(${input.address ? deliverableSql(input.address) : sql`null`}) as address`,
    sql`(${booking ? booking.result : sql`null`}) as slot`,
    sql`(${subscriptionsRepo.liveSubscriptionSql(input.userId)}) as live`,
  ];
  const head = booking ? sql`with ${booking.ctes} ` : sql``;
  const compiled = sql<{ price: unknown; address: unknown; slot: unknown; live: unknown }>`${head}select ${sql.join(columns)}`.compile(db);
  preparable(compiled.sql);
  const { rows } = await db.executeQuery(compiled);
  const row = rows[0]!;
  return {
    pricing: cartRepo.decodePricingInputs(row.price),
    address: input.address ? addressesRepo.decodeDeliverable(row.address) : undefined,
    booking: (row.slot ?? null) as deliveryRepo.BookAttemptRow | null,
    live: subscriptionsRepo.decodeLive(row.live),
  };
}

/** The customer's own address with its PIN code's served area (null area: not served), in one round trip. */
export async function readDeliverableAddress(db: Executor, userId: string, id: string): Promise<DeliverableAddressRow | undefined> {
  return addressesRepo.decodeDeliverable(await addressesRepo.selectValue(db, deliverableSql({ userId, id })));
}

/**
 * What the order-writing statement (orders.repository.insertOrderGraph's `also`: CTEs that run only
 * when the order was written) does besides the order: the ordered lines leave the customer's server
 * cart, a wallet order's charge is taken (decision 165), and the lines' stock is reserved (decision
 * 160) — the last statement before commit, so the balance rows stay locked for the shortest time. One
 * round trip for all of it; `check` answers whether the wallet charge happened.
 */
export function orderWriteAlso(
  userId: string,
  lines: readonly { id: string; type: 'signature' | 'custom' }[],
  stock: { orderId: string; lines: readonly stockRepo.StockLine[] },
  wallet: WalletChargeParams | null = null,
  /** The checkout's WhatsApp opt-in and the confirmation (decision 173): CTEs of their own, no round trip. */
  whatsApp: { shape: string; ctes: (when: RawBuilder<unknown>) => RawBuilder<unknown>; params: readonly unknown[] } | null = null,
): { shape: string; ctes: (when: RawBuilder<unknown>) => RawBuilder<unknown>; params: readonly unknown[]; check?: RawBuilder<boolean> } {
  const cart = cartLinesOut(userId, lines, wallet);
  const reserve = stockRepo.reserveInOrderWrite(stock.orderId, stock.lines);
  return {
    shape: `${cart.shape}+${reserve.shape}${whatsApp ? `+${whatsApp.shape}` : ''}`,
    ctes: (when) => (whatsApp ? sql`${cart.ctes(when)}, ${reserve.ctes(when)}, ${whatsApp.ctes(when)}` : sql`${cart.ctes(when)}, ${reserve.ctes(when)}`),
    params: [...cart.params, ...reserve.params, ...(whatsApp ? whatsApp.params : [])],
    ...(cart.check ? { check: cart.check } : {}),
  };
}

function cartLinesOut(
  userId: string,
  lines: readonly { id: string; type: 'signature' | 'custom' }[],
  wallet: WalletChargeParams | null,
): { shape: string; ctes: (when: RawBuilder<unknown>) => RawBuilder<unknown>; params: readonly unknown[]; check?: RawBuilder<boolean> } {
  const keys = cartRepo.lineKeys(lines);
  const cart = { shape: 'cart', ctes: (when: RawBuilder<unknown>) => cartRepo.removeLinesCtes(userId, keys, when), params: cartRepo.removeLinesParams(userId, keys) };
  if (!wallet) return cart;
  // A wallet order: its charge rides on the same statement (decision 165); `check` answers whether the balance moved.
  return {
    shape: 'cart+wallet',
    ctes: (when) => sql`${cart.ctes(when)}, ${walletRepo.chargeCtes(wallet, when)}`,
    params: [...cart.params, ...walletRepo.chargeParams(wallet)],
    check: walletRepo.chargedSql(),
  };
}
export type WalletChargeParams = { userId: string; orderId: string; amountPaise: number; now: string };
