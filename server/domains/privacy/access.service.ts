import type { AppDeps } from '../../deps';
import type { AuthUser } from '../../trpc/context';
import { notFound } from '../../lib/errors';
import { withTransactionRetry } from '../../lib/transaction-retry';
import { formatIndianMobile } from '../../../shared/rules/india';
import { ROLE_LABELS, type UserRole } from '../../../shared/rules/staff';
import type { DataAccess, RevealInput } from '../../../shared/schemas/privacy';
import { recordAudit } from '../audit/audit.service';
import { fullAddress } from '../addresses/addresses.customer-section';
import * as repo from './access.repository';

const SCREENS: Record<string, string> = {
  'admin/customers': 'the customers screen',
  'admin/orders': 'the orders screen',
};
const WHAT: Record<string, string> = { mobile: 'Your mobile number', email: 'Your e-mail address', address: 'Your delivery address' };

/**
 * POST /api/admin/customers/{id}/reveal (decisions 275, 279): the back office shows a customer's number
 * and addresses masked; Show asks here. The full value is answered only with its access-log row written
 * in the same transaction (who, whose, what, when, from which screen) — no row, no value.
 */
export async function reveal(deps: AppDeps, staff: AuthUser, input: RevealInput): Promise<{ value: string | null }> {
  return withTransactionRetry(deps, async (trx) => {
    const person = await repo.personalFields(trx, input.id);
    if (!person) throw notFound('That customer');
    const address = input.field === 'address' ? await repo.addressOf(trx, person.id, input.addressId!) : null;
    if (input.field === 'address' && !address) throw notFound('That address');
    await recordAudit(trx, staff, {
      action: repo.VIEWED,
      entity: 'user',
      entityId: person.id,
      after: { field: input.field, screen: input.screen, ...(address ? { addressId: input.addressId } : {}) },
      at: deps.clock.now().toISOString(),
    });
    if (address) return { value: fullAddress(address) };
    const value = input.field === 'mobile' ? person.mobile : person.email;
    return { value: value ? (input.field === 'mobile' ? formatIndianMobile(value) : value) : null };
  });
}

/** GET /api/user/data-access: who at the shop looked at the person's data, and when (the last 50 times). */
export async function dataAccess(deps: Pick<AppDeps, 'db'>, userId: string): Promise<DataAccess> {
  const rows = await repo.viewsOf(deps.db, userId, 50);
  return {
    entries: rows.map((r) => {
      const role = r.role && r.role !== 'customer' ? (r.role === 'admin' ? 'Owner' : (ROLE_LABELS[r.role as UserRole] ?? r.role)) : null;
      return {
        at: new Date(r.created_at).toISOString(),
        who: r.name ? `${r.name}${role ? ` (${role})` : ''}` : (role ?? 'The shop'),
        what: WHAT[r.after?.field ?? ''] ?? 'Your details',
        screen: SCREENS[r.after?.screen ?? ''] ?? 'the back office',
      };
    }),
  };
}
