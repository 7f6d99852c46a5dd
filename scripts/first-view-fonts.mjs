/**
 * The first view's own fonts (decision 315): Manrope and Fraunces cut down, by HarfBuzz (subset-font),
 * to the characters and weights the prerendered header and hero show in each. The home page paints in
 * them before the full fonts are fetched, so the hero's poster does not share Slow 4G with 64 KB of fonts.
 *
 *   npm run build && npm run fonts:first-view && npm run build
 *
 * Opens the built index.html in Chromium (the app held back), reads which characters and weights each
 * face draws in #first-view, at 1280 and 375 px, and writes client/src/styles/fonts/*-first-view.woff2
 * with first-view-fonts.json. The build refuses a first view with a character these files lack
 * (vite.config.ts, firstView); test/browser/home.test.ts checks each face's characters and weights.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import subsetFont from 'subset-font';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fonts = path.join(root, 'client/src/styles/fonts');
const dist = path.join(root, 'dist/client');
const FACES = { manrope: 'Manrope First View', fraunces: 'Fraunces First View' };

/** What each first-view face draws: its characters and its lightest and boldest weight. */
/* global document, NodeFilter, getComputedStyle -- page.evaluate runs this in the page */
export async function firstViewGlyphs(page) {
  return page.evaluate((faces) => {
    const out = Object.fromEntries(Object.keys(faces).map((k) => [k, { characters: '', weights: [1000, 0] }]));
    const walk = document.createTreeWalker(document.getElementById('first-view'), NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const style = getComputedStyle(n.parentElement);
      const raw = n.textContent.replace(/\s/g, '');
      if (!raw) continue;
      // What is drawn: an uppercase eyebrow draws capitals (capitalize may draw either).
      const t = style.textTransform;
      const text = t === 'uppercase' ? raw.toUpperCase() : t === 'lowercase' ? raw.toLowerCase() : t === 'capitalize' ? raw + raw.toUpperCase() : raw;
      const face = Object.keys(faces).find((k) => style.fontFamily.startsWith(`"${faces[k]}"`));
      if (!face) throw new Error(`"${text}" is not set in a first-view face (${style.fontFamily})`);
      const o = out[face];
      o.characters += text;
      o.weights = [Math.min(o.weights[0], Number(style.fontWeight)), Math.max(o.weights[1], Number(style.fontWeight))];
    }
    for (const o of Object.values(out)) o.characters = [...new Set(o.characters + ' ')].sort().join('');
    return out;
  }, FACES);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
  const merged = {};
  for (const width of [1280, 375]) {
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    await page.route('http://first-view.test/**', (route) => {
      const file = new URL(route.request().url()).pathname;
      if (/\/assets\/main-/.test(file)) return route.abort(); // the app never starts: the first view stays
      const at = path.join(dist, file === '/' ? 'index.html' : file);
      return fs.existsSync(at) ? route.fulfill({ path: at }) : route.fulfill({ status: 404, body: '' });
    });
    await page.goto('http://first-view.test/', { waitUntil: 'domcontentloaded' });
    for (const [k, o] of Object.entries(await firstViewGlyphs(page))) {
      const m = (merged[k] ??= { characters: '', weights: [1000, 0] });
      m.characters = [...new Set(m.characters + o.characters)].sort().join('');
      m.weights = [Math.min(m.weights[0], o.weights[0]), Math.max(m.weights[1], o.weights[1])];
    }
    await page.close();
  }
  await browser.close();
  for (const [name, o] of Object.entries(merged)) {
    const full = fs.readFileSync(path.join(fonts, `${name}-latin-wght.woff2`));
    const [min, max] = o.weights;
    const cut = await subsetFont(full, o.characters, { targetFormat: 'woff2', variationAxes: { wght: min === max ? min : { min, max } } });
    fs.writeFileSync(path.join(fonts, `${name}-first-view.woff2`), cut);
    console.log(`${name}-first-view.woff2: ${cut.length} bytes (${full.length} full), ${o.characters.length} characters, weight ${min}–${max}`);
  }
  fs.writeFileSync(path.join(fonts, 'first-view-fonts.json'), JSON.stringify(merged, null, 2) + '\n');
}
