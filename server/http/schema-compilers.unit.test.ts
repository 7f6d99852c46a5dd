import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazySchemaCompilers } from './schema-compilers';

// The compilers load on a route's first schema (decision 305): a route that declares one still
// refuses bad input and shapes its answer as Fastify's default compilers do.
describe('Fastify schema compilers built on first use', () => {
  it('validates a body and serialises a response once a route declares schemas', async () => {
    const app = Fastify({ schemaController: lazySchemaCompilers });
    app.post(
      '/echo',
      {
        schema: {
          body: { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } },
          response: { 200: { type: 'object', properties: { n: { type: 'integer' } } } },
        },
      },
      async (req) => ({ n: (req.body as { n: number }).n, secret: 'dropped by the response schema' }),
    );
    try {
      const ok = await app.inject({ method: 'POST', url: '/echo', payload: { n: 3 } });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ n: 3 });
      const bad = await app.inject({ method: 'POST', url: '/echo', payload: { n: 'three' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/body\/n must be integer/);
    } finally {
      await app.close();
    }
  });
});
