import { t } from './init';
import { AppError, refuseUnstorableText } from '../lib/errors';
import { recordApiKeyUse, type ApiKeyPrincipal } from '../lib/auth-guard';
import { scopeFor } from '../lib/api-key-scopes';
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

/** Anyone, signed in or not. */
export const publicProcedure = t.procedure.use(storableInput);

/** Who an API key acts as: the back office, within the key's scopes; audited as the key. */
function keyUser(key: ApiKeyPrincipal): AuthUser {
  return { id: key.createdBy, email: `api-key:${key.name}`, role: 'admin', name: `API key "${key.name}"` };
}

/**
 * Signed in: narrows ctx.user to non-null. An API key passes only into the procedures its scopes
 * cover (server/domains/auth/api-key-scopes.ts); every call is counted.
 */
const signedIn = t.procedure.use(({ ctx, path, next }) => {
  if (ctx.apiKey) {
    const scope = scopeFor(path);
    const allowed = !!scope && ctx.apiKey.scopes.includes(scope);
    recordApiKeyUse(ctx.deps, ctx.apiKey.id, path, ctx.req.ip, allowed);
    if (!allowed) {
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

/** A signed-in customer or admin; narrows ctx.user to non-null. */
export const authedProcedure = signedIn.use(storableInput);

/** An admin: 401 without a valid token, 403 for a customer. */
export const adminProcedure = signedIn
  .use(({ ctx, next }) => {
    if (ctx.user.role !== 'admin') throw new AppError('FORBIDDEN', 'This area is for administrators only.');
    return next({ ctx });
  })
  .use(storableInput);
