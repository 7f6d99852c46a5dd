import type { generateOpenApiDocument } from 'trpc-to-openapi';
import { appRouter } from './router';

let cached: ReturnType<typeof generateOpenApiDocument> | null = null;

/**
 * The OpenAPI 3 document of every procedure's REST twin, served at /api/openapi.json,
 * made on the first request for it. (trpc-to-openapi itself is loaded at boot: its Fastify
 * plugin answers /api, see server/http/api.ts.)
 */
export async function openApiDocument(baseUrl: string) {
  if (cached) return { ...cached, servers: [{ url: baseUrl }] };
  const { generateOpenApiDocument } = await import('trpc-to-openapi');
  cached = generateOpenApiDocument(appRouter, {
    title: 'Hydro Shakes API',
    description:
      'REST paths for integrators. Every operation is also a tRPC procedure at /trpc. ' +
      "Amounts are integer paise. Every error answers `{ message, code, fieldErrors?, requestId }`: `code` is the shop's " +
      '(VALIDATION_FAILED, SLOT_FULL, RATE_LIMITED…), `fieldErrors` maps a field to its messages, `requestId` equals the X-Request-Id header; ' +
      '429 and 503 carry Retry-After. JSON bodies are never coerced (send numbers and booleans as JSON numbers and booleans). ' +
      'Signed-in calls take `Authorization: Bearer <access_token>` from POST /api/auth/signin.',
    version: '1.0.0',
    baseUrl,
    tags: [
      'system',
      'auth',
      'user',
      'catalogue',
      'builder',
      'cart',
      'delivery',
      'orders',
      'payment',
      'subscriptions',
      'coupons',
      'rewards',
      'admin',
    ],
  });
  shopErrorSchemas(cached);
  return cached;
}

/**
 * The library describes errors as its own body (`{ message, code, issues }`); the shop answers
 * `{ message, code, fieldErrors?, requestId }` (server/lib/errors.ts), so its error schemas say that.
 */
function shopErrorSchemas(doc: ReturnType<typeof generateOpenApiDocument>): void {
  const schemas = (doc.components?.schemas ?? {}) as Record<string, Record<string, unknown>>;
  for (const [name, schema] of Object.entries(schemas)) {
    if (!name.startsWith('error.')) continue;
    schemas[name] = {
      type: 'object',
      title: schema.title,
      description: "The shop's error body",
      properties: {
        message: { type: 'string', description: 'A sentence for a person' },
        code: { type: 'string', description: "The shop's machine code, e.g. VALIDATION_FAILED, SLOT_FULL" },
        fieldErrors: {
          type: 'object',
          description: 'Field → messages, when a field is at fault',
          additionalProperties: { type: 'array', items: { type: 'string' } },
        },
        requestId: { type: 'string', description: 'The X-Request-Id of this answer' },
      },
      required: ['message', 'code', 'requestId'],
      additionalProperties: false,
    };
  }
}
