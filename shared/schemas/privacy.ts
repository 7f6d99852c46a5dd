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
  /** Days (calendar days, counted from the asking) within which a grievance or a data request is answered. */
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

/** The personal fields the back office shows masked until Show (an address: decision 279). */
export const REVEALABLE_FIELDS = ['mobile', 'email', 'address'] as const;

export const RevealInputSchema = z
  .object({
    id: Uuid,
    field: z.enum(REVEALABLE_FIELDS, { message: 'Choose mobile, email or address' }),
    /** With field `address`: which of the customer's saved addresses. */
    addressId: Uuid.optional(),
    /** The screen the person looked from (kept in the access log). */
    screen: z.string().trim().min(1, 'Say which screen this is').max(60, 'The screen name is too long').default('admin/customers'),
  })
  .refine((v) => v.field !== 'address' || v.addressId, { message: 'Say which address to show (addressId)', path: ['addressId'] });
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

// --- /admin/privacy: requests and incidents (decision 277) ---

export const PrivacyRequestSchema = z.object({
  /** export: "download my data"; deletion: "delete my account"; inactive: retention closed an unused account; grievance: a complaint (decision 278). */
  kind: z.enum(['export', 'deletion', 'inactive', 'grievance']),
  id: z.string(),
  userId: z.string(),
  /** The person's name, or that the account is erased. */
  person: z.string(),
  requestedAt: z.string(),
  /** Answered by (the answer days after the request; a grievance's as promised when it was asked). */
  dueBy: z.string(),
  /** In words: "Being built", "Ready to download", "Erased"… */
  state: z.string(),
  done: z.boolean(),
  doneAt: z.string().nullable(),
  overdue: z.boolean(),
  /** Only for a grievance: what the person wrote and the answer (blank once the account is erased). */
  grievance: z.object({ subject: z.string(), details: z.string(), answer: z.string().nullable(), answeredBy: z.string().nullable() }).nullable(),
});
export const PrivacyRequestsSchema = z.object({ requests: z.array(PrivacyRequestSchema), answerDays: z.number().int() });
export type PrivacyRequests = z.infer<typeof PrivacyRequestsSchema>;

const Text = (what: string, max: number) =>
  z.string().trim().min(3, `Say ${what}`).max(max, `Say ${what} in at most ${max} characters`);
const Instant = z.iso.datetime({ offset: true, message: 'Use a date and time like 2026-12-06T10:30:00+05:30' });

export const IncidentInputSchema = z
  .object({
    /** The nature of the breach: what happened, where. */
    what: Text('what happened', 2000),
    /** Which personal data (names, numbers, addresses…). */
    dataKinds: Text('which personal data', 500),
    occurredAt: Instant.nullable().default(null),
    discoveredAt: Instant,
    likelyImpact: Text('the likely impact on the people', 2000),
    measures: Text('what was done and will be done', 2000),
    allCustomers: z.boolean().default(false),
    userIds: z.array(Uuid).max(5000, 'At most 5,000 people by id; choose every customer instead').default([]),
    /** The people as the owner knows them: e-mail addresses, mobile numbers or customer ids (each must match a customer). */
    people: z
      .array(z.string().trim().min(1, 'Leave out the empty lines').max(254, 'An e-mail address, a mobile number or an id is at most 254 characters'))
      .max(5000, 'At most 5,000 people by name; choose every customer instead')
      .default([]),
  })
  .refine((v) => v.allCustomers || v.userIds.length > 0 || v.people.length > 0, {
    message: 'Say who is affected: every customer, or the customers by e-mail, mobile number or id',
    path: ['people'],
  });
export type IncidentInput = z.infer<typeof IncidentInputSchema>;

export const IncidentSchema = z.object({
  id: z.string(),
  what: z.string(),
  dataKinds: z.string(),
  occurredAt: z.string().nullable(),
  discoveredAt: z.string(),
  likelyImpact: z.string(),
  measures: z.string(),
  recordedAt: z.string(),
  recordedBy: z.string().nullable(),
  affected: z.number().int(),
  told: z.number().int(),
  peopleToldAt: z.string().nullable(),
  /** 72 hours after discovery (DPDP Rules 2025, r.7(2)(b)). */
  reportDueBy: z.string(),
  boardReportedAt: z.string().nullable(),
  overdue: z.boolean(),
  /** The report for the Data Protection Board, drafted from the record: plain text the owner can send. */
  boardReport: z.string(),
});
export type Incident = z.infer<typeof IncidentSchema>;
export const IncidentsSchema = z.object({ incidents: z.array(IncidentSchema) });
export const IncidentIdInputSchema = z.object({ id: Uuid });
export const IncidentToldSchema = z.object({ incident: IncidentSchema, toldNow: z.number().int() });

// --- grievances (decision 278) ---

export const GRIEVANCE_LIMITS = { subject: 120, details: 4000, answer: 4000 } as const;

export const GrievanceInputSchema = z.object({
  subject: z
    .string()
    .trim()
    .min(3, 'Say in a few words what it is about')
    .max(GRIEVANCE_LIMITS.subject, `The subject is at most ${GRIEVANCE_LIMITS.subject} characters`),
  details: z
    .string()
    .trim()
    .min(10, 'Tell us what happened in a sentence or two')
    .max(GRIEVANCE_LIMITS.details, `The details are at most ${GRIEVANCE_LIMITS.details} characters`),
});
export type GrievanceInput = z.infer<typeof GrievanceInputSchema>;

export const GrievanceSchema = z.object({
  id: z.string(),
  subject: z.string(),
  details: z.string(),
  /** open: waiting for the answer; answered; closed: the account was erased before an answer. */
  status: z.enum(['open', 'answered', 'closed']),
  askedAt: z.string(),
  /** The date the answer is due by (asked + the answer days the notice promised). */
  dueBy: z.string(),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
});
export type Grievance = z.infer<typeof GrievanceSchema>;
export const GrievancesSchema = z.object({ grievances: z.array(GrievanceSchema), answerDays: z.number().int() });
export type Grievances = z.infer<typeof GrievancesSchema>;

export const GrievanceAskedSchema = z.object({
  grievance: GrievanceSchema,
  /** How the acknowledgement reached the person, in a sentence ("We sent it by e-mail to as•••@example.in", or the inbox only). */
  acknowledged: z.string(),
});

export const GrievanceAnswerInputSchema = z.object({
  id: Uuid,
  answer: z
    .string()
    .trim()
    .min(10, 'Write the answer in a sentence or two')
    .max(GRIEVANCE_LIMITS.answer, `The answer is at most ${GRIEVANCE_LIMITS.answer} characters`),
});
export type GrievanceAnswerInput = z.infer<typeof GrievanceAnswerInputSchema>;

export const GrievanceAnsweredSchema = z.object({
  grievance: GrievanceSchema,
  /** How the answer reached the person ("Sent by e-mail to …", the inbox only, or not sent: the account is closed). */
  told: z.string(),
});
