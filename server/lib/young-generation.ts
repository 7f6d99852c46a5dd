import v8 from 'node:v8';

/**
 * The server's young generation while it boots (decision 186).
 *
 * V8 doubles its young generation each time enough objects survive it. Loading the app at boot makes
 * ~20 MB of objects that live as long as the server (routers, schemas, compiled code), and the jobs'
 * first ticks add their caches: the young generation grew from 1 to 8–16 MB per half, memory the idle
 * server kept committed and empty. It does not grow while the server boots and while only health
 * probes call it (what survives goes to the old generation at once, where it belongs); the first other
 * request lets it grow again as V8 does by default, so under traffic it sizes itself as before.
 *
 * server/index.ts calls `holdYoungGeneration()` before it loads anything else (server/main.ts).
 */
const V8_SEMI_SPACE_GROWTH = 2; // V8's default
const growth = (factor: number) => v8.setFlagsFromString(`--semi-space-growth-factor=${factor}`);

/** Until `growWithTraffic` sees a request, the young generation keeps its starting size. */
export function holdYoungGeneration(): void {
  growth(1);
}

const HEALTH_PROBES = /^\/api\/(health|ready)(\?|$)/;

interface RequestSource {
  on(event: 'request', listener: (req: { url?: string }) => void): unknown;
  off(event: 'request', listener: (req: { url?: string }) => void): unknown;
}

/** Let the young generation grow again from the first request that is not a health probe. */
export function growWithTraffic(server: RequestSource): void {
  const onRequest = (req: { url?: string }) => {
    if (HEALTH_PROBES.test(req.url ?? '')) return;
    server.off('request', onRequest);
    growth(V8_SEMI_SPACE_GROWTH);
  };
  server.on('request', onRequest);
}
