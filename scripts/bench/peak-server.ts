// Child process of the morning-peak bench: one shop instance (its own pools, caches, LISTEN), as a
// server process behind the load balancer would be. Its database settings come from the environment
// (DATABASE_URL, DATABASE_DIRECT_URL, DATABASE_READ_URL), as in production.
import crypto from 'node:crypto';
import { loadConfig } from '../../server/config';
import { buildApp } from '../../server/app';
import { createDatabase } from '../../db/database';
import { placeOrder } from '../../server/domains/orders/orders.service';
import type { AuthUser } from '../../server/trpc/context';

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', SERVE_CLIENT: 'false', RUN_JOBS: 'false' });
const dbh = await createDatabase({
  databaseUrl: config.DATABASE_URL,
  directUrl: config.DATABASE_DIRECT_URL,
  readUrls: config.DATABASE_READ_URL,
  poolSize: Number(process.env.BENCH_POOL ?? 10),
});
const { app, deps } = await buildApp({ config, dbh, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });

export interface Scheduled {
  user: AuthUser;
  addressId: string;
  slotId: string;
  date: string;
}

/**
 * The cut-off job's share of this instance: each scheduled delivery placed through the one placement
 * path, on the jobs' pool (as a job runs), `width` at a time. Until standing deliveries exist
 * (issue 26), 5,000 scheduled placements stand for them.
 */
async function cutoff(items: Scheduled[], lines: unknown[], width: number) {
  const jobDeps = { ...deps, db: dbh.jobs() };
  const started = performance.now();
  const ms: number[] = [];
  const errors: Record<string, number> = {};
  let i = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (i < items.length) {
        const s = items[i++]!;
        const t0 = performance.now();
        try {
          await placeOrder(jobDeps, s.user, { lines, addressId: s.addressId, slotId: s.slotId, date: s.date, paymentMethod: 'cod' } as never, crypto.randomUUID());
          ms.push(performance.now() - t0);
        } catch (e) {
          const code = (e as { code?: string }).code ?? 'error';
          errors[code] = (errors[code] ?? 0) + 1;
        }
      }
    }),
  );
  return { placed: ms.length, errors, ms, seconds: (performance.now() - started) / 1000 };
}

process.on('message', async (m: { cmd: string; items?: Scheduled[]; lines?: unknown[]; width?: number }) => {
  if (m.cmd === 'cutoff') process.send?.({ cutoff: await cutoff(m.items!, m.lines!, m.width ?? 2) });
  if (m.cmd === 'stop') {
    await app.close();
    await dbh.close();
    process.send?.({ stopped: true });
    process.exit(0);
  }
});
process.send?.({ ready: true, port: (app.server.address() as { port: number }).port });
