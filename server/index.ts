import { loadConfig, ConfigError, listeningUrl } from './config';
import { boot, type BootPhases } from './boot';

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
  const { app, dbh } = await boot(config, phases);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      clearTimeout(timer);
      process.exit(0);
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
}

main().catch((err) => {
  console.error('Hydro Shakes failed to start:', err instanceof Error ? err.message : err);
  if (err instanceof Error && err.stack) console.error(err.stack);
  process.exit(1);
});
