import fs from 'node:fs';
import path from 'node:path';
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
  log('Bundling the server…');
  const esbuild = await import('esbuild');
  await esbuild.build({
    entryPoints: [path.join(ROOT, 'server/index.ts')],
    outfile: path.join(ROOT, 'dist/server/index.js'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  fs.writeFileSync(STAMP, new Date().toISOString());
  log(`Built in ${((Date.now() - t0) / 1000).toFixed(1)} s.`);
}
