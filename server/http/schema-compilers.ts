import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

/**
 * Fastify's JSON-schema compilers, loaded when a route first needs one (decision 305).
 *
 * Fastify requires @fastify/ajv-compiler (Ajv, its formats and JTD) and
 * @fastify/fast-json-stringify-compiler when the instance is made, whether or not a route has a schema.
 * The shop's routes validate with zod (tRPC, trpc-to-openapi) and none declares a Fastify body, query,
 * params, headers or response schema, so at boot that was ~150–250 ms of module loading and ~1.5 MB
 * of heap for nothing. These factories are Fastify's own, built on their first call: a route that
 * declares a schema later gets the same compilers as before, at its registration. One difference:
 * Fastify treats factories given here as custom and passes a `headers` schema to Ajv as written, so
 * such a schema must name its headers in lower case.
 */
const fastifyRequire = createRequire(createRequire(import.meta.url).resolve('fastify'));

type Compilers = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type Factory = (...args: unknown[]) => unknown;

/** The package's factory (its default export called once), made on the first call and reused. */
function lazyFactory<F>(pkg: string): F {
  let factory: Factory | undefined;
  const lazy: Factory = (...args) => {
    factory ??= (fastifyRequire(pkg) as () => Factory)();
    return factory(...args);
  };
  return lazy as F;
}

export const lazySchemaCompilers: NonNullable<FastifyServerOptions['schemaController']> = {
  compilersFactory: {
    buildValidator: lazyFactory<Compilers['buildValidator']>('@fastify/ajv-compiler'),
    buildSerializer: lazyFactory<Compilers['buildSerializer']>('@fastify/fast-json-stringify-compiler'),
  },
};
