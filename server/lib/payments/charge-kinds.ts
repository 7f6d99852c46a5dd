import type { AppDeps } from '../../deps';
import type { Trx } from '../../../db/database';
import type { GatewayPayment } from './gateway';
import { CHARGE_KIND_VALUES } from '../../../shared/schemas/payments';

/**
 * The kinds of charge (decision 280): what a rupee the shop asks for pays for. The payments domain
 * finds a charge (the `charges` view, one lookup by gateway order id) and settles, reconciles and
 * refunds it; the domain that owns the kind says what its charge's captured, failed or refunded
 * payment does (a paid order, a period, a wallet credit) through the handler it registers here
 * at start (server/app.ts). Payments never imports the domains it settles for.
 */
export const CHARGE_KINDS = CHARGE_KIND_VALUES;
export type ChargeKind = (typeof CHARGE_KINDS)[number];

export interface ChargeSettled {
  /** What settling did, in the kind's own words ('confirmed', 'credited', 'renewed', 'already_paid'…). */
  outcome: string;
  /** Work for after the commit (refunds to send, notices to kick, open pages to update). Never throws. */
  afterCommit?: (deps: AppDeps) => Promise<void> | void;
}

export interface ChargeKindHandler {
  /**
   * Applies what the gateway says about one payment of a charge of this kind (captured, authorized,
   * failed, refunded, created), inside the caller's transaction. Verify, webhooks, the reconciler and
   * test mode all come here, in any order and any number of times: it must be idempotent.
   */
  settleInTransaction(deps: AppDeps, trx: Trx, gp: GatewayPayment, source: string): Promise<ChargeSettled>;
  /** Asks the gateway about this kind's unsettled charges and settles them (the one reconcile job); how many it settled. */
  reconcile(deps: AppDeps, opts?: { minAgeMinutes?: number; limit?: number }): Promise<number>;
  /** How the webhook's record names this kind's outcomes ('' for orders, 'wallet_' for top-ups…). */
  readonly outcomePrefix: string;
  /**
   * The refund outbox's hooks for a kind whose rows the payments domain does not keep itself
   * (AutoPay debits, decision 282): orders', subscriptions' and top-ups' rows predate the hooks
   * and are still locked and reserved in payments.repository.ts.
   */
  readonly refunds?: ChargeRefundHooks;
}

/** What a refund needs of a charge, read with its row locked (concurrent refunds queue on it). */
export interface RefundableCharge {
  id: string;
  /** What the gateway reported taking (0 before it took anything): no refund goes past it. */
  capturedPaise: number;
  refundedPaise: number;
  /** Paid and not yet refunded in full: a refund may be reserved on it. */
  refundable: boolean;
}

export interface ChargeRefundHooks {
  /** The charge's row, locked for the rest of the caller's transaction. */
  lock(trx: Trx, id: string): Promise<RefundableCharge | undefined>;
  /** Adds `amountPaise` to what is refunded, only while it stays within what was captured (false: refused). */
  reserve(trx: Trx, id: string, amountPaise: number, now: string): Promise<boolean>;
  /** The gateway has made refunds covering the whole capture: what that means for this kind (once; the row is locked). */
  refundedInFull(deps: AppDeps, trx: Trx, id: string): Promise<void>;
}

const handlers = new Map<ChargeKind, ChargeKindHandler>();

/** Called once per kind at start by the app, with the owning domain's handler. */
export function registerChargeKind(kind: ChargeKind, handler: ChargeKindHandler): void {
  handlers.set(kind, handler);
}

export function chargeKindHandler(kind: ChargeKind): ChargeKindHandler {
  const h = handlers.get(kind);
  if (!h) throw new Error(`No handler for charges of kind ${kind}: register it at start (server/app.ts).`);
  return h;
}

/** Every registered kind, in CHARGE_KINDS order (the one reconcile job walks them). */
export function chargeKindHandlers(): [ChargeKind, ChargeKindHandler][] {
  return CHARGE_KINDS.flatMap((k) => {
    const h = handlers.get(k);
    return h ? [[k, h] as [ChargeKind, ChargeKindHandler]] : [];
  });
}
