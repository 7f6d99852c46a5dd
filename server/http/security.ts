import { createRequire } from 'node:module';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import cors from '@fastify/cors';
import type { Config } from '../config';

/**
 * helmet itself, the one @fastify/helmet uses. @fastify/helmet calls helmet(options) on every
 * request, which rebuilds every middleware and re-parses the CSP directives (≈ 3–4% of an API
 * request's CPU); built once here, each request only sets the same headers.
 */
type HelmetMiddleware = (req: IncomingMessage, res: ServerResponse, next: (err?: Error) => void) => void;
const fastifyHelmetRequire = createRequire(createRequire(import.meta.url).resolve('@fastify/helmet'));
const helmet = fastifyHelmetRequire('helmet') as (options: Omit<FastifyHelmetOptions, 'global' | 'enableCSPNonces'>) => HelmetMiddleware;

/** Security headers on every answer, and an exact CORS allow-list (never a reflected origin). */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const supabase = config.SUPABASE_URL ? [config.SUPABASE_URL] : [];
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'", 'https://checkout.razorpay.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: [
          "'self'",
          'https://*.razorpay.com',
          'https://lumberjack.razorpay.com',
          ...supabase,
          ...supabase.map((u) => u.replace(/^http/, 'ws')),
        ],
        frameSrc: ["'self'", 'https://api.razorpay.com', 'https://checkout.razorpay.com'],
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: config.NODE_ENV === 'production' ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    frameguard: { action: 'deny' },
  });
  // helmet's answer does not depend on the request (no nonces): taken once, then given to every reply
  // as one header object (Fastify writes it with the status line), not thirteen middlewares setting
  // one header each per request (≈ 10% of a cached catalogue read's CPU in the bench's profile).
  const headers = await helmetHeaders(securityHeaders);
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });

  // The allow-list in the form browsers serialise an origin (lower-case scheme and host, no default
  // port, no path), whatever the configuration's spelling.
  const allowed = new Set([config.PUBLIC_URL, ...config.CORS_ORIGINS].map(serialisedOrigin).filter((o): o is string => o !== null));
  await app.register(cors, {
    origin: (origin, cb) => {
      // Same-origin and non-browser requests carry no Origin header.
      if (!origin) return cb(null, true);
      // Exact match, never a transformed or reflected one (decision 111): a browser sends its origin
      // serialised, so `HTTP://LOCALHOST:3000` is not a browser's origin and gets no CORS headers.
      cb(null, allowed.has(origin) ? origin : false);
    },
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Content-Type', 'Authorization', 'Idempotency-Key', 'X-Request-Id', 'Cache-Control', 'Pragma', 'trpc-accept'],
    exposedHeaders: ['X-Total-Count', 'X-Request-Id', 'Retry-After'],
    maxAge: 600,
  });
}

/** The headers helmet sets, read from one run against a response that only records them (helmet removes X-Powered-By, which Fastify never sets). */
function helmetHeaders(middleware: HelmetMiddleware): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      return res;
    },
    removeHeader(name: string) {
      delete out[name.toLowerCase()];
    },
    getHeader(name: string) {
      return out[name.toLowerCase()];
    },
  };
  return new Promise((resolve, reject) =>
    middleware({ headers: {}, method: 'GET', url: '/' } as unknown as IncomingMessage, res as unknown as ServerResponse, (err) =>
      err ? reject(err) : resolve(out),
    ),
  );
}

/** An origin as browsers serialise it (`https://shop.example`), or null for text that is not one. */
function serialisedOrigin(url: string): string | null {
  try {
    const o = new URL(url).origin;
    return o === 'null' ? null : o;
  } catch {
    return null;
  }
}
