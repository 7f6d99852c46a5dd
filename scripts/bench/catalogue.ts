import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { forkTs, load, type BenchRow } from './lib';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Hot catalogue reads against a bare Fastify JSON route in the same run (QUALITY: ≥ 0.5×, zero DB queries warm). */
export async function runCatalogueBench(opts: { seconds?: number } = {}): Promise<BenchRow[]> {
  const { child, info, ask } = await forkTs<{ appPort: number; barePort: number; database: string }>(path.join(here, 'catalogue-server.ts'));
  const seconds = opts.seconds ?? 8;
  try {
    const app = `http://127.0.0.1:${info.appPort}`;
    // Warm the cache, then count pool checkouts during the measured load.
    for (const p of ['/api/shakes/signature', '/api/ingredients', '/trpc/catalogue.signatureShakes']) await fetch(app + p);
    const before = (await ask<{ acquires: number }>('acquires')).acquires;
    const bareUrl = (name: string) => `http://127.0.0.1:${info.barePort}/bare/${name}`;
    // Each target is measured right after its own baseline (same body), so machine noise hits both alike.
    const pair = async (name: string, url: string, baseline: string): Promise<[BenchRow, { rps: number; p99: number }]> => {
      const b = await load(bareUrl(baseline), { seconds });
      const r = await load(url, { seconds });
      return [{ name, value: r.rps, unit: 'req/s', baseline: b.rps, ratio: r.rps / b.rps, budget: '≥ 0.5× bare', pass: r.rps / b.rps >= 0.5 }, r];
    };
    // Warm-up (JIT, caches, sockets) for every target and baseline before anything is measured.
    for (const u of [bareUrl('shakes'), `${app}/api/shakes/signature`, `${app}/trpc/catalogue.signatureShakes`, `${app}/api/ingredients`]) {
      await load(u, { seconds: 2 });
    }
    const [restRow, rest] = await pair('GET /api/shakes/signature', `${app}/api/shakes/signature`, 'shakes');
    const [trpcRow] = await pair('GET /trpc/catalogue.signatureShakes', `${app}/trpc/catalogue.signatureShakes`, 'trpcShakes');
    const [ingRow] = await pair('GET /api/ingredients', `${app}/api/ingredients`, 'ingredients');
    const after = (await ask<{ acquires: number }>('acquires')).acquires;
    return [
      { name: `bare Fastify JSON route, same body (baseline, ${info.database})`, value: restRow.baseline!, unit: 'req/s' },
      restRow,
      trpcRow,
      ingRow,
      { name: 'database queries during warm catalogue load', value: after - before, unit: 'queries', budget: '0', pass: after - before === 0 },
      { name: 'p99 GET /api/shakes/signature', value: rest.p99, unit: 'ms' },
    ];
  } finally {
    child.send({ cmd: 'stop' });
  }
}
