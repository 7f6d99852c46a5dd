import type { AppDeps } from '../../deps';
import type { RequestInfo } from '../../trpc/context';
import { AppError } from '../../lib/errors';
import * as limits from '../../lib/rate-limit';
import { hashOpaqueToken, looksLikeOpaqueToken } from '../../lib/tokens';
import { formatDate } from '../../../shared/rules/dates';
import { formatIndianMobile } from '../../../shared/rules/india';
import { effectiveRoleOf, firstScreenOf, isStaffRole, ROLE_LABELS } from '../../../shared/rules/staff';
import type { AcceptInvitationAnswer, AcceptInvitationInput, Invitation } from '../../../shared/schemas/auth';
import * as repo from './auth.repository';
import { LIMITS } from './auth.limits';
import { RESET_PREFIX, setPasswordWithToken } from './auth.service';

/**
 * Staff invitations have their own page (decision 225): /join?token=… shows what the link
 * is for — "Join Hydro Shakes as Rider", the invited e-mail and number — and the two ways in: a
 * first password (no "password changed" alarm: nothing was changed), or a code to the invited
 * number (decision 206: that number signs into the staff account). The role and its first screen
 * are the server's answer, never the client's.
 */

type Deps = AppDeps;

const SHOP_NAME = 'Hydro Shakes';
const UNKNOWN_MESSAGE = 'This invitation link is not valid. Ask the shop’s owner to send you a new one from the Staff screen.';

function refusal(message: string): AppError {
  return new AppError('INVITATION_INVALID', message);
}

type Row = NonNullable<Awaited<ReturnType<typeof repo.findInvitation>>>;

/** Why a link cannot be used, in words that say what to do next; null when it can. */
function problem(deps: Deps, row: Row | undefined, now: Date): AppError | null {
  if (!row || row.disabled || !isStaffRole(effectiveRoleOf(row, deps.config.ADMIN_EMAILS))) return refusal(UNKNOWN_MESSAGE);
  const who = row.invited_by ? row.invited_by : 'the shop’s owner';
  if (row.used_at) {
    const signIn = row.email ? `your e-mail ${row.email}` : row.mobile ? `your number ${formatIndianMobile(row.mobile)}` : 'your account';
    return refusal(`This invitation was already used. Sign in with ${signIn}; if you forgot the password, ask ${who} for a new invitation or reset it from the sign-in page.`);
  }
  if (new Date(row.expires_at) <= now)
    return refusal(`This invitation expired on ${formatDate(row.expires_at, 'dateTime')}. Ask ${who} to send you a new one.`);
  return null;
}

async function find(deps: Deps, token: string, req: RequestInfo): Promise<Row | undefined> {
  await limits.enforce(deps.db, deps.clock.now(), [[LIMITS.resetCompleteIp, req.ip]]);
  if (!looksLikeOpaqueToken(token, RESET_PREFIX)) return undefined;
  return repo.findInvitation(deps.db, hashOpaqueToken(token));
}

/** POST /api/auth/invitation: what the link is for, or why it no longer works and who to ask. */
export async function preview(deps: Deps, token: string, req: RequestInfo): Promise<Invitation> {
  const row = await find(deps, token, req);
  const refused = problem(deps, row, deps.clock.now());
  if (refused || !row) throw refused ?? refusal(UNKNOWN_MESSAGE);
  const role = effectiveRoleOf(row, deps.config.ADMIN_EMAILS);
  return {
    role,
    role_label: ROLE_LABELS[role],
    shop_name: SHOP_NAME,
    name: row.name,
    email: row.email,
    mobile: row.mobile,
    invited_by: row.invited_by,
    expires_at: new Date(row.expires_at).toISOString(),
    has_password: !!row.password_hash,
    landing: firstScreenOf(role),
  };
}

/** POST /api/auth/invitation/accept: the first password; signed in, with the role's first screen. */
export async function accept(deps: Deps, input: AcceptInvitationInput, req: RequestInfo): Promise<AcceptInvitationAnswer> {
  const answer = await setPasswordWithToken(deps, input, req, 'invite', async () => {
    const row = looksLikeOpaqueToken(input.token, RESET_PREFIX) ? await repo.findInvitation(deps.db, hashOpaqueToken(input.token)) : undefined;
    return problem(deps, row, deps.clock.now()) ?? refusal(UNKNOWN_MESSAGE);
  });
  return { ...answer, landing: firstScreenOf(answer.user.role) };
}
