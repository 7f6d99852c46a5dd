import { z } from 'zod';
import { router } from '../../trpc/init';
import { publicProcedure } from '../../trpc/procedures';
import { publicConfig } from '../../config';
import * as system from './system.service';

const Status = z.object({ ok: z.boolean(), database: z.enum(['postgres', 'pglite']) });

export const systemRouter = router({
  health: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/health',
        tags: ['system'],
        summary: 'Liveness: 200 while the process answers, even when the database is away (it is not asked)',
        protect: false,
      },
    })
    .input(z.void())
    .output(Status)
    .query(({ ctx }) => system.health(ctx.deps)),

  ready: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/ready',
        tags: ['system'],
        summary: 'Readiness: 200 when the database answers; 503 SERVICE_BUSY with Retry-After when it does not or the server is shutting down',
        protect: false,
      },
    })
    .input(z.void())
    .output(Status)
    .query(({ ctx }) => system.ready(ctx.deps)),

  publicConfig: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/config',
        tags: ['system'],
        summary: 'Public client configuration (identity provider, payment mode)',
        protect: false,
      },
    })
    .input(z.void())
    .output(
      z.object({
        supabaseUrl: z.string().nullable(),
        supabaseAnonKey: z.string().nullable(),
        razorpayKeyId: z.string().nullable(),
        paymentMode: z.enum(['razorpay', 'test']),
      }),
    )
    .query(({ ctx }) => publicConfig(ctx.deps.config)),
});
