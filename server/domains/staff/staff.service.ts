import type { AppDeps } from '../../deps';
import type { AuthUser } from '../../trpc/context';
import { AppError, notFound } from '../../lib/errors';
import { withTransactionRetry } from '../../lib/transaction-retry';
import { effectiveRoleOf, isStaffRole, ROLE_LABELS, type StaffRole } from '../../../shared/rules/staff';
import type {
  StaffInviteAnswer,
  StaffInviteInput,
  StaffList,
  StaffMember,
  StaffUpdateAnswer,
  StaffUpdateInput,
} from '../../../shared/schemas/staff';
import * as auth from '../auth/auth.service';
import { assertMobileFree, inviteMobileTaken, isMobileConflict } from '../users/mobile-numbers.service';
import { recordAudit } from '../audit/audit.service';
import { kickNotices } from '../notifications/notify.service';
import * as repo from './staff.repository';

/**
 * /admin/staff (PRODUCT.md §17, decision 137): the owner invites people by e-mail (a set-password link
 * through the notifications domain, decision 235), changes their role and disables them. A role change or a disable ends every
 * session of the person, on every instance at once (the auth guard reads the session at each request, decision 207), so no token
 * keeps a role it no longer has.
 */

type Deps = AppDeps;

function toMember(deps: Deps, row: NonNullable<Awaited<ReturnType<typeof repo.staffById>>>): StaffMember {
  const role = effectiveRoleOf(row, deps.config.ADMIN_EMAILS);
  return {
    id: row.id,
    email: row.email ?? '',
    name: row.name,
    mobile: row.mobile,
    role: isStaffRole(role) ? role : 'admin',
    ownerByConfig: role === 'admin' && row.role !== 'admin',
    disabled: row.disabled,
    invitePending: !row.password_hash && !row.last_sign_in_at,
    invitedAt: row.invited_at,
    lastSignInAt: row.last_sign_in_at,
    createdAt: row.created_at,
  };
}

async function member(deps: Deps, id: string): Promise<StaffMember> {
  const row = await repo.staffById(deps.db, id);
  if (!row) throw notFound('That staff member');
  return toMember(deps, row);
}

/** GET /api/admin/staff: the team, enabled first, by name. */
export async function list(deps: Deps): Promise<StaffList> {
  return { staff: (await repo.listStaff(deps.db, deps.config.ADMIN_EMAILS)).map((r) => toMember(deps, r)) };
}

/**
 * POST /api/admin/staff: invite someone. A new e-mail gets an account with the role; a customer's
 * account gets the role (and signs in again to use it). Someone already on the team is refused.
 */
export async function invite(deps: Deps, actor: AuthUser, input: StaffInviteInput): Promise<StaffInviteAnswer> {
  const now = deps.clock.now();
  const at = now.toISOString();
  const out = await withTransactionRetry(deps, async (trx) => {
    // The number signs into the staff record: it must be on no other account (decision 206).
    const existing = await repo.lockUserByEmail(trx, input.email);
    let id: string;
    let promoted = false;
    if (existing) {
      const role = effectiveRoleOf(existing, deps.config.ADMIN_EMAILS);
      if (isStaffRole(role)) {
        throw new AppError(
          'CONFLICT',
          `${existing.email} is already on the team as ${ROLE_LABELS[role]}; change their role in the list instead.`,
        );
      }
      if (existing.disabled) throw new AppError('INVALID_STATE', `The account ${existing.email} is disabled; it cannot be invited.`);
      const mobile = existing.mobile ?? input.mobile;
      if (mobile) await assertMobileFree(trx, mobile, existing.id, { signsInHere: true, taken: inviteMobileTaken(mobile) });
      await repo.setRole(trx, existing.id, input.role, at, actor.id);
      if (input.mobile) await repo.setMobileIfEmpty(trx, existing.id, input.mobile);
      await auth.endSessionsFor(trx, existing.id, 'role-changed', now);
      id = existing.id;
      promoted = true;
    } else {
      if (input.mobile) await assertMobileFree(trx, input.mobile, null, { signsInHere: true, taken: inviteMobileTaken(input.mobile) });
      id = await repo.insertStaff(trx, {
        email: input.email,
        name: input.name,
        role: input.role,
        mobile: input.mobile ?? null,
        invitedBy: actor.id,
        now: at,
      });
    }
    const user = (await auth.findUserForReset(trx, id))!;
    const { expiresAt, told } = await auth.createInvite(trx, deps, user, actor.id, input.role, now);
    await recordAudit(trx, actor, {
      action: 'staff.invited',
      entity: 'user',
      entityId: id,
      before: existing ? { role: existing.role } : null,
      after: { email: user.email, name: user.name, role: input.role, expiresAt },
      at,
    });
    return { id, told: told.summary, expiresAt, promoted };
  }).catch((e: unknown) => {
    // Two invitations (or a code) taking the same number at the same moment: the index refuses one.
    if (input.mobile && isMobileConflict(e)) throw inviteMobileTaken(input.mobile);
    throw e;
  });
  kickNotices(deps);
  return { member: await member(deps, out.id), told: out.told, expiresAt: out.expiresAt };
}

/** PATCH /api/admin/staff/{id}: a new role, or access off / on. Never one's own; never an owner from the e-mail list. */
export async function update(deps: Deps, actor: AuthUser, input: StaffUpdateInput): Promise<StaffUpdateAnswer> {
  const now = deps.clock.now();
  const at = now.toISOString();
  const ended = await withTransactionRetry(deps, async (trx) => {
    const row = await repo.lockUser(trx, input.id);
    const role = row && effectiveRoleOf(row, deps.config.ADMIN_EMAILS);
    if (!row || !isStaffRole(role)) throw notFound('That staff member');
    if (row.id === actor.id) throw new AppError('INVALID_STATE', 'You cannot change your own role or access; another owner can.');
    const newRole: StaffRole | undefined = input.role !== undefined && input.role !== role ? input.role : undefined;
    if (newRole && role === 'admin' && row.role !== 'admin') {
      throw new AppError(
        'INVALID_STATE',
        `${row.email} is an owner through the shop’s admin e-mail list (ADMIN_EMAILS); change that list to change the role.`,
      );
    }
    const disable = input.disabled !== undefined && input.disabled !== row.disabled ? input.disabled : undefined;
    if (newRole === undefined && disable === undefined) return 0;
    if (newRole) await repo.setRole(trx, row.id, newRole, at);
    if (disable !== undefined) await repo.setDisabled(trx, row.id, disable, at);
    // A new role or a disabled account: every session ends (the token names the old role).
    const count = newRole || disable ? await auth.endSessionsFor(trx, row.id, disable ? 'staff-disabled' : 'role-changed', now) : 0;
    await recordAudit(trx, actor, {
      action: disable === true ? 'staff.disabled' : disable === false ? 'staff.enabled' : 'staff.role_changed',
      entity: 'user',
      entityId: row.id,
      before: { email: row.email, role, disabled: row.disabled },
      after: { role: newRole ?? role, disabled: disable ?? row.disabled, sessionsEnded: count },
      at,
    });
    return count;
  });
  return { member: await member(deps, input.id), sessionsEnded: ended };
}
