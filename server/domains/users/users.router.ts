import { z } from 'zod';
import { router } from '../../trpc/init';
import { authedProcedure } from '../../trpc/procedures';
import { ProfilePatchSchema, ProfileSchema } from '../../../shared/schemas/auth';
import * as users from './users.service';

export const usersRouter = router({
  profile: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/user/profile', tags: ['user'], summary: "The signed-in customer's profile", protect: true } })
    .input(z.void())
    .output(ProfileSchema)
    .query(({ ctx }) => users.getProfile(ctx.deps, ctx.user.id)),

  updateProfile: authedProcedure
    .meta({
      openapi: {
        method: 'PATCH',
        path: '/user/profile',
        tags: ['user'],
        summary: 'Change name, username or mobile (other fields are ignored)',
        protect: true,
      },
    })
    .input(ProfilePatchSchema)
    .output(ProfileSchema)
    .mutation(({ ctx, input }) => users.updateProfile(ctx.deps, ctx.user.id, input)),
});
