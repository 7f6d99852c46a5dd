import { z } from 'zod';
import { router } from '../../trpc/init';
import { publicProcedure } from '../../trpc/procedures';
import { publicConfig } from '../../config';
import * as system from './system.service';

export const systemRouter = router({
  health: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/health', tags: ['system'], summary: 'Liveness and database reachability', protect: false } })
    .input(z.void())
    .output(z.object({ ok: z.boolean(), database: z.enum(['postgres', 'pglite']) }))
    .query(({ ctx }) => system.health(ctx.deps)),

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
