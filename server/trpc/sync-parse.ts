import { z } from 'zod';

/**
 * tRPC validates with `parseAsync` whenever a schema has one, and zod runs its
 * compiled (JIT) object parser only on the synchronous path: the async walk is
 * 2–3× slower for the same result. For a schema without async refinements both give
 * the same value or the same ZodError, so hot procedures can hand tRPC this one:
 * parse synchronously, and fall back to the real async parse if zod says it needs it.
 * Same schema object (the OpenAPI document and types are unchanged).
 */
export function syncParsing<T extends z.ZodType>(schema: T): T {
  const asyncParse = schema.parseAsync;
  const own = schema as unknown as { parseAsync: (data: unknown, params?: unknown) => Promise<unknown> };
  own.parseAsync = async function (this: T, data: unknown, params?: unknown) {
    try {
      return schema.parse(data, params as never);
    } catch (e) {
      if (e instanceof z.core.$ZodAsyncError) return asyncParse.call(schema, data, params as never);
      throw e;
    }
  };
  return schema;
}

/**
 * For `.output()` of a procedure whose answer the server builds itself from typed code
 * (order placement): the schema still describes the answer (types, OpenAPI document),
 * but tRPC passes the value through instead of re-parsing it on every call. A test
 * (server/domains/orders/placed-order-output.test.ts) checks that what placement
 * builds is exactly what the schema would give, byte for byte once serialised.
 * A view of the schema (Object.create), so other procedures using the same schema
 * still validate.
 */
export function unparsedOutput<T extends z.ZodType>(schema: T): T {
  const view = Object.create(schema) as T & { parseAsync: (data: unknown) => Promise<unknown> };
  Object.defineProperty(view, 'parseAsync', { value: async (data: unknown) => data });
  return view;
}
