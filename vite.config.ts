import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { defineConfig, type Plugin, type ResolvedConfig, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

type OutputAsset = Rollup.OutputAsset;
type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/**
 * The first view of "/" (site header + home hero) as static HTML in the built index.html, and the
 * app started from it. See client/src/first-view/ and docs/decisions/033.
 *
 * - `client/src/first-view/render.tsx` (the real SiteHeader and HomeHero) is bundled with esbuild
 *   for Node, CSS imports emptied and `?url` assets mapped to their built URLs, and run once; its
 *   markup goes into `<div id="first-view">` INSIDE `#root`: React's first commit into #root
 *   (createRoot clears its container) replaces it in the same task, so the header and hero never
 *   exist twice in the document (main.tsx loads the home chunk first, so that commit is the home page).
 * - The app (main.tsx) is an entry of its own; index.html has no module script. The app chunk and
 *   its static imports are listed as `<link rel="modulepreload">` in `<template id="app-preloads">`,
 *   inert until `client/src/first-view/start.ts` (bundled with esbuild, emitted as a hashed asset,
 *   a classic script in <head>) appends them and imports the app: at once on other routes, after
 *   the hero has painted on "/". In the HTML head they would be fetched with the poster, and
 *   Lighthouse counts every byte loaded before the LCP (docs/decisions/033).
 * `vite dev` renders no first view: it loads /src/main.tsx as a module script.
 */
function firstView(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'hydro:first-view',
    configResolved(resolved) {
      config = resolved;
    },
    async buildStart() {
      if (config.command !== 'build') return;
      const esbuild = await import('esbuild');
      const out = await esbuild.build({
        entryPoints: [path.join(config.root, 'src/first-view/start.ts')],
        bundle: true,
        write: false,
        minify: true,
        format: 'iife',
        target: 'es2020',
        logLevel: 'warning',
      });
      this.emitFile({ type: 'asset', name: 'first-view.js', source: out.outputFiles[0]!.text });
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        if (!ctx.bundle) return [{ tag: 'script', attrs: { type: 'module', src: '/src/main.tsx' }, injectTo: 'body' }];

        const bundle = ctx.bundle as OutputBundle;
        const url = (file: string) => `${config.base}${file}`;
        const chunks = Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk');
        const main = chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith('/src/main.tsx'));
        if (!main) throw new Error('first-view: no entry chunk for src/main.tsx');
        const start = Object.values(bundle).find((o) => o.type === 'asset' && o.names.includes('first-view.js'));
        if (!start) throw new Error('first-view: first-view.js was not emitted');

        // The app (main.tsx) and everything it imports statically, with any CSS they import.
        const closure = new Set<string>();
        const walk = (file: string) => {
          if (closure.has(file)) return;
          closure.add(file);
          (bundle[file] as OutputChunk).imports.forEach(walk);
        };
        walk(main.fileName);
        closure.delete(main.fileName);
        const css = [main.fileName, ...closure].flatMap((f) => [...((bundle[f] as OutputChunk).viteMetadata?.importedCss ?? [])]);
        const links = [
          `<link rel="modulepreload" crossorigin href="${url(main.fileName)}" data-app-entry>`,
          ...[...closure].map((f) => `<link rel="modulepreload" crossorigin href="${url(f)}">`),
        ];

        // The full fonts' preloads go with the app's (decision 315): the first view paints in its own cut-down fonts,
        // so the hero's poster does not share Slow 4G with 64 KB of fonts; the full ones arrive before the app's commit.
        const fonts = html.match(/<link rel="preload" [^>]*as="font"[^>]* data-with-the-app[^>]*>\s*/g) ?? [];
        if (fonts.length !== 2) throw new Error('first-view: index.html should preload the two full fonts, data-with-the-app');
        for (const f of fonts) html = html.replace(f, '');
        links.push(...fonts.map((f) => f.trim()));

        const markup = inlineIcons(await renderFirstView(config, bundle), bundle);
        const missing = [...new Set(firstViewText(markup).replace(/\s/g, ''))].filter((c) => !firstViewFonts.has(c));
        if (missing.length > 0)
          throw new Error(`first-view: the first view shows ${missing.join('')}, which its fonts lack: npm run build && npm run fonts:first-view && npm run build`);
        if (/<script type="module"/.test(html) || !html.includes('<div id="root"></div>') || !html.includes('<link rel="stylesheet"'))
          throw new Error('first-view: unexpected index.html');
        // Before the stylesheet: a classic script after it would wait for it to load.
        const at = html.indexOf('<link rel="stylesheet"');
        const head = [
          `<template id="app-preloads">${links.join('')}</template>`,
          `<script src="${url(start.fileName)}"></script>`,
          ...css.map((f) => `<link rel="stylesheet" crossorigin href="${url(f)}">`),
        ].join('\n    ');
        // The favicon in the page (decision 315): one request fewer beside the hero's poster and the first view's fonts.
        const favicon = '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />';
        if (!html.includes(favicon)) throw new Error('first-view: index.html links no /favicon.svg');
        const svg = fs.readFileSync(path.join(config.publicDir, 'favicon.svg'), 'utf8').trim();
        html = html.replace(favicon, `<link rel="icon" href="data:image/svg+xml,${encodeURIComponent(svg)}" type="image/svg+xml" />`);
        return (html.slice(0, at) + head + '\n    ' + html.slice(at)).replace(
          '<div id="root"></div>',
          `<div id="root"><div id="first-view">${markup}</div></div>`,
        );
      },
    },
  };
}

/**
 * The first view's icons drawn from symbols in its own markup, not from the sprite file (decision 315): three
 * small symbols instead of one more request beside the hero's poster. The app's own header uses the file.
 */
function inlineIcons(markup: string, bundle: OutputBundle): string {
  const symbols = new Map<string, string>();
  const out = markup.replace(/<use href="([^"#]+)#([\w-]+)"/g, (use, url: string, id: string) => {
    const sprite = Object.values(bundle).find((o): o is OutputAsset => o.type === 'asset' && url.endsWith(`/${o.fileName}`));
    if (!sprite) return use;
    const symbol = String(sprite.source).match(new RegExp(`<symbol id="${id}"[\\s\\S]*?</symbol>`))?.[0];
    if (!symbol) throw new Error(`first-view: the sprite has no symbol ${id}`);
    symbols.set(id, symbol.replace(`id="${id}"`, `id="first-view-icon-${id}"`));
    return `<use href="#first-view-icon-${id}"`;
  });
  return symbols.size === 0 ? out : `${out}<svg hidden aria-hidden="true">${[...symbols.values()].join('')}</svg>`;
}

/** The text of prerendered markup: its tags dropped, its character references decoded. */
function firstViewText(markup: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
  return markup
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (ref, body: string) =>
      body[0] !== '#' ? (named[body] ?? ref) : String.fromCodePoint(body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : Number(body.slice(1))),
    );
}

/** Every character the first view's own fonts hold (scripts/first-view-fonts.mjs). */
const firstViewFonts = new Set(
  Object.values(
    JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, 'client/src/styles/fonts/first-view-fonts.json'), 'utf8')) as Record<string, { characters: string }>,
  ).flatMap((f) => [...f.characters]),
);

async function renderFirstView(config: ResolvedConfig, bundle: OutputBundle): Promise<string> {
  const esbuild = await import('esbuild');
  const assets = Object.values(bundle).filter((o): o is OutputAsset => o.type === 'asset');
  const projectRoot = path.resolve(config.root, '..');
  const outdir = path.join(config.cacheDir, 'first-view');
  const outfile = path.join(outdir, `render-${process.pid}-${Date.now()}.mjs`);
  try {
    await esbuild.build({
      entryPoints: [path.join(config.root, 'src/first-view/render.tsx')],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      jsx: 'automatic',
      loader: { '.css': 'empty' },
      define: { 'import.meta.env': JSON.stringify(config.env) },
      logLevel: 'warning',
      plugins: [
        {
          name: 'built-asset-urls',
          setup(b) {
            b.onResolve({ filter: /\?url$/ }, (args) => ({
              path: path.resolve(args.resolveDir, args.path.replace(/\?url$/, '')),
              namespace: 'built-url',
            }));
            b.onLoad({ filter: /.*/, namespace: 'built-url' }, (args) => {
              const rel = path.relative(projectRoot, args.path).split(path.sep).join('/');
              const asset = assets.find((a) =>
                a.originalFileNames.some((n) => n === rel || n.endsWith(`/${rel}`) || rel.endsWith(`/${n}`)),
              );
              if (!asset) throw new Error(`first-view: ${rel} is not in the client bundle`);
              return { contents: `export default ${JSON.stringify(`${config.base}${asset.fileName}`)};`, loader: 'js' };
            });
          },
        },
      ],
    });
    // In a child process: the app's modules may leave timers or handles behind that would keep the build alive.
    const run = `const m = await import(${JSON.stringify(pathToFileURL(outfile).href)}); process.stdout.write(m.renderFirstView()); process.exit(0);`;
    const rendered = execFileSync(process.execPath, ['--input-type=module', '-e', run], {
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production' },
      maxBuffer: 16 << 20,
    });
    // React hoists a preload for the fetchpriority="high" poster; index.html's <head> already has one.
    const markup = rendered.replace(/^(<link [^>]*>)+/, '');
    if (!/class="hero"/.test(markup) || !/class="site-header"/.test(markup))
      throw new Error('first-view: the rendered markup has no header or hero');
    return markup;
  } finally {
    fs.rmSync(outfile, { force: true });
  }
}

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
};

/** Staff screens and the Google sign-in library: never part of the customer's precached shop. */
const STAFF_CODE = /src\/routes\/(admin\/|rider)|src\/features\/(admin|kitchen|rider)\/|@supabase\//;

/** The files reached from `roots` in Vite's manifest (static and lazy imports, their CSS and assets), not descending into `skip`. */
function reach(chunks: Record<string, ManifestChunk>, roots: string[], skip: RegExp): Set<string> {
  const seen = new Set<string>();
  const files = new Set<string>();
  const walk = (key: string) => {
    const c = chunks[key];
    if (!c || seen.has(key) || skip.test(key)) return;
    seen.add(key);
    [c.file, ...(c.css ?? []), ...(c.assets ?? [])].forEach((f) => files.add(f));
    [...(c.imports ?? []), ...(c.dynamicImports ?? [])].forEach(walk);
  };
  roots.forEach(walk);
  return files;
}

/**
 * The files of the customer's shop in a build: everything the app's entries reach (static and lazy
 * imports, their CSS and assets), not descending into the staff screens (admin, kitchen, rider) or the
 * Google sign-in library. Precached, so every customer page opens offline once the shop has been seen.
 */
function customerFiles(chunks: Record<string, ManifestChunk>): Set<string> {
  // From every root: the entries (index.html's stylesheet, main.tsx) and what nothing imports (the first-view script).
  const imported = new Set(Object.values(chunks).flatMap((c) => [...(c.imports ?? []), ...(c.dynamicImports ?? [])]));
  return reach(
    chunks,
    Object.keys(chunks).filter((k) => chunks[k]!.isEntry || !imported.has(k)),
    STAFF_CODE,
  );
}

const viteManifest = (dir: string) =>
  JSON.parse(fs.readFileSync(path.join(dir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

/**
 * The rider app's own files (decision 312): what /rider loads beyond the customer's precached shop — its
 * route chunk, the chunks only it uses, its CSS — written to `rider-files.json` beside index.html. The
 * worker does not precache them (a customer never needs them); a rider's phone asks the worker to keep
 * them (client/src/features/rider/keep-on-phone.ts) whenever a rider opens the shop online, so /rider
 * opens offline even if this phone never opened it. Served `no-cache` (server/app.ts): it names this
 * release's hashed files.
 */
function riderFiles(): Plugin {
  return {
    name: 'rider-files',
    apply: 'build',
    writeBundle(options) {
      const dir = options.dir!;
      const chunks = viteManifest(dir);
      if (!chunks['src/routes/rider.tsx']) throw new Error('rider-files: src/routes/rider.tsx is not in the build');
      const shop = customerFiles(chunks);
      const files = [...reach(chunks, ['src/routes/rider.tsx'], /src\/routes\/admin\/|src\/features\/(admin|kitchen)\/|@supabase\//)]
        .filter((f) => !shop.has(f))
        .map((f) => `/${f}`);
      fs.writeFileSync(path.join(dir, 'rider-files.json'), `${JSON.stringify({ files })}\n`);
    },
  };
}

/**
 * The web app manifest's link (vite-plugin-pwa writes it into <head>) joins the app's preloads in
 * `<template id="app-preloads">` (decision 315): on "/" for a guest it is added once the hero's poster
 * has painted, so the manifest and the icon it names do not share Slow 4G with the poster; everywhere
 * else first-view/start.ts adds the template's links at once, as before.
 */
function manifestWithTheApp(): Plugin {
  return {
    name: 'hydro:manifest-with-the-app',
    enforce: 'post',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const link = html.match(/<link rel="manifest"[^>]*>/)?.[0];
        if (!link || !html.includes('</template>')) throw new Error('manifest-with-the-app: no manifest link or no app preloads');
        return html.replace(link, '').replace('</template>', `${link}</template>`);
      },
    },
  };
}

/**
 * The installable shop (PRODUCT.md §22, decision 285): the web app manifest and one service worker,
 * /sw.js, generated by Workbox (no cache code of our own). It imports the push listeners
 * (client/public/push-worker.js, decision 270): a page has one worker per scope. Registered after
 * `load` by client/src/lib/service-worker.ts, so the home page's first load never waits for it.
 *
 * - Precached: the customer's shop (customerFiles: the app shell, every customer page's code, styles
 *   and fonts), the offline page and the icons. Staff screens' files are cached as they are used; a
 *   rider's phone also asks for the rider app's (riderFiles, decision 312).
 * - Pages: network first; a page opened before comes from the cache without a network, any other
 *   shows /offline.html.
 * - The catalogue (signature shakes, a shake, ingredients; tRPC and REST) network first, its
 *   pictures cache first.
 * - Everything else under /api and /trpc — a quote, a price, a cart, a checkout, an order, a
 *   mutation — network only: never an answer from the cache.
 */
function installableShop() {
  return VitePWA({
    strategies: 'generateSW',
    filename: 'sw.js',
    injectRegister: null,
    registerType: 'autoUpdate',
    includeAssets: ['offline.html', 'favicon.svg', 'apple-touch-icon.png', 'icons/*.png'],
    manifest: {
      id: '/',
      name: 'Hydro Shakes — fresh hydroponic shakes',
      short_name: 'Hydro Shakes',
      description: 'Premium shakes made from hydroponically grown greens, delivered cold across Bengaluru.',
      lang: 'en-IN',
      start_url: '/?source=installed',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: '#1e6742',
      background_color: '#fbfaf6',
      categories: ['food', 'shopping'],
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['assets/*.{js,css,svg,woff2}'],
      // Of the hashed files, the customer's shop only (customerFiles): no staff screens, no Google sign-in.
      manifestTransforms: [
        async (entries) => {
          const keep = customerFiles(viteManifest(path.resolve(import.meta.dirname, 'dist/client')));
          return { manifest: entries.filter((e) => !/^assets\/.*\.(js|css)$/.test(e.url) || keep.has(e.url)), warnings: [] };
        },
      ],
      // Pages are answered by the "pages" route below (an unknown one offline: /offline.html), not by
      // the precached index.html.
      navigateFallback: null,
      inlineWorkboxRuntime: true,
      cleanupOutdatedCaches: true,
      skipWaiting: true,
      clientsClaim: true,
      importScripts: ['/push-worker.js'],
      runtimeCaching: [
        {
          // Each pattern is copied into the worker as source text: literals only, no outside names.
          // A page: a navigation, or the page asked for by lib/service-worker.ts as HTML (Workbox's CACHE_URLS).
          urlPattern: ({ request, url, sameOrigin }) =>
            sameOrigin &&
            (request.mode === 'navigate' || request.headers.get('accept') === 'text/html') &&
            !/^\/(api|trpc)(\/|$)/.test(url.pathname),
          handler: 'NetworkFirst',
          options: {
            cacheName: 'pages',
            expiration: { maxEntries: 40 },
            precacheFallback: { fallbackURL: '/offline.html' },
          },
        },
        {
          urlPattern: ({ request, url, sameOrigin }) =>
            sameOrigin &&
            request.method === 'GET' &&
            (/^\/trpc\/catalogue\.(signatureShakes|shake|ingredients)(,catalogue\.(signatureShakes|shake|ingredients))*$/.test(
              url.pathname,
            ) ||
              /^\/api\/(shakes\/signature|shakes\/[^/]+|ingredients)$/.test(url.pathname)),
          handler: 'NetworkFirst',
          options: { cacheName: 'catalogue', expiration: { maxEntries: 60 }, cacheableResponse: { statuses: [200] } },
        },
        {
          urlPattern: ({ request, url, sameOrigin }) =>
            sameOrigin &&
            request.method === 'GET' &&
            /^\/(api\/images|images|media)\//.test(url.pathname) &&
            !/\.(mp4|webm)$/.test(url.pathname),
          handler: 'CacheFirst',
          options: {
            cacheName: 'catalogue-images',
            expiration: { maxEntries: 120, maxAgeSeconds: 30 * 24 * 3600 },
            cacheableResponse: { statuses: [200] },
          },
        },
        {
          urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/(api|trpc)(\/|$)/.test(url.pathname),
          handler: 'NetworkOnly',
          method: 'GET',
        },
        {
          urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/(api|trpc)(\/|$)/.test(url.pathname),
          handler: 'NetworkOnly',
          method: 'POST',
        },
        {
          urlPattern: ({ request, url, sameOrigin }) => sameOrigin && request.method === 'GET' && url.pathname.startsWith('/assets/'),
          handler: 'CacheFirst',
          options: {
            cacheName: 'assets',
            expiration: { maxEntries: 200 },
            cacheableResponse: { statuses: [200] },
            // A hashed file is the same whoever asks; the server's `Vary: Origin` (CORS) would otherwise keep a
            // file kept through CACHE_URLS (no Origin header, decision 312) from answering the page's module
            // request (with one), and the rider app kept for offline would not open.
            matchOptions: { ignoreVary: true },
          },
        },
      ],
    },
  });
}

export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [react(), firstView(), installableShop(), manifestWithTheApp(), riderFiles()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    assetsInlineLimit: 2048,
    manifest: true,
    rolldownOptions: {
      // The app (main.tsx) is an entry of its own, started by the first-view script (see above). As
      // an entry it keeps the app shell in one chunk that the lazy pages import from; imported as
      // `import('../main')` from another entry its modules were spread over a dozen small shared
      // chunks (+3 KiB gzip).
      input: {
        index: path.resolve(import.meta.dirname, 'client/index.html'),
        main: path.resolve(import.meta.dirname, 'client/src/main.tsx'),
      },
      output: {
        // Hex file hashes: the app entry and the shell name every lazy chunk (their preload lists), and
        // hex compresses better than base64 — a change to any lazy page reshuffles those names, and
        // base64's moved the home page's gzip size by ±20 B (decision 270).
        hashCharacters: 'hex',
        // The framework in one long-lived chunk: without it, code shared by lazy pages is
        // spread over chunks the entry must load, and the home page pays for all of them.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|@trpc|wouter|regexparam|use-sync-external-store)[\\/]/,
              priority: 10,
            },
            {
              // The shell every page starts with (wrapper, session, toasts, icons, cart rules) and the
              // small pieces the home page's cards share with other pages (not the Favorite button's code: it
              // loads beside the cards, see favorite-slot.tsx): one chunk instead of a
              // dozen tiny ones, each of which costs its own import glue and compresses worse alone.
              name: 'shell',
              test: /client[\\/]src[\\/](lib[\\/]api-fetch|components[\\/](icons|toast|page-title|shake-card)|features[\\/](auth[\\/](auth-context|session|token-manager|public-config)|cart[\\/](cart-store|use-subscription-plan)|subscriptions[\\/]api|reviews[\\/]card-rating|catalogue[\\/](favorite-slot|use-signature-shakes)))|shared[\\/]rules[\\/](money|cart-rules|free-unit)/,
              priority: 5,
            },
            {
              // The small building blocks the pages share (buttons, titled sections, empty states, radio
              // cards, progress bars): one chunk, not one each — every chunk is another entry in the app
              // entry's preload lists, which the home page loads (its JavaScript budget).
              name: 'ui',
              test: /client[\\/]src[\\/]components[\\/](button|section|empty-state|radio-button|progress-bar)\.tsx$/,
              priority: 4,
            },
            {
              // The shared rules the lazy pages use (dates, slots, order rules and lifecycle, coupons,
              // stock, schedules…): small pure modules, one chunk rather than one each, for the same
              // reason. Not the builder's rules: they import the builder's schemas, and with them zod.
              name: 'rules',
              test: /shared[\\/]rules[\\/](?!shake-builder|similar-recipe)[\w-]+\.ts$/,
              priority: 3,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/trpc': 'http://localhost:3000',
    },
  },
});
