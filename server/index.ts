import { loadConfig, ConfigError, listeningUrl } from './config';
import { boot, type BootPhases } from './boot';
import { createLifecycle } from './lib/lifecycle';

/** How long requests in flight may take to finish after SIGTERM before their connections are cut. */
const DRAIN_MS = 8_000;
/** The last resort if closing itself hangs (a pool that cannot end): exit non-zero. */
const HARD_EXIT_MS = 10_000;
/**
 * How long kept-alive connections stay open after SIGTERM once requests stop arriving (decision 208):
 * a request already on its way over one (or read by the kernel, not yet by the server) is answered —
 * 503 with Retry-After and `Connection: close` — instead of the connection being reset under it; each
 * connection closes with its answer, and those still idle after a quiet second are closed then. The
 * load balancer has stopped sending new ones by then (readiness answers 503 from the signal on).
 */
const KEEP_ALIVE_GRACE_MS = 1_000;
/** However busy, idle kept-alive connections are closed this long after SIGTERM (well before the drain limit). */
const KEEP_ALIVE_GRACE_MAX_MS = 4_000;

/** The only file that listens. */
async function main() {
  const phases: BootPhases = { loaded: Math.round(performance.now()) };
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const lifecycle = createLifecycle();
  const { app, dbh, startJobs } = await boot(config, phases, lifecycle);
  let closing = false;
  /**
   * Graceful shutdown (decisions 082, 208): answer 503 + Connection: close to requests that arrive
   * (kept-alive connections stay open until requests have stopped for KEEP_ALIVE_GRACE_MS), end open order streams with an SSE
   * retry hint, then stop accepting connections and close the idle ones, let requests in flight finish (at most DRAIN_MS, then their connections are cut), then stop the jobs,
   * the event listener and the pool (app.close's onClose hooks run after the server has closed), exit 0.
   */
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const started = performance.now();
    app.log.info({ signal }, 'shutting down: draining requests in flight');
    lifecycle.drain();
    const hard = setTimeout(() => process.exit(1), HARD_EXIT_MS).unref();
    // Transactions that have not started by then will not finish in time: answer them 503 (a client
    // retries with the same idempotency key) rather than cutting their connections later.
    const shed = setTimeout(() => dbh.transactions?.rejectWaiting(), DRAIN_MS - 3_000).unref();
    const cut = setTimeout(() => {
      app.log.warn('requests still in flight after the drain limit: closing their connections');
      app.server.closeAllConnections();
    }, DRAIN_MS).unref();
    try {
      await lifecycle.quiet(KEEP_ALIVE_GRACE_MS, KEEP_ALIVE_GRACE_MAX_MS);
      lifecycle.closeConnections();
      await app.close();
      clearTimeout(cut);
      clearTimeout(shed);
      clearTimeout(hard);
      app.log.info({ ms: Math.round(performance.now() - started) }, 'shut down cleanly');
      // 0, or 1 when the shutdown followed a job engine that could not start.
      process.exit();
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  phases.listening = Math.round(performance.now());
  // The real address (PORT=0 picks a free port); without PUBLIC_URL the links follow it.
  const address = app.server.address();
  const url = typeof address === 'object' && address ? listeningUrl(config.HOST, address.port) : config.PUBLIC_URL;
  if (!process.env.PUBLIC_URL?.trim()) config.PUBLIC_URL = url;
  app.log.info(
    { database: dbh.kind, bootMs: phases.listening, phases, url, publicUrl: config.PUBLIC_URL },
    `Hydro Shakes is open at ${url} (${dbh.kind === 'pglite' ? `embedded database in ${config.DATA_DIR}` : 'PostgreSQL'})`,
  );
  // The job engine starts once the shop answers (decision 305); an engine that cannot start stops the
  // server as a failed boot did before: exit non-zero after the graceful shutdown.
  if (config.RUN_JOBS) {
    try {
      await startJobs();
      app.log.info({ ms: Math.round(performance.now()) - phases.listening }, 'job engine started');
    } catch (err) {
      if (closing) return; // stopped while starting: the shutdown under way exits
      app.log.error({ err }, 'the job engine could not start; shutting down');
      process.exitCode = 1;
      await shutdown('job engine');
    }
  }
}

main().catch((err) => {
  console.error('Hydro Shakes failed to start:', err instanceof Error ? err.message : err);
  if (err instanceof Error && err.stack) console.error(err.stack);
  process.exit(1);
});
