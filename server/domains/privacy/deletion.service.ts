import type { AppDeps } from '../../deps';
import type { RequestInfo, AuthUser } from '../../trpc/context';
import { AppError } from '../../lib/errors';
import { withTransactionRetry } from '../../lib/transaction-retry';
import { formatRupees } from '../../../shared/rules/money';
import type { AccountDeleteAnswer, AccountDeleteInput } from '../../../shared/schemas/privacy';
import { endAllSessions, reauthenticate } from '../auth/auth.service';
import { cancelByCustomer } from '../orders/orders.lifecycle';
import * as schedules from '../schedules/schedules.service';
import { refundBalance } from '../wallet/wallet.service';
import { recordAudit } from '../audit/audit.service';
import { kickNotices, notify } from '../notifications/notify.service';
import * as repo from './deletion.repository';

type Deps = AppDeps;

const AUDIT = { entity: 'user' } as const;

/**
 * POST /api/user/account/delete (decision 252): re-authenticated, then in this order, each step audited —
 * open orders cancelled and refunded through the orders domain (one already on its way refuses the
 * deletion until it is delivered), standing deliveries ended (days already fixed are still delivered),
 * the wallet's top-up money refunded once (keyed by the person: a repeat refunds nothing more), the
 * person told, then signing in ends and the e-mail and number are free at once. The job erases the
 * rest when nothing is left to deliver or send.
 */
export async function deleteAccount(deps: Deps, user: AuthUser, input: AccountDeleteInput, req: RequestInfo): Promise<AccountDeleteAnswer> {
  await reauthenticate(deps, user.id, input, req);
  const me: AuthUser = { ...user, role: 'customer' };
  const audit = (action: string, after: unknown) =>
    withTransactionRetry(deps, (trx) => recordAudit(trx, { id: user.id, email: '' }, { ...AUDIT, action, entityId: user.id, after, at: deps.clock.now().toISOString() }));

  // 1. Orders: cancelled and refunded, or the deletion waits for the delivery.
  const open = await repo.openOrdersOf(deps.db, user.id);
  const onItsWay = open.find((o) => o.status === 'out_for_delivery');
  if (onItsWay) throw new AppError('INVALID_STATE', `Order ${onItsWay.number} is on its way to you. You can delete your account once it is delivered.`);
  const cancelled: string[] = [];
  for (const o of open) {
    try {
      await cancelByCustomer(deps, me, { id: o.id, reason: 'Account deleted' });
      cancelled.push(o.number);
    } catch (e) {
      if (e instanceof AppError) throw new AppError('INVALID_STATE', `Order ${o.number} can no longer be cancelled (${e.message}) You can delete your account once it is delivered.`);
      throw e;
    }
  }
  await audit('privacy.deletion.orders_cancelled', { orders: cancelled });

  // 2. Standing deliveries end (a day already fixed by the cut-off is still delivered, then erased).
  const list = await schedules.list(deps, me);
  for (const s of list.schedules) await schedules.remove(deps, me, s.id);
  await audit('privacy.deletion.schedules_ended', { schedules: list.schedules.length });

  // 3. The wallet's money from top-ups goes back where it came from, once.
  const refund = await refundBalance(deps, me, { idempotencyKey: `account-deletion:${user.id}` }, undefined);
  await audit('privacy.deletion.wallet_refunded', { refundedPaise: refund.refunded });

  const settled = [
    ...(cancelled.length ? [`We cancelled ${cancelled.length === 1 ? `order ${cancelled[0]}` : `orders ${cancelled.join(', ')}`}; any payment for it is refunded.`] : []),
    ...(list.schedules.length ? ['Your standing deliveries have ended.'] : []),
    ...(refund.refunded ? [`${formatRupees(refund.refunded)} from your wallet is on its way back to the payments you topped up with.`] : []),
  ];
  // 4. Told (before the address goes), then closed: no more sign-in, the e-mail and number free.
  const told = await withTransactionRetry(deps, async (trx) => {
    const now = deps.clock.now();
    const id = await repo.insertDeletion(trx, user.id, 'customer', now.toISOString());
    const t = await notify(deps, trx, { userId: user.id }, 'account_deletion_scheduled', { settled });
    if (id) await repo.setWalletRefunded(trx, id, refund.refunded);
    await endAllSessions(trx, user.id, now);
    await repo.closeAccount(trx, user.id, now.toISOString());
    await recordAudit(trx, { id: user.id, email: '' }, { ...AUDIT, action: 'privacy.deletion.scheduled', entityId: user.id, after: { told: t.channels.map((c) => c.channel) }, at: now.toISOString() });
    return t;
  });
  kickNotices(deps);
  return {
    ok: true,
    message: [...settled, 'Your account is closed: you are signed out everywhere, and your personal details are erased as soon as nothing is left to deliver.'].join(' '),
    walletRefundedPaise: refund.refunded,
    cancelledOrders: cancelled,
    told: told.summary,
  };
}

/** The job: erases each scheduled deletion whose person has nothing left to deliver or send (SKIP LOCKED: once, on any number of instances). */
export async function eraseDue(deps: Deps): Promise<number> {
  return withTransactionRetry(deps, async (trx) => {
    const due = await repo.dueDeletions(trx, 20);
    const at = deps.clock.now().toISOString();
    for (const d of due) {
      await repo.erase(trx, d.id, d.user_id, at);
      await recordAudit(trx, null, { ...AUDIT, action: 'privacy.deletion.erased', entityId: d.user_id, at });
    }
    return due.length;
  });
}
