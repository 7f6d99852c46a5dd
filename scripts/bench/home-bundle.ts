import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
// @ts-expect-error plain ESM helper without types
import { build, buildIsStale } from '../build-lib.mjs';
import type { BenchRow } from './lib';

type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean; css?: string[] }>;

/** Gzipped JavaScript the home page loads before interaction: the entry, the home chunk and their static imports. */
export async function runHomeBundleBench(): Promise<BenchRow[]> {
  if (buildIsStale()) await build({ quiet: true, ifStale: true });
  const dir = path.resolve('dist/client');
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const i of manifest[key].imports ?? []) walk(i);
  };
  // index.html and the app (main.tsx, started by index.html's first-view script) are both entries.
  for (const k of Object.keys(manifest)) if (manifest[k].isEntry) walk(k);
  walk(Object.keys(manifest).find((k) => /first-view-[\w-]+\.js$/.test(manifest[k].file)) ?? '');
  const homeKey = Object.keys(manifest).find((k) => k.endsWith('routes/home.tsx'));
  if (homeKey) walk(homeKey);
  const files = [...seen].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  const gz = (f: string) => zlib.gzipSync(fs.readFileSync(path.join(dir, f)), { level: 9 }).length;
  const total = files.reduce((n, f) => n + gz(f), 0) / 1024;
  const forbidden = files.filter((f) => /admin|razorpay|supabase|payment/i.test(f));
  return [
    { name: `home page JS before interaction (${files.length} files, gzip)`, value: total, unit: 'KiB', budget: '≤ 110 KiB', pass: total <= 110 },
    { name: 'admin / payment / identity code in the home bundle', value: forbidden.length, unit: 'files', budget: '0', pass: forbidden.length === 0 },
  ];
}
