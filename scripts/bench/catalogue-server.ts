// Child process for the catalogue bench: the real app and a bare Fastify JSON route,
// side by side in one process type, so the ratio compares like with like.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { loadConfig } from '../../server/config';
import { boot } from '../../server/boot';
import { answerCommands } from './child-commands';

const config = loadConfig({
  ...process.env,
  LOG_LEVEL: 'silent',
  SERVE_CLIENT: 'false',
  RUN_JOBS: 'false',
  DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'hs-bench-')),
});
const { app, dbh } = await boot(config);
let acquires = 0;
dbh.pool.on('acquire', () => acquires++);
await app.listen({ port: 0, host: '127.0.0.1' });

// The baseline answers the very same JSON bodies, built once, with no hooks at all.
const bodies = {
  shakes: (await app.inject({ method: 'GET', url: '/api/shakes/signature' })).json(),
  trpcShakes: (await app.inject({ method: 'GET', url: '/trpc/catalogue.signatureShakes' })).json(),
  ingredients: (await app.inject({ method: 'GET', url: '/api/ingredients' })).json(),
};
const bare = Fastify({ logger: false });
bare.get('/bare/:name', async (req) => bodies[(req.params as { name: keyof typeof bodies }).name]);
await bare.listen({ port: 0, host: '127.0.0.1' });

const port = (s: { server: { address(): unknown } }) => (s.server.address() as { port: number }).port;
process.send?.({ ready: true, appPort: port(app), barePort: port(bare), database: dbh.kind });
answerCommands(
  async () => {
    await bare.close();
    await app.close();
  },
  { acquires: () => ({ acquires }), memory: () => ({ rss: process.memoryUsage().rss }) },
);
