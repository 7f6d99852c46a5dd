import type { AppDeps } from '../../deps';
import * as charges from './charges.repository';
import type { AdminCharge, AdminChargesInput, AdminChargesPage } from '../../../shared/schemas/payments';

function toAdminCharge(c: Awaited<ReturnType<typeof charges.listCharges>>[number]): AdminCharge {
  return {
    id: c.id,
    kind: c.kind,
    provider: c.provider,
    status: c.status,
    amount: c.amount_paise,
    captured: c.captured_paise,
    refunded: c.refunded_paise,
    customerId: c.user_id,
    customerEmail: c.email,
    orderId: c.order_id,
    subscriptionId: c.subscription_id,
    gatewayOrderId: c.gateway_order_id,
    gatewayPaymentId: c.gateway_payment_id,
    method: c.method,
    createdAt: new Date(c.created_at).toISOString(),
  };
}

/** GET /api/admin/charges: every charge of every kind, newest first, filtered by kind and status (X-Total-Count). */
export async function listCharges(
  deps: Pick<AppDeps, 'db'>,
  input: AdminChargesInput,
  resHeaders: Record<string, string>,
): Promise<AdminChargesPage> {
  const filter = { kind: input.kind, status: input.status };
  const [rows, totalCount] = await Promise.all([
    charges.listCharges(deps.db, { ...filter, limit: input.pageSize, offset: (input.page - 1) * input.pageSize }),
    charges.countCharges(deps.db, filter),
  ]);
  resHeaders['X-Total-Count'] = String(totalCount);
  return { charges: rows.map(toAdminCharge), totalCount };
}
