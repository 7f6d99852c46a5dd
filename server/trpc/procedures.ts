import { t } from './init';
import { AppError, refuseUnstorableText } from '../lib/errors';

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

const signedIn = t.procedure.use(({ ctx, next }) => {
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
