import { t } from './init';
import { AppError, refuseUnstorableText } from '../lib/errors';
import { recordApiKeyUse, type ApiKeyPrincipal } from '../lib/auth-guard';
import { can, scopeGranting, scopesAllow, type Permission } from '../../shared/rules/staff';
import type { AuthUser } from './context';

/**
 * Every procedure's raw input (JSON body, query string and path parameters alike: the REST adapter
 * merges them into one input) is refused when it holds text the database cannot store — a NUL
 * character or an unpaired surrogate (shared/schemas/common.ts) — before its schema or any service
 * reads it. It runs after the guards, so a guest still gets 401 before anything about the input.
 * Procedures built on the three below are covered without a line of their own.
 */
const storableInput = t.middleware(async ({ getRawInput, next }) => {
  refuseUnstorableText(await getRawInput());
  return next();
});

/**
 * Read-your-writes (decision 176): after a signed-in person's mutation (placing, cancelling, a status
 * change…), their reads that may lag go to the primary for a while, on every instance — noted before
 * the answer leaves. Nothing happens without read replicas.
 */
const readYourWrites = t.middleware(async ({ ctx, type, next }) => {
  const result = await next();
  const id = ctx.user?.id;
  if (type === 'mutation' && id && ctx.deps.reads.enabled) await ctx.deps.reads.noteWrite(id);
  return result;
});

/** Anyone, signed in or not. */
export const publicProcedure = t.procedure.meta({ access: 'public' }).use(readYourWrites).use(storableInput);

/** Who an API key acts as: the back office, within the key's scopes; audited as the key. */
function keyUser(key: ApiKeyPrincipal): AuthUser {
  return { id: key.createdBy, email: `api-key:${key.name}`, role: 'admin', name: `API key "${key.name}"` };
}

/**
 * Signed in: narrows ctx.user to non-null. An API key passes only into staff procedures whose
 * permission one of its scopes grants (shared/rules/staff.ts SCOPE_PERMISSIONS); every call is counted.
 */
const signedIn = t.procedure.use(readYourWrites).use(({ ctx, meta, path, next }) => {
  if (ctx.apiKey) {
    const permission = meta?.permission;
    const allowed = !!permission && scopesAllow(ctx.apiKey.scopes, permission);
    recordApiKeyUse(ctx.deps, ctx.apiKey.id, path, ctx.req.ip, allowed);
    if (!allowed) {
      const scope = permission && scopeGranting(permission);
      throw new AppError('FORBIDDEN', scope ? `This API key does not have the ${scope} scope.` : 'API keys cannot call this operation.');
    }
    return next({ ctx: { ...ctx, user: keyUser(ctx.apiKey) } });
  }
  if (!ctx.user) {
    throw new AppError(
      'UNAUTHORIZED',
      ctx.tokenRejected ? 'Your session has expired. Please sign in again.' : 'Please sign in to continue.',
    );
  }
  return next({ ctx: { ...ctx, user: ctx.user } });
});

/** A signed-in person (customer or staff); narrows ctx.user to non-null. */
export const authedProcedure = signedIn.meta({ access: 'signed-in' }).use(storableInput);

/**
 * A staff procedure: the one place it declares the permission it needs (decision 136). 401 without a
 * valid token, 403 to anyone whose role (or key's scopes) does not grant it. The permission sits in
 * the procedure's meta, so the permission matrix test reads it from the router.
 */
export function staffProcedure(permission: Permission) {
  return signedIn
    .meta({ access: 'staff', permission })
    .use(({ ctx, next }) => {
      if (!ctx.apiKey && !can(ctx.user.role, permission)) {
        throw new AppError(
          'FORBIDDEN',
          ctx.user.role === 'customer'
            ? 'This area is for administrators only.'
            : 'Your role does not allow this. Ask the shop’s owner if you need it.',
        );
      }
      return next({ ctx });
    })
    .use(storableInput);
}
