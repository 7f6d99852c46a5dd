import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = ['server', 'shared', 'db', 'client', 'package.json', 'vite.config.ts', 'package-lock.json'];
const STAMP = path.join(ROOT, 'dist', '.build-stamp');

function newest(p) {
  let st;
  try {
    st = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const e of fs.readdirSync(p)) {
    if (e === 'node_modules' || e.startsWith('.')) continue;
    max = Math.max(max, newest(path.join(p, e)));
  }
  return max;
}

/** True when dist/ is missing or older than any source file. */
export function buildIsStale() {
  if (!fs.existsSync(path.join(ROOT, 'dist/server/index.js')) || !fs.existsSync(path.join(ROOT, 'dist/client/index.html'))) return true;
  const stamp = fs.existsSync(STAMP) ? fs.statSync(STAMP).mtimeMs : 0;
  return SOURCES.some((s) => newest(path.join(ROOT, s)) > stamp);
}

/** Several processes (parallel test runs) may want a build at once: one builds, the others wait. */
async function withBuildLock(fn) {
  const lock = path.join(ROOT, '.build-lock');
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 180_000 || Date.now() > deadline) fs.rmSync(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Pure-JavaScript ES module packages bundled into the server: loaded from node_modules they are
 * hundreds of small files (kysely alone is ~400) that Node resolves and reads one by one at every
 * boot. Everything else stays in node_modules: native code (argon2), WebAssembly and data files
 * found next to the package (PGlite), CommonJS packages, and anything needing its own files.
 * A package bundled here must not also be imported by a package left outside (two copies of zod
 * or tRPC would not recognise each other's objects), hence zod with every zod user.
 */
const BUNDLED = new Set(['kysely', 'zod', 'zod-openapi', 'jose', '@trpc/server', 'trpc-to-openapi', 'openapi3-ts', 'h3']);
/**
 * Bundled packages whose modules do nothing when loaded but define and export, though their
 * package.json does not say so (`"sideEffects": false`). Said here, the bundler leaves out what the
 * server never uses: trpc-to-openapi's index re-exports every adapter (the Nuxt one brings h3 and its
 * seven packages) and openapi3-ts's document builder (which brings yaml); the server uses the Fastify
 * adapter and the generator. Less code loaded at boot is less idle memory (decision 186).
 */
const SIDE_EFFECT_FREE = ['trpc-to-openapi', 'openapi3-ts'];
const inSideEffectFree = (file) => SIDE_EFFECT_FREE.some((p) => file.includes(`${path.sep}node_modules${path.sep}${p}${path.sep}`));
/**
 * trpc-to-openapi's body reader imports co-body (with raw-body, iconv-lite, qs and type-is: ~1.8 MB of
 * heap) but calls it only when the request has no parsed body, which a Fastify request always has. In
 * the bundle that import loads co-body on its first call instead of at boot (decision 316).
 */
const CO_BODY_ON_FIRST_USE = `import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
export default (req, opts) => require('co-body')(req, opts);`;
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^co-body$/ }, (args) =>
      args.importer.includes(`${path.sep}node_modules${path.sep}trpc-to-openapi${path.sep}`) ? { path: 'co-body', namespace: 'on-first-use' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'on-first-use' }, () => ({ contents: CO_BODY_ON_FIRST_USE, loader: 'js', resolveDir: ROOT }));
    b.onResolve({ filter: /^[^./]/ }, async (args) => {
      const parts = args.path.split('/');
      const name = args.path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
      if (!BUNDLED.has(name)) return { external: true };
      if (!SIDE_EFFECT_FREE.includes(name) || args.pluginData?.resolving) return undefined;
      const r = await b.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { resolving: true } });
      return r.errors.length ? undefined : { path: r.path, sideEffects: false };
    });
    // The same for the files such a package imports from itself.
    b.onResolve({ filter: /^\./ }, (args) => {
      if (!inSideEffectFree(args.importer)) return undefined;
      return { path: path.resolve(args.resolveDir, args.path), sideEffects: false };
    });
  },
};

/** What is worth compressing ahead: text the browser fetches (fonts and pictures are compressed already). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;

/**
 * Every compressible client file ≥ 1 KiB once more as FILE.br (brotli, quality 11) and FILE.gz (gzip
 * -9), written once at build. The server sends the one the browser accepts (@fastify/static's
 * `preCompressed`) instead of compressing each asset again on every request, at a lower quality:
 * the asset files are 13 % smaller on the wire than brotli 4 made them (decision 245), and the server spends no CPU on them.
 */
function precompress(dir) {
  let n = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) n += precompress(file);
    else if (COMPRESSIBLE.test(e.name)) {
      const body = fs.readFileSync(file);
      if (body.length < 1024) continue;
      fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
      n++;
    }
  }
  return n;
}

/** Build the client (Vite) and bundle the server (esbuild; dependencies stay in node_modules). */
export async function build(opts = {}) {
  return withBuildLock(() => (buildIsStale() || !opts.ifStale ? buildNow(opts) : undefined));
}

async function buildNow({ quiet = false } = {}) {
  const t0 = Date.now();
  const log = (m) => quiet || console.log(m);
  log('Building the client…');
  const vite = await import('vite');
  // Always a production build, even when called from tests (NODE_ENV=test would pull in React's dev runtime).
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await vite.build({ configFile: path.join(ROOT, 'vite.config.ts'), mode: 'production', logLevel: quiet ? 'warn' : 'info' });
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  }
  const squeezed = precompress(path.join(ROOT, 'dist/client'));
  log(`Compressed ${squeezed} client files ahead (brotli 11, gzip 9).`);
  log('Bundling the server…');
  const esbuild = await import('esbuild');
  const outdir = path.join(ROOT, 'dist/server');
  fs.rmSync(outdir, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: { index: path.join(ROOT, 'server/index.ts') },
    outdir,
    // The app loads as a chunk of its own while the database starts (server/boot.ts).
    splitting: true,
    chunkNames: '[name]-[hash]',
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    plugins: [externalPackages],
    sourcemap: true,
    // Whitespace and comments out (names kept, the source map maps back). V8 holds each chunk's source
    // in memory for as long as the server runs, and a comment's one "₹" or em dash makes the whole
    // chunk a two-byte string: ~4 MB of the idle heap was chunk source (decision 152).
    minifyWhitespace: true,
    logLevel: 'warning',
  });
  fs.writeFileSync(STAMP, new Date().toISOString());
  log(`Built in ${((Date.now() - t0) / 1000).toFixed(1)} s.`);
}
