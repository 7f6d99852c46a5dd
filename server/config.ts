import { z } from 'zod';

/**
 * The whole environment contract, parsed once at boot. A bad value stops the
 * process with a readable list of field errors instead of failing later.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const csv = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );

const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined))
  .pipe(z.url().optional());

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== '' ? v.trim() : undefined));

export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  /**
   * PostgreSQL itself, when DATABASE_URL points at PgBouncer in transaction mode: the LISTEN
   * connection, the jobs and migrations use it (they need a session). Unset: DATABASE_URL is PostgreSQL.
   */
  DATABASE_DIRECT_URL: optionalUrl,
  /**
   * Streaming replicas for reads that may lag (order history, the back office's lists), comma separated.
   * Unset: every read on DATABASE_URL. Decision 176.
   */
  DATABASE_READ_URL: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url())),
  /** How long someone who just wrote reads from the primary (longer than the replicas' usual lag). */
  DATABASE_READ_WINDOW_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Trust X-Forwarded-For from a reverse proxy in front (per-address rate limits use the client IP).
   * Off by default: without a proxy that overwrites the header, a caller could pick its own address.
   */
  TRUST_PROXY: bool.default(false),
  /** Extra origins allowed by CORS (comma separated). PUBLIC_URL is always allowed. */
  CORS_ORIGINS: csv,
  /** HMAC secret for the shop's own access tokens. Generated and kept in DATA_DIR when absent. */
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional()),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(900).default(900),
  ADMIN_EMAILS: csv,
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalString,
  SUPABASE_URL: optionalUrl,
  SUPABASE_ANON_KEY: optionalString,
  SUPABASE_JWT_SECRET: optionalString,
  SUPABASE_JWKS_URL: optionalUrl,
  BREVO_API_KEY: optionalString,
  BREVO_API_URL: z.url().default('https://api.brevo.com'),
  MAIL_FROM: z.email().default('hello@hydroshakes.in'),
  /** MSG91 (SMS): without the key, texts (sign-in codes) go to the SMS outbox and the log. */
  MSG91_AUTH_KEY: optionalString,
  MSG91_API_URL: z.url().default('https://control.msg91.com'),
  /** The MSG91 template (mapped there to its DLT template id) for sign-in codes; its variable is `otp`. */
  MSG91_OTP_TEMPLATE_ID: optionalString,
  /** The MSG91 template for an order update sent as a text when WhatsApp failed; its variable is `message`. */
  MSG91_ORDER_UPDATE_TEMPLATE_ID: optionalString,
  /**
   * Web push (decision 270): the VAPID key pair (web-push's URL-safe base64), both or neither; without
   * them a pair is generated once and kept in the database, like the JWT secret. The subject is the
   * contact push services may use: a mailto: or https: URL (default mailto: MAIL_FROM).
   */
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  VAPID_SUBJECT: optionalString.pipe(z.string().regex(/^(mailto:|https:\/\/)/, 'VAPID_SUBJECT must be a mailto: or https:// URL').optional()),
  /** WhatsApp Business Cloud API: without the token, order messages go to the WhatsApp outbox and the log. */
  WHATSAPP_TOKEN: optionalString,
  WHATSAPP_PHONE_NUMBER_ID: optionalString,
  /** The Meta app's secret: signs the status webhook (X-Hub-Signature-256). */
  WHATSAPP_APP_SECRET: optionalString,
  /** Answered back to Meta's GET verification of the webhook (hub.verify_token). */
  WHATSAPP_VERIFY_TOKEN: optionalString,
  WHATSAPP_API_URL: z.url().default('https://graph.facebook.com'),
  /** The grievance officer the privacy page names (DPDP Rules 2025 r.9), and the days (calendar days from the asking; DPDP Rules 2025 r.14(3): at most 90) within which a grievance or data request is answered. */
  PRIVACY_OFFICER_NAME: z.string().trim().min(1).max(120).default('Grievance Officer, Hydro Shakes'),
  PRIVACY_OFFICER_EMAIL: z.email().default('privacy@hydroshakes.in'),
  PRIVACY_OFFICER_PHONE: optionalString,
  PRIVACY_ANSWER_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  WHATSAPP_TEMPLATE_LANGUAGE: z.string().default('en'),
  /**
   * Approved template names (decision 215: {{1}} is always the greeting, "Hi Priya" or "Hi").
   * Order confirmed: {{2}} order number, {{3}} total, {{4}} slot.
   */
  WHATSAPP_TEMPLATE_ORDER_CONFIRMED: z.string().default('order_confirmed'),
  /** {{1}} greeting, {{2}} order number, {{3}} the delivery code. */
  WHATSAPP_TEMPLATE_OUT_FOR_DELIVERY: z.string().default('order_out_for_delivery'),
  /** {{1}} greeting, {{2}} order number. */
  WHATSAPP_TEMPLATE_DELIVERED: z.string().default('order_delivered'),
  /** {{1}} greeting, {{2}} order number. */
  WHATSAPP_TEMPLATE_PAYMENT_FAILED: z.string().default('order_payment_failed'),
  /** {{1}} greeting, {{2}} order number, {{3}} the reason and what happens next. */
  WHATSAPP_TEMPLATE_COULD_NOT_DELIVER: z.string().default('order_not_delivered'),
  /** {{1}} greeting, {{2}} order number, {{3}} the new day and slot. */
  WHATSAPP_TEMPLATE_DELIVERY_MOVED: z.string().default('order_delivery_moved'),
  /** Tomorrow's standing delivery not covered by the wallet: {{1}} greeting, {{2}} the day, {{3}} the shortfall and what to do. */
  WHATSAPP_TEMPLATE_DELIVERY_NOT_COVERED: z.string().default('delivery_not_covered'),
  /** A standing day the cut-off could not place: {{1}} greeting, {{2}} the day, {{3}} why. */
  WHATSAPP_TEMPLATE_DELIVERY_NOT_PLACED: z.string().default('delivery_not_placed'),
  /** {{1}} greeting, {{2}} order number, {{3}} the amount and where it goes back. */
  WHATSAPP_TEMPLATE_REFUND_ISSUED: z.string().default('order_refund_issued'),
  /** {{1}} greeting, {{2}} the plan, {{3}} the date and amount. */
  WHATSAPP_TEMPLATE_RENEWAL_REMINDER: z.string().default('subscription_renewal_reminder'),
  RAZORPAY_KEY_ID: optionalString,
  RAZORPAY_KEY_SECRET: optionalString,
  RAZORPAY_WEBHOOK_SECRET: optionalString,
  RAZORPAY_API_URL: optionalUrl,
  /** Serve the built client from dist/client (off in API-only tests). */
  SERVE_CLIENT: bool.default(true),
  /** Run background jobs (expiry, reconciler, outbox) in this process. */
  RUN_JOBS: bool.default(true),
  /**
   * Let outgoing webhooks call loopback addresses (127.0.0.0/8, ::1): local development and tests
   * only. Off by default; private, link-local and other internal addresses stay refused either way.
   */
  WEBHOOKS_ALLOW_LOOPBACK: bool.default(false),
});

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {}

/**
 * Without PUBLIC_URL the shop's links (reset e-mails, order mails, CORS, OpenAPI) point at the port it
 * listens on, not at 3000 whatever PORT says. PORT=0 (any free port) is settled after listening:
 * see `listeningUrl`.
 */
export function withPublicUrlDefault(env: Record<string, string | undefined>): Record<string, string | undefined> {
  if (env.PUBLIC_URL && env.PUBLIC_URL.trim() !== '') return env;
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 1 || port > 65535) return env; // invalid PORT: its own error; 0: after listen
  return { ...env, PUBLIC_URL: `http://localhost:${port}` };
}

/** The address to print (and to use as PUBLIC_URL when none was set) once the server listens. */
export function listeningUrl(host: string, port: number): string {
  const local = host === '0.0.0.0' || host === '::' || host === '' || host === '127.0.0.1' || host === '::1' || host === 'localhost';
  const h = local ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${h}:${port}`;
}

export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = ConfigSchema.safeParse(withPublicUrlDefault(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, ...overrides };
}

/** Values the browser may see. Nothing secret ever goes here. */
export function publicConfig(config: Config) {
  return {
    supabaseUrl: config.SUPABASE_URL ?? null,
    supabaseAnonKey: config.SUPABASE_ANON_KEY ?? null,
    razorpayKeyId: config.RAZORPAY_KEY_ID ?? null,
    paymentMode: config.RAZORPAY_KEY_ID && config.RAZORPAY_KEY_SECRET ? ('razorpay' as const) : ('test' as const),
  };
}
