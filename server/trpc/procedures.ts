import { t } from './init';
import { AppError } from '../lib/errors';

/** Anyone, signed in or not. */
export const publicProcedure = t.procedure;

/** A signed-in customer or admin; narrows ctx.user to non-null. */
export const authedProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.user) {
    throw new AppError(
      'UNAUTHORIZED',
      ctx.tokenRejected ? 'Your session has expired. Please sign in again.' : 'Please sign in to continue.',
    );
  }
  return next({ ctx: { ...ctx, user: ctx.user } });
});

/** An admin: 401 without a valid token, 403 for a customer. */
export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== 'admin') throw new AppError('FORBIDDEN', 'This area is for administrators only.');
  return next({ ctx });
});
