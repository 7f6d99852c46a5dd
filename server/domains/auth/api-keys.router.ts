import { z } from 'zod';
import { router } from '../../trpc/init';
import { staffProcedure } from '../../trpc/procedures';
import { ApiKeyCreatedSchema, ApiKeyCreateInputSchema, ApiKeyIdInputSchema, ApiKeyListSchema, ApiKeySchema, ApiKeyUsesSchema } from '../../../shared/schemas/api-keys';
import * as keys from './api-keys.service';

const tags = ['admin'];

/** /admin/api-keys: secret keys for integrators (decision 094). API keys themselves cannot call these. */
export const apiKeysRouter = router({
  list: staffProcedure('api-keys:manage')
    .meta({ openapi: { method: 'GET', path: '/admin/api-keys', tags, summary: 'API keys, newest first: name, scopes, the first characters, last use, calls in 30 days (never the secret)', protect: true } })
    .input(z.void())
    .output(ApiKeyListSchema)
    .query(({ ctx }) => keys.listKeys(ctx.deps)),

  create: staffProcedure('api-keys:manage')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/api-keys',
        tags,
        summary: 'Create an API key with scopes; the answer carries the secret (hs_live_…) this once only (audited)',
        protect: true,
      },
    })
    .input(ApiKeyCreateInputSchema)
    .output(ApiKeyCreatedSchema)
    .mutation(({ ctx, input }) => keys.createKey(ctx.deps, ctx.user, input)),

  revoke: staffProcedure('api-keys:manage')
    .meta({ openapi: { method: 'POST', path: '/admin/api-keys/{id}/revoke', tags, summary: 'Revoke an API key: 401 for it on every server from now on (audited)', protect: true } })
    .input(ApiKeyIdInputSchema)
    .output(ApiKeySchema)
    .mutation(({ ctx, input }) => keys.revokeKey(ctx.deps, ctx.user, input.id)),

  uses: staffProcedure('api-keys:manage')
    .meta({ openapi: { method: 'GET', path: '/admin/api-keys/{id}/uses', tags, summary: 'The usage record of a key: calls per operation and minute (refused ones counted), newest first', protect: true } })
    .input(ApiKeyIdInputSchema)
    .output(ApiKeyUsesSchema)
    .query(({ ctx, input }) => keys.listUses(ctx.deps, input.id)),
});
