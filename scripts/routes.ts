/**
 * `npm run routes`: every REST path → tRPC procedure → service function → file, made from the
 * router itself, so the map cannot go stale.
 *
 *   npm run routes                          → an aligned table, grouped by tag
 *   npm run routes -- --json                → the same rows as JSON (for scripts)
 *   npm run routes -- --markdown            → writes docs/routes.md
 *
 * How a row is found: the procedures come from `appRouter._def.procedures` (with their
 * `meta.openapi`); a procedure is one line into a service (`({ ctx, input }) => orders.history(…)`),
 * so the service function is read from the resolver's own text and its namespace is looked up in the
 * imports of the router files under server/domains. The function is then checked to exist in that
 * module. A procedure that breaks the pattern, an import that cannot be matched, or an OpenAPI
 * operation that nothing answers makes the script exit 1 with the reason: a newcomer's map that is
 * silently wrong is worse than none. The few plain Fastify routes (files and raw bodies, listed in
 * the OpenAPI document by server/trpc/openapi.ts) are in PLAIN_ROUTES below; an operation missing
 * from both fails the same way.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { appRouter } from '../server/trpc/router';
import { openApiDocument } from '../server/trpc/openapi';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DOMAINS = path.join(ROOT, 'server/domains');
export const MARKDOWN_FILE = path.join(ROOT, 'docs/routes.md');

export interface RouteRow {
  /** GET, POST, … or '-' for a procedure reachable over /trpc only. */
  method: string;
  /** The full REST path as a client calls it (/api/…), or '(tRPC only)'. */
  path: string;
  tags: string[];
  /** The tRPC procedure path (`orders.history`), or null for a plain Fastify route. */
  procedure: string | null;
  /** The service function the procedure calls (`history`), or the route's handler for a plain route. */
  service: string;
  /** The file that holds it, relative to the repository root. */
  file: string;
}

/**
 * Plain Fastify routes that the OpenAPI document describes by hand (server/trpc/openapi.ts,
 * FILE_ROUTES): they answer files or raw bodies, so they are not procedures.
 */
const PLAIN_ROUTES: RouteRow[] = [
  {
    method: 'POST',
    path: '/api/notifications/whatsapp/webhook',
    tags: ['notifications'],
    procedure: null,
    service: 'registerWhatsAppWebhook',
    file: 'server/domains/notifications/notifications.webhook.ts',
  },
  {
    method: 'POST',
    path: '/api/payment/webhook',
    tags: ['payment'],
    procedure: null,
    service: 'registerPaymentWebhook',
    file: 'server/domains/payments/payments.webhook.ts',
  },
  {
    method: 'GET',
    path: '/api/orders/{id}/invoice.pdf',
    tags: ['orders'],
    procedure: null,
    service: 'registerOrderFiles',
    file: 'server/domains/orders/orders.http.ts',
  },
  {
    method: 'GET',
    path: '/api/admin/orders/export.csv',
    tags: ['admin', 'orders'],
    procedure: null,
    service: 'registerOrderFiles',
    file: 'server/domains/orders/orders.http.ts',
  },
  {
    method: 'GET',
    path: '/api/admin/kitchen/prep-sheet.pdf',
    tags: ['admin', 'kitchen'],
    procedure: null,
    service: 'registerKitchenFiles',
    file: 'server/domains/kitchen/kitchen.http.ts',
  },
  {
    method: 'GET',
    path: '/api/admin/kitchen/labels.pdf',
    tags: ['admin', 'kitchen'],
    procedure: null,
    service: 'registerKitchenFiles',
    file: 'server/domains/kitchen/kitchen.http.ts',
  },
  {
    method: 'GET',
    path: '/api/admin/purchase-plan.csv',
    tags: ['admin', 'stock'],
    procedure: null,
    service: 'registerPurchasePlanFiles',
    file: 'server/domains/admin/purchase-plan.http.ts',
  },
  {
    method: 'GET',
    path: '/api/admin/purchase-plan.pdf',
    tags: ['admin', 'stock'],
    procedure: null,
    service: 'registerPurchasePlanFiles',
    file: 'server/domains/admin/purchase-plan.http.ts',
  },
  {
    method: 'POST',
    path: '/api/admin/images',
    tags: ['admin', 'catalogue'],
    procedure: null,
    service: 'registerCatalogueImages',
    file: 'server/domains/catalogue/catalogue.images.ts',
  },
  {
    method: 'GET',
    path: '/api/images/{file}',
    tags: ['catalogue'],
    procedure: null,
    service: 'registerCatalogueImages',
    file: 'server/domains/catalogue/catalogue.images.ts',
  },
  {
    method: 'POST',
    path: '/api/rider/orders/{id}/photo',
    tags: ['rider'],
    procedure: null,
    service: 'registerDeliveryPhotos',
    file: 'server/domains/orders/orders.photo.http.ts',
  },
  {
    method: 'GET',
    path: '/api/orders/{id}/delivery-photo.webp',
    tags: ['orders'],
    procedure: null,
    service: 'registerDeliveryPhotos',
    file: 'server/domains/orders/orders.photo.http.ts',
  },
];

/**
 * Procedures known to break the one-call pattern, with the service function they lead with. Each
 * is a debt, not a second way: the script fails when an entry here starts to follow the pattern
 * (remove the entry) as loudly as when a new procedure breaks it (fix the procedure).
 */
const KNOWN_EXCEPTIONS: Record<string, { service: string; file: string; also: string }> = {
  'auth.updateProfile': {
    service: 'updateProfile',
    file: 'server/domains/users/users.service.ts',
    // users.updateProfile, then auth.sessionUser for the answer: two services composed in the router.
    also: 'auth.sessionUser',
  },
};

interface Binding {
  /** `* as name` (namespace) or `{ name }` (named, `imported` is the exported name). */
  kind: 'namespace' | 'named';
  imported: string;
  /** The imported module's file, relative to the repository root. */
  file: string;
}

interface RouterFile {
  file: string;
  text: string;
  bindings: Map<string, Binding>;
}

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? walk(full) : [full];
  });
}

function resolveModule(fromFile: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return path.relative(ROOT, candidate);
  }
  return null;
}

/** The router files' import bindings: `import * as x from '…'` and `import { a, b as c } from '…'`. */
function routerFiles(): RouterFile[] {
  return walk(DOMAINS)
    .filter((f) => f.endsWith('.router.ts'))
    .map((full) => {
      const text = fs.readFileSync(full, 'utf8');
      const bindings = new Map<string, Binding>();
      for (const m of text.matchAll(/import\s+(?!type\b)([^'";]+?)\s+from\s+['"]([^'"]+)['"]/g)) {
        const [, clause, spec] = m as unknown as [string, string, string];
        const file = resolveModule(full, spec);
        if (!file) continue;
        const ns = /\*\s+as\s+([\w$]+)/.exec(clause);
        if (ns) bindings.set(ns[1]!, { kind: 'namespace', imported: '*', file });
        const named = /\{([^}]*)\}/.exec(clause);
        for (const part of named ? named[1]!.split(',') : []) {
          const p = part.trim();
          if (!p || p.startsWith('type ')) continue;
          const [imported, local = imported] = p.split(/\s+as\s+/).map((s) => s.trim()) as [string, string?];
          bindings.set(local!, { kind: 'named', imported, file });
        }
      }
      return { file: path.relative(ROOT, full), text, bindings };
    });
}

interface ProcedureLike {
  _def: { type: string; meta?: { openapi?: { method: string; path: string; tags?: string[] } }; resolver?: unknown };
}

/** `ns.fn` or `fn` from a resolver whose body is one call: `({ ctx, input }) => ns.fn(…)`. */
export function calleeOf(source: string): { ns: string | null; fn: string } | null {
  const arrow = source.indexOf('=>');
  if (arrow < 0) return null;
  const m = /^\s*(?:await\s+)?([A-Za-z_$][\w$]*)(?:\.([A-Za-z_$][\w$]*))?\s*\(/.exec(source.slice(arrow + 2));
  if (!m) return null;
  return m[2] ? { ns: m[1]!, fn: m[2] } : { ns: null, fn: m[1]! };
}

const escape = (s: string) => s.replace(/[$.]/g, '\\$&');

/**
 * Whether a router file defines procedure `key` as a call to `call` (`orders.history`): the key at
 * the start of a line, and the call right after that procedure's `.query(` / `.mutation(` /
 * `.subscription(` arrow. Binding the key to its call keeps two files that import different modules
 * under one name (`admin` in admin.router.ts and slots.router.ts) apart.
 */
function definesProcedure(text: string, key: string, call: string): boolean {
  const re = new RegExp(
    `^[ \\t]*${escape(key)}\\s*:[\\s\\S]*?\\.(?:query|mutation|subscription)\\(\\s*(?:async\\s*)?\\([^)]*\\)\\s*=>\\s*(?:await\\s+)?${escape(call)}\\s*\\(`,
    'gm',
  );
  // The lazy `[\s\S]*?` may run on into the next procedure; accept a match only if no other
  // procedure starts in between (a line `name: someProcedure`).
  for (const m of text.matchAll(re)) {
    const between = m[0].split('\n').slice(1, -1);
    if (!between.some((l) => /^\s*[\w$]+\s*:\s*[\w$]*[Pp]rocedure\b/.test(l))) return true;
  }
  return false;
}

type OpenApiMeta = { method: string; path: string; tags?: string[] } | undefined;

function rowOf(procPath: string, openapi: OpenApiMeta): Pick<RouteRow, 'method' | 'path' | 'tags' | 'procedure'> {
  return {
    method: openapi ? openapi.method.toUpperCase() : '-',
    path: openapi ? `/api${openapi.path}` : '(tRPC only)',
    tags: openapi?.tags ?? [procPath.split('.')[0]!],
    procedure: procPath,
  };
}

/** Every row, or the reasons some could not be made. */
export async function collectRoutes(): Promise<{ rows: RouteRow[]; problems: string[] }> {
  const problems: string[] = [];
  const files = routerFiles();
  const procedures = (appRouter as unknown as { _def: { procedures: Record<string, ProcedureLike> } })._def.procedures;
  const rows: RouteRow[] = [];

  for (const [procPath, proc] of Object.entries(procedures)) {
    const def = proc._def;
    const openapi = def.meta?.openapi;
    const key = procPath.split('.').at(-1)!;
    const resolver = def.resolver;
    const callee = typeof resolver === 'function' ? calleeOf(resolver.toString()) : null;
    const known = KNOWN_EXCEPTIONS[procPath];
    if (known) {
      if (callee) problems.push(`${procPath}: now one call into a service; remove it from KNOWN_EXCEPTIONS in scripts/routes.ts`);
      const mod = (await import(pathToFileURL(path.join(ROOT, known.file)).href)) as Record<string, unknown>;
      if (typeof mod[known.service] !== 'function') problems.push(`${procPath}: ${known.file} exports no function \`${known.service}\``);
      rows.push({ ...rowOf(procPath, def.meta?.openapi), service: `${known.service} (+ ${known.also})`, file: known.file });
      continue;
    }
    if (!callee) {
      problems.push(`${procPath}: its resolver is not one call into a service (\`(…) => service.fn(…)\`)`);
      continue;
    }
    const local = callee.ns ?? callee.fn;
    const call = `${callee.ns ? `${callee.ns}.` : ''}${callee.fn}`;
    const targets = new Set<string>();
    let imported = callee.fn;
    for (const f of files) {
      const b = f.bindings.get(local);
      if (!b || !definesProcedure(f.text, key, call)) continue;
      if ((callee.ns !== null) !== (b.kind === 'namespace')) continue;
      if (b.kind === 'named') imported = b.imported;
      targets.add(b.file);
    }
    if (targets.size !== 1) {
      problems.push(
        `${procPath}: \`${callee.ns ? `${callee.ns}.` : ''}${callee.fn}\` ` +
          (targets.size === 0 ? 'matches no import of a router file' : `is ambiguous (${[...targets].join(', ')})`),
      );
      continue;
    }
    const file = [...targets][0]!;
    const mod = (await import(pathToFileURL(path.join(ROOT, file)).href)) as Record<string, unknown>;
    if (typeof mod[imported] !== 'function') {
      problems.push(`${procPath}: ${file} exports no function \`${imported}\``);
      continue;
    }
    rows.push({ ...rowOf(procPath, openapi), service: imported, file });
  }

  // Every operation of the OpenAPI document is answered by exactly one row, and no row is extra.
  const doc = (await openApiDocument()) as unknown as { paths: Record<string, Record<string, unknown>> };
  const operations = new Set(Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} /api${p}`)));
  for (const r of PLAIN_ROUTES) {
    const mod = fs.existsSync(path.join(ROOT, r.file))
      ? ((await import(pathToFileURL(path.join(ROOT, r.file)).href)) as Record<string, unknown>)
      : {};
    if (typeof mod[r.service] !== 'function') problems.push(`${r.method} ${r.path}: ${r.file} exports no function \`${r.service}\``);
    rows.push(r);
  }
  const seen = new Map<string, number>();
  for (const r of rows) if (r.method !== '-') seen.set(`${r.method} ${r.path}`, (seen.get(`${r.method} ${r.path}`) ?? 0) + 1);
  for (const op of operations)
    if (!seen.has(op)) problems.push(`${op}: in the OpenAPI document but answered by no procedure or plain route`);
  for (const [op, n] of seen) {
    if (!operations.has(op)) problems.push(`${op}: not in the OpenAPI document`);
    if (n > 1) problems.push(`${op}: listed ${n} times`);
  }

  const group = (r: RouteRow) => r.tags[0] ?? '';
  rows.sort((a, b) => group(a).localeCompare(group(b)) || a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  return { rows, problems };
}

function table(rows: RouteRow[]): string {
  const cells = rows.map((r) => [r.method, r.path, r.procedure ?? '(plain Fastify route)', r.service, r.file]);
  const widths = [0, 1, 2, 3].map((i) => Math.max(...cells.map((c) => c[i]!.length)));
  const out: string[] = [];
  let tag: string | null = null;
  rows.forEach((r, i) => {
    if (r.tags[0] !== tag) {
      tag = r.tags[0]!;
      out.push(`${out.length ? '\n' : ''}${tag}`);
    }
    out.push('  ' + cells[i]!.map((c, j) => (j < 4 ? c.padEnd(widths[j]!) : c)).join('  '));
  });
  return out.join('\n');
}

export function markdown(rows: RouteRow[]): string {
  const out = [
    '# Routes',
    '',
    'Made by `npm run routes -- --markdown` from the router itself (scripts/routes.ts); do not edit by hand.',
    'Each REST path → the tRPC procedure that answers it → the service function it calls → that function’s file.',
    '“(tRPC only)” procedures have no REST twin; plain Fastify routes answer files or raw bodies.',
  ];
  let tag: string | null = null;
  for (const r of rows) {
    if (r.tags[0] !== tag) {
      tag = r.tags[0]!;
      out.push('', `## ${tag}`, '', '| Method | Path | Procedure | Service function | File |', '| --- | --- | --- | --- | --- |');
    }
    const proc = r.procedure ? `\`${r.procedure}\`` : '(plain Fastify route)';
    out.push(`| ${r.method} | \`${r.path}\` | ${proc} | \`${r.service}\` | [${r.file}](../${r.file}) |`);
  }
  return out.join('\n') + '\n';
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const { rows, problems } = await collectRoutes();
  if (problems.length) {
    console.error(`npm run routes: ${problems.length} route(s) cannot be mapped:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  if (args.includes('--json')) console.log(JSON.stringify(rows, null, 2));
  else if (args.includes('--markdown')) {
    fs.writeFileSync(MARKDOWN_FILE, markdown(rows));
    console.log(`wrote ${path.relative(ROOT, MARKDOWN_FILE)} (${rows.length} routes)`);
  } else console.log(table(rows));
  process.exit(0);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
