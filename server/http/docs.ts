import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { openApiDocument } from '../trpc/openapi';

const require = createRequire(import.meta.url);

/**
 * /api/openapi.json and an interactive Swagger UI at /api/docs, served from the local package.
 * The document and the UI files are built or read on the first request, not at boot: describing
 * every procedure takes a few hundred milliseconds that a restart should not wait for.
 */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  let doc: string | undefined;
  app.get('/api/openapi.json', async (_req, reply) => {
    doc ??= JSON.stringify(await openApiDocument());
    return reply.type('application/json').header('cache-control', 'no-cache').send(doc);
  });

  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Hydro Shakes API</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/api/docs/swagger-ui.css"></head>
<body><div id="swagger-ui"></div><script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script></body></html>`;
  const init = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true, persistAuthorization: true });`;
  const files: Record<string, string> = {
    'swagger-ui.css': 'text/css; charset=utf-8',
    'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  };
  app.get('/api/docs', async (_req, reply) => reply.type('text/html; charset=utf-8').send(page));
  app.get('/api/docs/init.js', async (_req, reply) => reply.type('application/javascript; charset=utf-8').send(init));
  for (const [name, type] of Object.entries(files)) {
    let body: Buffer | undefined;
    app.get(`/api/docs/${name}`, async (_req, reply) => {
      body ??= await fs.promises.readFile(path.join(path.dirname(require.resolve('swagger-ui-dist/package.json')), name));
      return reply.type(type).header('cache-control', 'public, max-age=86400').send(body);
    });
  }
}
