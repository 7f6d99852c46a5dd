import { z } from 'zod';
import { router } from '../../trpc/init';
import { authedProcedure } from '../../trpc/procedures';
import { OkSchema } from '../../../shared/schemas/common';
import { AddressCreateInputSchema, AddressIdInput, AddressSchema, AddressUpdateInputSchema } from '../../../shared/schemas/addresses';
import * as addresses from './addresses.service';

const tags = ['addresses'];

export const addressesRouter = router({
  list: authedProcedure
    .meta({ openapi: { method: 'GET', path: '/user/addresses', tags, summary: 'Your saved delivery addresses, default first' } })
    .input(z.void())
    .output(z.array(AddressSchema))
    .query(({ ctx }) => addresses.list(ctx.deps, ctx.user.id)),

  create: authedProcedure
    .meta({
      openapi: { method: 'POST', path: '/user/addresses', tags, summary: 'Save an address (up to 10; the first one becomes the default)' },
    })
    .input(AddressCreateInputSchema)
    .output(AddressSchema)
    .mutation(({ ctx, input }) => addresses.create(ctx.deps, ctx.user.id, input)),

  update: authedProcedure
    .meta({ openapi: { method: 'PATCH', path: '/user/addresses/{id}', tags, summary: 'Change an address or make it the default' } })
    .input(AddressUpdateInputSchema)
    .output(AddressSchema)
    .mutation(({ ctx, input }) => addresses.update(ctx.deps, ctx.user.id, input)),

  remove: authedProcedure
    .meta({ openapi: { method: 'DELETE', path: '/user/addresses/{id}', tags, summary: 'Delete an address' } })
    .input(AddressIdInput)
    .output(OkSchema)
    .mutation(({ ctx, input }) => addresses.remove(ctx.deps, ctx.user.id, input.id)),
});
