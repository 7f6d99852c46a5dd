import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../server/trpc/openapi';
import { calleeOf, markdown, type RouteRow } from './routes';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * `npm run routes` is run the way a newcomer runs it (tsx, in its own process): inside vitest the
 * modules are transformed and a resolver's text is not what tsx gives, so the generator is not
 * called in-process. Its rows are compared with the OpenAPI document, which trpc-to-openapi makes
 * from the same router by its own walk: an independent path.
 */
let rows: RouteRow[];

beforeAll(async () => {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/routes.ts', '--json'], {
    cwd: ROOT,
    maxBuffer: 8 * 1024 * 1024,
  });
  rows = JSON.parse(stdout) as RouteRow[];
}, 180_000);

describe('npm run routes', () => {
  it('lists every operation of the OpenAPI document exactly once, and no REST path the document lacks', async () => {
    const doc = (await openApiDocument()) as unknown as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(doc.paths)
      .flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} /api${p}`))
      .sort();
    const listed = rows
      .filter((r) => r.method !== '-')
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    expect(operations.length).toBeGreaterThan(100);
    expect(listed).toEqual(operations);
  });

  it('maps known paths to their procedure, service function and file', () => {
    const row = (method: string, p: string) => rows.find((r) => r.method === method && r.path === p);
    const known: [method: string, path: string, want: Record<string, unknown>][] = [
      ['GET', '/api/user/orders', { procedure: 'orders.history', service: 'history', file: 'server/domains/orders/orders.service.ts' }],
      // Defined in orders.lifecycle.router.ts and spread into the orders router.
      [
        'POST',
        '/api/orders/{id}/cancel',
        { procedure: 'orders.cancel', service: 'cancelByCustomer', file: 'server/domains/orders/orders.lifecycle.ts' },
      ],
      // `admin` names a different module in slots.router.ts than in admin.router.ts.
      [
        'GET',
        '/api/admin/delivery-slots',
        { procedure: 'slots.admin.overview', file: 'server/domains/slots/slots-admin.service.ts' },
      ],
      [
        'GET',
        '/api/admin/dashboard',
        { procedure: 'admin.dashboard', service: 'dashboard', file: 'server/domains/admin/admin.service.ts' },
      ],
      ['GET', '/api/orders/{id}/invoice.pdf', { procedure: null, file: 'server/domains/orders/orders.http.ts' }],
    ];
    for (const [method, p, want] of known) expect(row(method, p), `${method} ${p}`).toMatchObject(want);
    // The one tRPC-only procedure (a subscription) is listed too.
    expect(rows.find((r) => r.procedure === 'orders.live')).toMatchObject({ method: '-', path: '(tRPC only)' });
  });

  it('names an existing file on every row', () => {
    for (const r of rows) expect(fs.existsSync(path.join(ROOT, r.file)), `${r.procedure ?? r.path}: ${r.file}`).toBe(true);
  });

  it('docs/routes.md is what `npm run routes -- --markdown` writes today', () => {
    const committed = fs.readFileSync(path.join(ROOT, 'docs/routes.md'), 'utf8');
    expect(committed, 'run `npm run routes -- --markdown` and commit docs/routes.md').toBe(markdown(rows));
  });

  it('reads the service call from a one-line resolver, and refuses anything else', () => {
    expect(calleeOf('({ ctx, input }) => orders.history(ctx.deps, ctx.user, input, ctx.resHeaders)')).toEqual({
      ns: 'orders',
      fn: 'history',
    });
    expect(calleeOf('async ({ ctx }) => await publicConfig(ctx.deps)')).toEqual({ ns: null, fn: 'publicConfig' });
    expect(calleeOf('async ({ ctx, input }) => {\n  await users.updateProfile(ctx.deps, input);\n  return 1;\n}')).toBeNull();
    expect(calleeOf('({ ctx }) => ({ ok: true })')).toBeNull();
  });
});
