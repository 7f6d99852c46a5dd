import { z } from 'zod';
import { CONSENT_PURPOSES } from '../rules/privacy-notice';
import { Uuid } from './common';

export const ConsentPurposeSchema = z.enum(CONSENT_PURPOSES);

/** Where a consent was given or withdrawn. */
export const CONSENT_CHANNELS = ['email-signup', 'mobile-signup', 'profile', 'notification-preferences', 'checkout', 'api'] as const;
export const ConsentChannelSchema = z.enum(CONSENT_CHANNELS);

const NoticeVersion = z.string().trim().min(1, 'The notice version is missing').max(32, 'The notice version is too long');

/** The choices at sign-up (e-mail form): the account itself is consented to by signing up on this notice. */
export const SignupConsentsSchema = z.object({
  notice_version: NoticeVersion,
  whatsapp: z.boolean().default(false),
  marketing: z.boolean().default(false),
});
export type SignupConsents = z.infer<typeof SignupConsentsSchema>;

export const PutConsentsInputSchema = z.object({
  notice_version: NoticeVersion,
  account: z.boolean().optional(),
  whatsapp: z.boolean().optional(),
  marketing: z.boolean().optional(),
  channel: z.enum(['mobile-signup', 'profile', 'api']).default('api'),
});
export type PutConsentsInput = z.infer<typeof PutConsentsInputSchema>;

export const ConsentStateSchema = z.object({
  purpose: ConsentPurposeSchema,
  given: z.boolean(),
  /** When it was last given or withdrawn; null: never asked. */
  at: z.string().nullable(),
  notice_version: z.string().nullable(),
  channel: ConsentChannelSchema.nullable(),
});

export const ConsentRecordSchema = z.object({
  purpose: ConsentPurposeSchema,
  given: z.boolean(),
  at: z.string(),
  notice_version: z.string(),
  channel: ConsentChannelSchema,
});

export const ConsentsSchema = z.object({
  notice_version: z.string(),
  consents: z.array(ConsentStateSchema),
  /** Every change, newest first. */
  history: z.array(ConsentRecordSchema),
});
export type Consents = z.infer<typeof ConsentsSchema>;

export const PrivacyNoticeSchema = z.object({
  version: z.string(),
  items: z.array(z.object({ what: z.string(), why: z.string(), purpose: ConsentPurposeSchema, kept: z.string() })),
  officer: z.object({ name: z.string(), email: z.string(), phone: z.string().nullable() }),
  /** Working days within which a grievance is answered. */
  answerDays: z.number().int(),
  inactiveYears: z.number().int(),
});
export type PrivacyNotice = z.infer<typeof PrivacyNoticeSchema>;

export const DataExportSchema = z.object({
  /** none: never asked; queued: being built; ready: downloadable until expiresAt; expired: ask again. */
  status: z.enum(['none', 'queued', 'ready', 'expired']),
  requestedAt: z.string().nullable(),
  readyAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  /** The ZIP (same bearer token), while it is offered. */
  downloadPath: z.string().nullable(),
});
export type DataExport = z.infer<typeof DataExportSchema>;

export const AccountDeleteInputSchema = z.object({
  /** The account's password; or `code`, a fresh sign-in code texted to its verified number (POST /api/auth/otp/request). */
  password: z.string().max(128, 'The password is too long').optional(),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from the SMS')
    .optional(),
});
export type AccountDeleteInput = z.infer<typeof AccountDeleteInputSchema>;

export const AccountDeleteAnswerSchema = z.object({
  ok: z.literal(true),
  /** What was settled first, in sentences, then what happens next. */
  message: z.string(),
  walletRefundedPaise: z.number().int(),
  cancelledOrders: z.array(z.string()),
  /** How the person was told ("Sent by e-mail to …", or the inbox only). */
  told: z.string(),
});
export type AccountDeleteAnswer = z.infer<typeof AccountDeleteAnswerSchema>;

// --- staff access to a customer's personal data (decision 275) ---

/** The personal fields the back office shows masked until Show. */
export const REVEALABLE_FIELDS = ['mobile', 'email'] as const;

export const RevealInputSchema = z.object({
  id: Uuid,
  field: z.enum(REVEALABLE_FIELDS, { message: 'Choose mobile or email' }),
  /** The screen the person looked from (kept in the access log). */
  screen: z.string().trim().min(1, 'Say which screen this is').max(60, 'The screen name is too long').default('admin/customers'),
});
export type RevealInput = z.infer<typeof RevealInputSchema>;

export const RevealAnswerSchema = z.object({
  /** The full value; null when the account has none. */
  value: z.string().nullable(),
});

/** One time someone at the shop opened the person's personal data. */
export const DataAccessEntrySchema = z.object({
  at: z.string(),
  /** "Leela (Support)"; "The shop" when the staff account is gone. */
  who: z.string(),
  what: z.string(),
  screen: z.string(),
});
export const DataAccessSchema = z.object({ entries: z.array(DataAccessEntrySchema) });
export type DataAccess = z.infer<typeof DataAccessSchema>;
