import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import type { Profile, ProfilePatch } from '../../../shared/schemas/auth';
import * as repo from './users.repository';
import { assertMobileFree, isMobileConflict, mobileTaken } from './mobile-numbers.service';
import { effectiveRoleOf } from '../../../shared/rules/staff';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

function gone(): AppError {
  return new AppError('INVALID_TOKEN', 'Your session has expired. Please sign in again.');
}

/** The profile of /profile: only what the customer may see and change about themself. */
export async function getProfile(deps: Deps, userId: string): Promise<Profile> {
  const row = await repo.profileRow(deps.db, userId);
  if (!row || row.disabled) throw gone();
  const linked = await repo.providersOf(deps.db, userId);
  const providers = [
    ...new Set([
      ...(row.password_hash ? ['password'] : []),
      ...linked.filter((p) => p !== 'password').map((p) => (p === 'supabase' ? 'google' : p)),
    ]),
  ];
  const role = effectiveRoleOf(row, deps.config.ADMIN_EMAILS);
  return {
    id: row.id,
    email: row.email ?? '',
    email_verified: row.email_verified,
    name: row.name,
    username: row.username,
    mobile: row.mobile,
    mobile_verified: !!row.mobile_verified_at,
    role,
    has_password: !!row.password_hash,
    providers,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * Name, username and mobile — nothing else. The input schema has already
 * stripped role, points, ids, e-mail and timestamps; this writes only the
 * three named columns.
 */
export async function updateProfile(deps: Deps, userId: string, patch: ProfilePatch): Promise<Profile> {
  const allowed: { name?: string; username?: string; mobile?: string } = {};
  if (patch.name !== undefined) allowed.name = patch.name;
  if (patch.username !== undefined) allowed.username = patch.username;
  if (patch.mobile !== undefined) {
    const current = await repo.profileRow(deps.db, userId);
    if (!current || current.disabled) throw gone();
    // A verified number signs in and receives order texts: it changes only by proving the new one with a code.
    if (current.mobile_verified_at && patch.mobile !== current.mobile) {
      const message = 'To change your verified number, confirm the new one with a code.';
      throw new AppError('VALIDATION_FAILED', message, { details: { fieldErrors: { mobile: [message] } } });
    }
    // A number that signs into another account is not typed onto this one (decision 206).
    if (patch.mobile !== current.mobile) await assertMobileFree(deps.db, patch.mobile, userId, { signsInHere: current.role !== 'customer' });
    allowed.mobile = patch.mobile;
  }
  if (Object.keys(allowed).length) {
    try {
      await repo.updateProfile(deps.db, userId, allowed, deps.clock.now());
    } catch (e) {
      if (isMobileConflict(e)) throw mobileTaken();
      const err = e as { code?: string; constraint?: string; message?: string };
      if (err.code === '23505' && `${err.constraint ?? ''}${err.message ?? ''}`.includes('username')) {
        const message = 'That username is taken. Try another one.';
        throw new AppError('USERNAME_TAKEN', message, { details: { fieldErrors: { username: [message] } } });
      }
      throw e;
    }
  }
  return getProfile(deps, userId);
}

/** Admin dashboard: new customers per IST day in [from, to). */
export function newCustomersByDay(deps: Pick<AppDeps, 'db'>, fromIso: string, toIso: string) {
  return repo.newCustomersByDay(deps.db, fromIso, toIso);
}

/** Admin dashboard: customers in total, or since an instant. */
export function countCustomers(deps: Pick<AppDeps, 'db'>, since?: string) {
  return repo.countCustomers(deps.db, since);
}
