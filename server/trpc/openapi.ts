import { generateOpenApiDocument } from 'trpc-to-openapi';
import { appRouter } from './router';
import { MAX_JSON_DEPTH } from '../http/json-depth';
import { ERROR_CODES, ERROR_CODE_MEANINGS, HTTP_STATUS, type AppErrorCode } from '../lib/errors';

type Doc = ReturnType<typeof generateOpenApiDocument>;
type Json = Record<string, unknown>;

let cached: Doc | null = null;

/**
 * The OpenAPI 3 document of every procedure's REST twin, served at /api/openapi.json and exported by
 * `npm run openapi:export`, made on the first request for it. (trpc-to-openapi itself is loaded at
 * boot: its Fastify plugin answers /api, see server/http/api.ts, and brings the generator with it. A
 * named import, not `await import()`: a dynamic import keeps every export of the package, and so its
 * Nuxt adapter with h3 and openapi3-ts's builder with yaml, in the server bundle; decision 186.)
 *
 * trpc-to-openapi describes each procedure's input and success answer; everything else an
 * integrator needs is added here, in one pass over the generated document (decision 090), so an
 * operation another domain adds later is described by the same rules without a line of its own.
 */
export async function openApiDocument(): Promise<Doc> {
  if (cached) return cached;
  const doc = generateOpenApiDocument(appRouter, {
    title: 'Hydro Shakes API',
    description: DESCRIPTION,
    version: '1.0.0',
    baseUrl: '/api',
    securitySchemes: {
      bearer: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
        description:
          'The access_token from POST /auth/signin, /auth/signup or /auth/refresh (valid 15 minutes), or an integrator API key ' +
          '(`hs_live_…`, created by an administrator at /admin/api-keys): a key is accepted on REST only and only by the ' +
          'operations its scopes cover (403 outside them, 401 once revoked).',
      },
    },
    tags: TAGS.map((t) => t.name),
  });
  describeContract(doc);
  cached = doc;
  return doc;
}

const DESCRIPTION = [
  'REST paths for integrators. Every operation is also a tRPC procedure at /trpc. Amounts are integer paise.',
  '',
  'Signed-in operations take `Authorization: Bearer <access_token>`; operations marked with no security are public.',
  'Every error answers `{ message, code, fieldErrors?, requestId }` (the `Error` schema): `code` is one of the codes',
  'listed there, `fieldErrors` maps a field to its messages, `requestId` equals the `X-Request-Id` header.',
  '429 and 503 carry `Retry-After` (seconds). Lists that page carry `X-Total-Count`.',
  '',
  'A request with a body sends it as `application/json`; JSON bodies are never coerced (send numbers and booleans',
  'as JSON numbers and booleans). An operation without a body may be called with or without a content type.',
  'Text may not contain a NUL character or an unpaired UTF-16 surrogate (400 naming the field).',
  `JSON (a body, or tRPC's \`input\`) may nest objects and arrays at most ${MAX_JSON_DEPTH} levels deep: deeper is refused`,
  'with 400 `BAD_REQUEST` before anything else is done. The request line and headers together may be at most 16 KiB:',
  'a longer query string is refused with 431 `HEADERS_TOO_LARGE`.',
].join('\n');

const TAGS: { name: string; description: string }[] = [
  { name: 'system', description: 'Health and readiness' },
  { name: 'auth', description: 'Accounts, sessions and tokens' },
  { name: 'user', description: "The signed-in customer's own data" },
  { name: 'catalogue', description: 'Signature shakes, ingredients and prices' },
  { name: 'builder', description: 'Custom shakes and favourites' },
  { name: 'cart', description: 'Quotes and the server-kept cart' },
  { name: 'slots', description: 'PIN codes and delivery slots (capacity per window)' },
  { name: 'orders', description: 'Placing, reading and cancelling orders' },
  { name: 'payment', description: 'Razorpay payments and the test mode' },
  { name: 'notifications', description: 'WhatsApp status webhooks from Meta' },
  { name: 'subscriptions', description: 'Plans and subscriptions' },
  { name: 'coupons', description: 'Coupon checks' },
  { name: 'rewards', description: 'Reward points' },
  { name: 'reviews', description: 'Ratings and reviews' },
  { name: 'admin', description: 'The back office: staff only, each operation as its role allows (PRODUCT.md §17)' },
  { name: 'staff', description: 'The team: invitations, roles, access (owner only)' },
  { name: 'rider', description: 'The rider’s own runs and stops' },
  { name: 'privacy', description: 'The privacy notice and the grievance officer (DPDP Act)' },
];

const BODY_METHODS = new Set(['post', 'put', 'patch', 'delete']);

/** Operations that read an Idempotency-Key header (method and path as in the document). */
const IDEMPOTENT_OPERATIONS = new Set([
  'post /orders',
  'post /subscription-payment/create',
  // The rider's steps, queued on the phone and synced again (decision 297): the key is optional there.
  'post /rider/orders/{id}/picked-up',
  'post /rider/orders/{id}/delivered',
  'post /rider/orders/{id}/failed',
]);

/** Every status an error answer can have, with its description and headers. */
const ERROR_STATUSES: Record<number, { name: string; description: string; retryAfter?: boolean }> = {
  400: {
    name: 'BadRequest',
    description: `The request is not valid: bad JSON, JSON nested deeper than ${MAX_JSON_DEPTH} levels, a refused header, or a field (named in \`fieldErrors\`).`,
  },
  401: {
    name: 'Unauthorized',
    description: 'No access token, or one that is expired, revoked or not valid (or, on sign-in, wrong credentials).',
  },
  403: { name: 'Forbidden', description: 'Signed in, but not allowed (administrators only, or a disabled account).' },
  404: { name: 'NotFound', description: 'The item named does not exist or is not yours.' },
  409: {
    name: 'Conflict',
    description: 'The request conflicts with the current state (slot full, coupon used up, order no longer cancellable…).',
  },
  413: { name: 'PayloadTooLarge', description: 'The body is larger than 1 MiB.' },
  415: { name: 'UnsupportedMediaType', description: 'A body was sent that is not `application/json`.' },
  429: { name: 'TooManyRequests', description: 'Too many attempts; wait `Retry-After` seconds.', retryAfter: true },
  431: {
    name: 'RequestHeaderFieldsTooLarge',
    description: 'The request line and headers are larger than 16 KiB (usually a very long query string); code `BAD_REQUEST`.',
  },
  502: { name: 'BadGateway', description: 'The payment provider did not answer as expected.' },
  503: {
    name: 'ServiceUnavailable',
    description: 'The shop is busy or its database is away; retry after `Retry-After` seconds.',
    retryAfter: true,
  },
};

/**
 * Which error statuses an operation can answer, from what it is: every request can be malformed
 * (400) or meet a busy database (503); a signed-in operation answers 401 and 403; one that names
 * an item 404; a change 409; one that takes a body 413 and 415; the account operations 401 and 429;
 * payment operations 502. The fuzzer (test/integration/openapi-fuzz.test.ts) checks every answer
 * against this, so a rule that is too narrow fails there.
 */
function errorStatuses(method: string, path: string, op: Json): number[] {
  // 431: any request line can be too long (Node's parser answers it before any operation runs).
  const statuses = new Set([400, 431, 503]);
  const isProtected = Array.isArray(op.security) && op.security.length > 0;
  const takesInput = Boolean(op.requestBody) || (Array.isArray(op.parameters) && op.parameters.length > 0);
  if (isProtected) [401, 403].forEach((s) => statuses.add(s));
  if (takesInput || path.includes('{')) statuses.add(404);
  if (BODY_METHODS.has(method)) [409, 413, 415].forEach((s) => statuses.add(s));
  if (path.startsWith('/auth/')) [401, 403, 429].forEach((s) => statuses.add(s));
  if (/payment|refund/.test(path)) statuses.add(502);
  // Meta's status webhook refuses a wrong X-Hub-Signature-256 with 401 (decision 173).
  if (path === '/notifications/whatsapp/webhook') statuses.add(401);
  // An order's invoice (JSON or PDF) before it is issued (payment received, or delivery for cash).
  if (/^\/orders\/\{id\}\/invoice(\.pdf)?$/.test(path)) statuses.add(409);
  return [...statuses].sort();
}

/** Codes a refusal can carry: the shop's own, and the library's for the statuses below 500 it maps. */
function errorCodes(): { code: string; meaning: string; status: number }[] {
  const own = (Object.keys(ERROR_CODES) as AppErrorCode[]).map((code) => ({
    code,
    meaning: ERROR_CODE_MEANINGS[code],
    status: HTTP_STATUS[ERROR_CODES[code]],
  }));
  const known = new Set<string>(own.map((c) => c.code));
  const library = Object.entries(HTTP_STATUS)
    .filter(([code, status]) => status < 500 && !known.has(code))
    .map(([code, status]) => ({ code, meaning: `The HTTP status ${status} as the API libraries name it.`, status }));
  return [...own, ...library];
}

function errorSchema(): Json {
  const codes = errorCodes();
  const table = codes.map((c) => `- \`${c.code}\` (${c.status}): ${c.meaning}`).join('\n');
  return {
    type: 'object',
    description: "The shop's answer to every refused or failed request, whatever its status.",
    properties: {
      message: {
        type: 'string',
        description: 'A sentence for a person',
        example: 'lines.0.quantity: Too small: expected number to be >=1',
      },
      code: { type: 'string', enum: codes.map((c) => c.code), description: `The shop's machine code:\n\n${table}` },
      fieldErrors: {
        type: 'object',
        description: 'Field → messages, when a field is at fault (nested fields are named by their top-level key)',
        additionalProperties: { type: 'array', items: { type: 'string' } },
      },
      requestId: { type: 'string', description: 'Equals the X-Request-Id header of this answer; quote it when reporting a problem' },
    },
    required: ['message', 'code', 'requestId'],
    additionalProperties: false,
  };
}

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });
const errorContent = { 'application/json': { schema: ref('schemas', 'Error') } };

/** The post-processing: one pass over every operation, then the routes that are not procedures. */
function describeContract(doc: Doc): void {
  const d = doc as unknown as Json & { paths: Record<string, Record<string, Json>>; components: Json };
  const components = d.components as Record<string, Record<string, unknown>>;
  const schemas = (components.schemas ??= {});
  // The library's own error schemas (`error.BAD_REQUEST`…) describe a body the shop never sends.
  for (const name of Object.keys(schemas)) if (name.startsWith('error.')) delete schemas[name];
  schemas.Error = errorSchema();
  components.headers = {
    'X-Total-Count': { description: 'How many items match in all (the answer holds one page)', schema: { type: 'integer', minimum: 0 } },
    'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 1 } },
    'X-Request-Id': { description: 'The id of this request (sent back when the client gave a valid one)', schema: { type: 'string' } },
  };
  components.parameters = {
    IdempotencyKey: {
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'A new key per request (a UUID is ideal; 8–100 letters, digits or - _ . :). A retry with the same key and body answers ' +
        'the first result instead of acting twice; the same key with a different body is 409 IDEMPOTENCY_MISMATCH. ' +
        'Required for REST callers of orders and subscription payments (400 without it; tRPC callers may send idempotencyKey in ' +
        'the body instead); optional on the rider’s steps, where a repeat answers the stop as it is now or the same refusal.',
      schema: { type: 'string', minLength: 8, maxLength: 100, pattern: '^[A-Za-z0-9._:-]+$' },
    },
  };
  components.responses = Object.fromEntries(
    Object.entries(ERROR_STATUSES).map(([, s]) => [
      s.name,
      {
        description: s.description,
        headers: {
          'X-Request-Id': ref('headers', 'X-Request-Id'),
          ...(s.retryAfter ? { 'Retry-After': ref('headers', 'Retry-After') } : {}),
        },
        content: errorContent,
      },
    ]),
  );
  d.servers = [{ url: '/api', description: 'This shop (the host serving this document)' }];
  d.tags = TAGS;

  for (const r of FILE_ROUTES) (d.paths[r.path] ??= {})[r.method] = r.operation;

  for (const [path, ops] of Object.entries(d.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (!op || typeof op !== 'object' || !('responses' in op)) continue;
      const key = `${method} ${path}`;
      // trpc-to-openapi leaves `security` out on a public operation, which then inherits nothing and
      // reads as "unspecified"; say it is public.
      if (!Array.isArray(op.security)) op.security = [];
      const responses = op.responses as Record<string, Json>;
      for (const status of Object.keys(responses)) if (Number(status) >= 400) delete responses[status];
      for (const status of errorStatuses(method, path, op)) responses[String(status)] = ref('responses', ERROR_STATUSES[status]!.name);
      const ok = responses['200'];
      if (ok && isPagedList(d, ok)) ok.headers = { ...(ok.headers as Json | undefined), 'X-Total-Count': ref('headers', 'X-Total-Count') };
      if (IDEMPOTENT_OPERATIONS.has(key)) op.parameters = [...((op.parameters as unknown[]) ?? []), ref('parameters', 'IdempotencyKey')];
      if (!op.operationId) op.operationId = key.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
      else op.operationId = publishedOperationId(op.operationId as string);
    }
  }
}

/**
 * Integrators' generated clients name operations by their operationId, which trpc-to-openapi derives
 * from the procedure's path. The house's one-word-per-idea renames (decision 244: `delivery` → `slots`,
 * `deliveries` → `stops`, `schedules.deliveries` → `schedules.calendar`) moved those paths; the
 * published ids stay as they were.
 */
function publishedOperationId(id: string): string {
  if (id === 'schedules-calendar') return 'schedules-deliveries';
  if (id.startsWith('slots-')) return `delivery-${id.slice('slots-'.length)}`;
  if (id.startsWith('stops-')) return `deliveries-${id.slice('stops-'.length)}`;
  return id;
}

/** A 200 whose JSON answer has `totalCount` is a page of a list: it carries X-Total-Count too. */
function isPagedList(doc: Json, ok: Json): boolean {
  let schema = (ok.content as Record<string, { schema?: Json }> | undefined)?.['application/json']?.schema;
  const schemas = (doc.components as { schemas: Record<string, Json> }).schemas;
  for (let i = 0; i < 5 && schema && typeof schema.$ref === 'string'; i++) schema = schemas[schema.$ref.split('/').pop()!];
  return Boolean(schema && (schema.properties as Json | undefined)?.totalCount);
}

const idParam = (description: string) => ({
  name: 'id',
  in: 'path',
  required: true,
  description,
  schema: { type: 'string', format: 'uuid' },
});
const errors = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [String(s), ref('responses', ERROR_STATUSES[s]!.name)]));

/**
 * The routes that answer files or raw bodies rather than JSON procedures (plain Fastify routes:
 * server/domains/orders/orders.http.ts, payments/payments.webhook.ts, catalogue/catalogue.images.ts).
 */
const FILE_ROUTES: { method: string; path: string; operation: Json }[] = [
  {
    method: 'post',
    path: '/notifications/whatsapp/webhook',
    operation: {
      operationId: 'notifications-whatsapp-webhook',
      tags: ['notifications'],
      summary: "Meta's WhatsApp status webhook (called by Meta, not by integrators)",
      description:
        'The raw body is checked against `X-Hub-Signature-256` (`sha256=` + HMAC-SHA256 with the app secret); a wrong or missing ' +
        'signature is a 401 and writes nothing. Each message status (sent, delivered, read, failed) is recorded only when it moves ' +
        'the message forward: a replay answers 200 with `recorded: 0`.',
      security: [],
      parameters: [{ name: 'X-Hub-Signature-256', in: 'header', required: true, schema: { type: 'string' } }],
      requestBody: {
        required: true,
        content: { 'application/json': { schema: { type: 'object', description: "Meta's webhook notification, as Meta sends it" } } },
      },
      responses: {
        '200': {
          description: 'Recorded (statuses that moved a message forward)',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { ok: { type: 'boolean', const: true }, recorded: { type: 'integer', minimum: 0 }, requestId: { type: 'string' } },
                required: ['ok', 'recorded', 'requestId'],
              },
            },
          },
        },
        ...errors(400, 401),
      },
    },
  },
  {
    method: 'post',
    path: '/payment/webhook',
    operation: {
      operationId: 'payments-webhook',
      tags: ['payment'],
      summary: "Razorpay's webhook (called by Razorpay, not by integrators)",
      description:
        'The raw body is checked against `X-Razorpay-Signature` (HMAC-SHA256 with the webhook secret). Each event is applied once ' +
        '(by `X-Razorpay-Event-Id`); a repeat answers 200 with outcome `duplicate`.',
      security: [],
      parameters: [
        { name: 'X-Razorpay-Signature', in: 'header', required: true, schema: { type: 'string' } },
        { name: 'X-Razorpay-Event-Id', in: 'header', required: false, schema: { type: 'string', maxLength: 100 } },
      ],
      requestBody: {
        required: true,
        content: { 'application/json': { schema: { type: 'object', description: "Razorpay's event, as Razorpay sends it" } } },
      },
      responses: {
        '200': {
          description: 'Recorded (or recognised as a repeat)',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { ok: { type: 'boolean', const: true }, outcome: { type: 'string' }, requestId: { type: 'string' } },
                required: ['ok', 'outcome', 'requestId'],
              },
            },
          },
        },
        ...errors(400, 413, 503),
      },
    },
  },
  {
    method: 'get',
    path: '/orders/{id}/invoice.pdf',
    operation: {
      operationId: 'orders-invoicePdf',
      tags: ['orders'],
      summary: 'The tax invoice of a delivered order, as a PDF file',
      security: [{ bearer: [] }],
      parameters: [idParam("The order's id")],
      responses: {
        '200': {
          description: 'The invoice (Content-Disposition: attachment)',
          content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
        },
        ...errors(400, 401, 403, 404, 503),
      },
    },
  },
  ...(['prep-sheet', 'labels'] as const).map((file) => ({
    method: 'get' as const,
    path: `/admin/kitchen/${file}.pdf`,
    operation: {
      operationId: file === 'labels' ? 'admin-kitchen-labelsPdf' : 'admin-kitchen-prepSheetPdf',
      tags: ['admin', 'kitchen'],
      summary:
        file === 'labels'
          ? 'Bottle labels of a slot as a PDF: A4 sheets of 50 × 25 mm labels, one per bottle, with a QR code of the order page'
          : 'The prep sheet of a slot as a PDF: signature shakes × bottles, custom recipes, ingredient totals',
      security: [{ bearer: [] }],
      parameters: [
        { name: 'date', in: 'query' as const, required: true, schema: { type: 'string' as const, format: 'date' } },
        { name: 'slotId', in: 'query' as const, required: true, schema: { type: 'string' as const, format: 'uuid' } },
      ],
      responses: {
        '200': {
          description: 'The PDF file (Content-Disposition: inline)',
          content: { 'application/pdf': { schema: { type: 'string' as const, format: 'binary' } } },
        },
        ...errors(400, 401, 403, 404, 503),
      },
    },
  })),
  ...(['csv', 'pdf'] as const).map((ext) => ({
    method: 'get' as const,
    path: `/admin/purchase-plan.${ext}`,
    operation: {
      operationId: ext === 'csv' ? 'admin-purchasePlanCsv' : 'admin-purchasePlanPdf',
      tags: ['admin', 'stock'],
      summary:
        ext === 'csv'
          ? 'The harvest and purchase plan as CSV: one row per ingredient, quantities in its stock unit, the need of each day'
          : 'The harvest and purchase plan as a PDF: one list for the farm and one per supplier, what to get and by when',
      security: [{ bearer: [] }],
      parameters: [{ name: 'days', in: 'query' as const, required: false, schema: { type: 'integer' as const, minimum: 1, maximum: 14, default: 7 } }],
      responses: {
        '200': {
          description: ext === 'csv' ? 'The CSV file (Content-Disposition: attachment)' : 'The PDF file (Content-Disposition: inline)',
          content:
            ext === 'csv'
              ? { 'text/csv': { schema: { type: 'string' as const } } }
              : { 'application/pdf': { schema: { type: 'string' as const, format: 'binary' } } },
        },
        ...errors(400, 401, 403, 503),
      },
    },
  })),
  {
    method: 'get',
    path: '/admin/orders/export.csv',
    operation: {
      operationId: 'admin-orders-exportCsv',
      tags: ['admin', 'orders'],
      summary: 'The orders matching the order desk filters, as CSV (every page)',
      description: 'Takes the filters of GET /admin/orders (without page and pageSize). X-Total-Count is the number of rows.',
      security: [{ bearer: [] }],
      parameters: ['status', 'paymentStatus', 'paymentMethod', 'date', 'slotId', 'search'].map((name) => ({
        name,
        in: 'query',
        required: false,
        schema: { type: 'string' },
      })),
      responses: {
        '200': {
          description: 'The CSV file (Content-Disposition: attachment)',
          headers: { 'X-Total-Count': ref('headers', 'X-Total-Count') },
          content: { 'text/csv': { schema: { type: 'string' } } },
        },
        ...errors(400, 401, 403, 503),
      },
    },
  },
  {
    method: 'post',
    path: '/admin/images',
    operation: {
      operationId: 'admin-images-upload',
      tags: ['admin', 'catalogue'],
      summary: 'Upload a picture (JPEG, PNG or WebP, up to 5 MiB); it is re-encoded as WebP',
      security: [{ bearer: [] }],
      requestBody: { required: true, content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
      responses: {
        '201': {
          description: 'The stored picture',
          content: { 'application/json': { schema: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] } } },
        },
        ...errors(400, 401, 403, 413, 503),
      },
    },
  },
  {
    method: 'post',
    path: '/rider/orders/{id}/photo',
    operation: {
      operationId: 'rider-orders-photo',
      tags: ['rider'],
      summary: 'Proof of delivery: the photo at the door (JPEG, PNG or WebP, up to 5 MiB; kept as WebP within 1280 px); a new one replaces it',
      description:
        'Only the assigned rider, only for a stop out for delivery or delivered by them (else 404 / 409). The raw picture is the body; ' +
        'its type is read from the bytes. The answer carries a signed link to the stored photo, valid for an hour or two.',
      security: [{ bearer: [] }],
      parameters: [idParam('The order')],
      requestBody: { required: true, content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
      responses: {
        '201': {
          description: 'The stored photo',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  photo: {
                    type: 'object',
                    properties: { url: { type: 'string' }, width: { type: 'integer' }, height: { type: 'integer' }, takenAt: { type: 'string' } },
                    required: ['url', 'width', 'height', 'takenAt'],
                  },
                },
                required: ['photo'],
              },
            },
          },
        },
        ...errors(400, 401, 403, 404, 409, 413, 503),
      },
    },
  },
  {
    method: 'get',
    path: '/orders/{id}/delivery-photo.webp',
    operation: {
      operationId: 'orders-delivery-photo',
      tags: ['orders'],
      summary: 'The proof-of-delivery photo, through the signed link an order answer gives (`deliveryPhoto.url`)',
      security: [],
      parameters: [
        idParam('The order'),
        { name: 'exp', in: 'query', required: true, schema: { type: 'string' } },
        { name: 'sig', in: 'query', required: true, schema: { type: 'string' } },
      ],
      responses: {
        '200': { description: 'The photo', content: { 'image/webp': { schema: { type: 'string', format: 'binary' } } } },
        ...errors(404, 503),
      },
    },
  },
  {
    method: 'get',
    path: '/images/{file}',
    operation: {
      operationId: 'images-read',
      tags: ['catalogue'],
      summary: 'A stored picture (content-addressed, cached for a year)',
      security: [],
      parameters: [{ name: 'file', in: 'path', required: true, schema: { type: 'string', pattern: '^[0-9a-f]{40}\\.webp$' } }],
      responses: {
        '200': { description: 'The picture', content: { 'image/webp': { schema: { type: 'string', format: 'binary' } } } },
        ...errors(404, 503),
      },
    },
  },
];
