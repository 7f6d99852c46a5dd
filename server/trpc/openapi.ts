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
