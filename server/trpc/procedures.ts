import { t, type ShopMeta } from './init';
import { AppError, refuseUnstorableText } from '../lib/errors';
import { recordApiKeyUse, SESSION_ENDED_MESSAGE, type ApiKeyPrincipal } from '../lib/auth-guard';
import { can, scopeGranting, scopesAllow, type Permission } from '../../shared/rules/staff';
import type { AuthUser, Context } from './context';

/**
 * Each procedure type is one middleware (guard, input check, read-your-writes), not three: tRPC copies
 * the call's options and context at every middleware, which was ~3% of a signed-in read's CPU in the
 * order-history bench's profile (decision 186). What each does, in this order:
 *
 * 1. **Who** (signed-in and staff procedures): 401 without a valid token, 403 when the role (or an API
 *    key's scopes) does not grant the procedure's permission.
 * 2. **Storable input**: every procedure's raw input (JSON body, query string and path parameters
 *    alike: the REST adapter merges them into one input) is refused when it holds text the database
 *    cannot store — a NUL character or an unpaired surrogate (shared/schemas/common.ts) — before its
 *    schema or any service reads it. After the guard, so a guest still gets 401 before anything about
 *    the input.
 * 3. **Read-your-writes** (decision 176): after a signed-in person's mutation (placing, cancelling, a
 *    status change…), their reads that may lag go to the primary for a while, on every instance —
 *    noted before the answer leaves. Nothing happens without read replicas.
 */
async function storableInput(getRawInput: () => Promise<unknown>): Promise<void> {
  refuseUnstorableText(await getRawInput());
}

async function noteWrites<R>(ctx: { user: AuthUser | null; deps: { reads: { enabled: boolean; noteWrite(id: string): Promise<void> } } }, type: string, result: R): Promise<R> {
  const id = ctx.user?.id;
  if (type === 'mutation' && id && ctx.deps.reads.enabled) await ctx.deps.reads.noteWrite(id);
  return result;
}

/** Anyone, signed in or not. */
export const publicProcedure = t.procedure.meta({ access: 'public' }).use(async ({ ctx, type, getRawInput, next }) => {
  // Only a signed-in procedure leaves its session to its own statement (decision 320).
  await ctx.session?.confirm();
  await storableInput(getRawInput);
  return noteWrites(ctx, type, await next());
});

/** Who an API key acts as: the back office, within the key's scopes; audited as the key. */
function keyUser(key: ApiKeyPrincipal): AuthUser {
  return { id: key.createdBy, email: `api-key:${key.name}`, role: 'admin', name: `API key "${key.name}"` };
}

/**
 * The signed-in person: a user, or who an API key acts as. An API key passes only into staff
 * procedures whose permission one of its scopes grants (shared/rules/staff.ts SCOPE_PERMISSIONS);
 * every call is counted.
 */
function signedInUser(ctx: Context, meta: ShopMeta | undefined, path: string): AuthUser {
  if (ctx.apiKey) {
    const permission = meta?.permission;
    const allowed = !!permission && scopesAllow(ctx.apiKey.scopes, permission);
    recordApiKeyUse(ctx.deps, ctx.apiKey.id, path, ctx.req.ip, allowed);
    if (!allowed) {
      const scope = permission && scopeGranting(permission);
      throw new AppError('FORBIDDEN', scope ? `This API key does not have the ${scope} scope.` : 'API keys cannot call this operation.');
    }
    return keyUser(ctx.apiKey);
  }
  if (!ctx.user) {
    throw new AppError(
      'UNAUTHORIZED',
      ctx.tokenRejected ? SESSION_ENDED_MESSAGE : 'Please sign in to continue.',
    );
  }
  return ctx.user;
}

/**
 * A signed-in person (customer or staff); narrows ctx.user to non-null.
 *
 * A session left unread by the context (decision 320: the procedure's meta says its first statement
 * reads it) is confirmed here before the answer leaves, whatever the procedure did: a refusal, a
 * replayed answer or a fault that never reached that statement reads it now, and an ended session
 * turns any answer into 401. Any other procedure confirms it first (a URL can name only what its meta
 * allows, but the rule does not depend on that).
 */
export const authedProcedure = t.procedure.meta({ access: 'signed-in' }).use(async ({ ctx, meta, path, type, getRawInput, next }) => {
  const user = signedInUser(ctx, meta, path);
  const session = ctx.session;
  if (session && !meta?.sessionInItsStatement) await session.confirm();
  let result;
  try {
    await storableInput(getRawInput);
    // tRPC merges this into the context: only what changes is passed.
    result = await next({ ctx: { user } });
  } finally {
    // An ended session's 401 takes the place of whatever the procedure answered or threw.
    await session?.confirm();
  }
  return noteWrites(ctx, type, result);
});

/**
 * A staff procedure: the one place it declares the permission it needs (decision 136). 401 without a
 * valid token, 403 to anyone whose role (or key's scopes) does not grant it. The permission sits in
 * the procedure's meta, so the permission matrix test reads it from the router.
 */
export function staffProcedure(permission: Permission) {
  return t.procedure.meta({ access: 'staff', permission }).use(async ({ ctx, meta, path, type, getRawInput, next }) => {
    const user = signedInUser(ctx, meta, path);
    await ctx.session?.confirm();
    if (!ctx.apiKey && !can(user.role, permission)) {
      throw new AppError(
        'FORBIDDEN',
        user.role === 'customer' ? 'This area is for administrators only.' : 'Your role does not allow this. Ask the shop’s owner if you need it.',
      );
    }
    await storableInput(getRawInput);
    return noteWrites(ctx, type, await next({ ctx: { user } }));
  });
}
