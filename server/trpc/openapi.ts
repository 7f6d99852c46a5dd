import type { generateOpenApiDocument } from 'trpc-to-openapi';
import { appRouter } from './router';

let cached: ReturnType<typeof generateOpenApiDocument> | null = null;

/**
 * The OpenAPI 3 document of every procedure's REST twin, served at /api/openapi.json.
 * trpc-to-openapi (with zod-openapi, openapi3-ts, h3) is loaded here, on the first request
 * for the document: nothing else at run time needs it (the REST handler has its own routing).
 */
export async function openApiDocument(baseUrl: string) {
  if (cached) return { ...cached, servers: [{ url: baseUrl }] };
  const { generateOpenApiDocument } = await import('trpc-to-openapi');
  cached = generateOpenApiDocument(appRouter, {
    title: 'Hydro Shakes API',
    description:
      'REST paths for integrators. Every operation is also a tRPC procedure at /trpc. ' +
      'Amounts are integer paise. Errors always carry a top-level `message` and `code`; validation errors add `fieldErrors`. ' +
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
  return cached;
}
