import { z } from 'zod';
import { USER_ROLES } from '../rules/staff';
import { normalizeIndianMobile, MOBILE_MESSAGE } from '../rules/india';
import { PASSWORD_MAX, passwordProblem } from '../rules/password';
import { PageInput, Uuid } from './common';
import { SignupConsentsSchema } from './privacy';

/**
 * Accounts: the spec's auth and user calls (§7) with their exact field names
 * (access_token, refresh_token, expires_at in milliseconds, user_metadata).
 * Inputs strip unknown keys, so role, points, ids and timestamps a client sends
 * never reach the database (mass assignment).
 */

export const EMAIL_MAX = 254;
export const USERNAME_MESSAGE = 'Use 3–30 characters: lower-case letters, digits, _ and .';

export const EmailSchema = z
  .string({ message: 'Enter your e-mail address' })
  .trim()
  .max(EMAIL_MAX, `An e-mail address has at most ${EMAIL_MAX} characters`)
  .toLowerCase()
  .pipe(z.email({ message: 'Enter a valid e-mail address' }));

/** A new password: the whole policy (length, common passwords). */
export const NewPasswordSchema = z
  .string({ message: 'Enter a password' })
  .max(PASSWORD_MAX * 4, `Use at most ${PASSWORD_MAX} characters.`)
  .superRefine((v, ctx) => {
    const problem = passwordProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** A password being checked: only bounded, never judged (old accounts keep working). */
export const PasswordSchema = z
  .string({ message: 'Enter your password' })
  .min(1, 'Enter your password')
  .max(PASSWORD_MAX, `A password has at most ${PASSWORD_MAX} characters`);

export const UsernameSchema = z
  .string({ message: 'Choose a username' })
  .trim()
  .max(30, USERNAME_MESSAGE)
  .toLowerCase()
  .pipe(z.string().regex(/^[a-z0-9_.]{3,30}$/, USERNAME_MESSAGE));

export const NameSchema = z
  .string({ message: 'Enter your name' })
  .trim()
  .min(1, 'Enter your name')
  .max(80, 'A name has at most 80 characters');

/** Accepts "98765 43210", "+91 98765-43210", "09876543210"; stored as +919876543210. */
export const MobileSchema = z
  .string({ message: 'Enter your mobile number' })
  .max(32, MOBILE_MESSAGE)
  .transform((v, ctx) => {
    const n = normalizeIndianMobile(v);
    if (!n) {
      ctx.addIssue({ code: 'custom', message: MOBILE_MESSAGE });
      return z.NEVER;
    }
    return n;
  });

const TokenString = z.string().trim().min(1, 'The token is missing').max(512, 'The token is too long');

export const SignupInputSchema = z
  .object({
    email: EmailSchema,
    password: NewPasswordSchema,
    username: UsernameSchema,
    name: NameSchema,
    mobile: MobileSchema,
    /** The notice's version the form showed and the choices ticked (PRODUCT.md §24); without it, the account alone on the current notice. */
    consents: SignupConsentsSchema.optional(),
  })
  .superRefine((v, ctx) => {
    const problem = passwordProblem(v.password, { email: v.email, username: v.username });
    if (problem && !passwordProblem(v.password)) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
  });
export type SignupInput = z.infer<typeof SignupInputSchema>;

export const SigninInputSchema = z.object({ email: EmailSchema, password: PasswordSchema });
export type SigninInput = z.infer<typeof SigninInputSchema>;

/** Sign in with a mobile number (PRODUCT.md §18): ask for a code, then send it back. */
export const OtpRequestInputSchema = z.object({ mobile: MobileSchema });
export type OtpRequestInput = z.infer<typeof OtpRequestInputSchema>;

/**
 * A sign-in code, with the page the sign-in started from (decision 226): whichever tab enters the
 * code is sent back there. Only a path on this site is kept (anything else is ignored).
 */
export const OtpSigninRequestInputSchema = OtpRequestInputSchema.extend({
  return_to: z.string().max(2048, 'The return path is too long').nullish(),
});

export const OTP_CODE_MESSAGE = 'Enter the 6-digit code from the SMS';
export const OtpCodeSchema = z
  .string({ message: OTP_CODE_MESSAGE })
  .trim()
  .max(16, OTP_CODE_MESSAGE)
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, OTP_CODE_MESSAGE));

export const OtpVerifyInputSchema = z.object({ mobile: MobileSchema, code: OtpCodeSchema });
export type OtpVerifyInput = z.infer<typeof OtpVerifyInputSchema>;

/** The same answer for every number, known or not (only the number itself is echoed, formatted). */
export const OtpSentAnswerSchema = z.object({
  ok: z.literal(true),
  message: z.string(),
  /** Seconds before another code may be asked for. */
  resend_after: z.number().int(),
  /** Seconds the code works. */
  expires_in: z.number().int(),
});
export type OtpSentAnswer = z.infer<typeof OtpSentAnswerSchema>;

/** E-mail verification (PRODUCT.md §18): a link to the current address again, or to a new one (a change). */
export const VerifyEmailRequestInputSchema = z.object({ email: EmailSchema.optional() });
export type VerifyEmailRequestInput = z.infer<typeof VerifyEmailRequestInputSchema>;

export const VerifyEmailConfirmInputSchema = z.object({ token: TokenString });

export const VerifyEmailAnswerSchema = z.object({ ok: z.literal(true), message: z.string(), email: z.string() });
export type VerifyEmailAnswer = z.infer<typeof VerifyEmailAnswerSchema>;

/** Refresh and sign-out: the refresh token in the body (or as the bearer, spec §7). */
export const RefreshInputSchema = z.object({ refresh_token: TokenString.optional() }).optional();
export type RefreshInput = z.infer<typeof RefreshInputSchema>;

export const ResetRequestInputSchema = z.object({ email: EmailSchema });
export type ResetRequestInput = z.infer<typeof ResetRequestInputSchema>;

export const ResetCompleteInputSchema = z.object({ token: TokenString, password: NewPasswordSchema });
export type ResetCompleteInput = z.infer<typeof ResetCompleteInputSchema>;

export const SupabaseExchangeInputSchema = z.object({ access_token: z.string().min(1).max(8192, 'The token is too long') });
export type SupabaseExchangeInput = z.infer<typeof SupabaseExchangeInputSchema>;

/** The fields a customer may change about themself; everything else is stripped. */
export const ProfilePatchSchema = z.object({
  name: NameSchema.optional(),
  username: UsernameSchema.optional(),
  mobile: MobileSchema.optional(),
});
export type ProfilePatch = z.infer<typeof ProfilePatchSchema>;

export const ChangePasswordInputSchema = z.object({
  /** Absent for an account that has only signed in with Google so far. */
  current_password: PasswordSchema.optional(),
  new_password: NewPasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordInputSchema>;

/** Every role of shared/rules/staff.ts; `admin` is the owner (the spec's word). */
export const RoleSchema = z.enum(USER_ROLES);

/** The user of spec §3 (me call): id, email, role, user_metadata with name and role. */
export const SessionUserSchema = z.object({
  id: z.string(),
  /** '' for an account started from a mobile number that has no e-mail yet (decision 170). */
  email: z.string(),
  role: RoleSchema,
  email_verified: z.boolean(),
  created_at: z.string(),
  user_metadata: z.object({
    name: z.string(),
    /** Written by the server from users.role; never read back from a client. */
    role: RoleSchema,
    username: z.string().optional(),
    mobile: z.string().optional(),
  }),
});
export type SessionUserDto = z.infer<typeof SessionUserSchema>;

/** When the access token expires: milliseconds since the Unix epoch (not seconds), as spec §4 reads it. */
const ExpiresAtMs = z.number().int().meta({ description: 'When the access token expires, in milliseconds since the Unix epoch (not seconds)', examples: [1795000000000] });

export const SessionSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  /** Milliseconds since the epoch, as the client expects. */
  expires_at: ExpiresAtMs,
  expires_in: z.number().int(),
  token_type: z.literal('bearer'),
});
export type SessionDto = z.infer<typeof SessionSchema>;

/** Sign-in, refresh, reset completion and Google exchange: the session, flat and nested. */
export const AuthAnswerSchema = z.object({
  user: SessionUserSchema,
  session: SessionSchema,
  access_token: z.string(),
  refresh_token: z.string(),
  expires_at: ExpiresAtMs,
});
export type AuthAnswer = z.infer<typeof AuthAnswerSchema>;

/** A code's sign-in: also the page the sign-in started from (a path on this site), or null. */
export const OtpSigninAnswerSchema = AuthAnswerSchema.extend({ return_to: z.string().nullable() });
export type OtpSigninAnswer = z.infer<typeof OtpSigninAnswerSchema>;

/** A staff invitation's link: what it is for, before the person joins. */
export const InvitationInputSchema = z.object({ token: TokenString });
export const InvitationSchema = z.object({
  role: RoleSchema,
  role_label: z.string(),
  shop_name: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  /** The invited number (+91…): signing in with a code to it joins too (decision 206). */
  mobile: z.string().nullable(),
  invited_by: z.string().nullable(),
  expires_at: z.string(),
  /** The account has a password already (a customer promoted to staff): they sign in with it. */
  has_password: z.boolean(),
  /** The role's first screen (shared/rules/staff.ts firstScreenOf). */
  landing: z.string(),
});
export type Invitation = z.infer<typeof InvitationSchema>;
export const AcceptInvitationInputSchema = z.object({ token: TokenString, password: NewPasswordSchema });
export type AcceptInvitationInput = z.infer<typeof AcceptInvitationInputSchema>;
export const AcceptInvitationAnswerSchema = AuthAnswerSchema.extend({ landing: z.string() });
export type AcceptInvitationAnswer = z.infer<typeof AcceptInvitationAnswerSchema>;

/**
 * Sign-up: the same status and message whether or not the address was free;
 * only a new account (or the owner repeating their own sign-up) gets a session.
 */
export const SignupAnswerSchema = z.object({
  user: SessionUserSchema.nullable(),
  session: SessionSchema.nullable(),
  access_token: z.string().nullable(),
  refresh_token: z.string().nullable(),
  expires_at: ExpiresAtMs.nullable(),
  message: z.string(),
});
export type SignupAnswer = z.infer<typeof SignupAnswerSchema>;

export const MeAnswerSchema = z.object({ user: SessionUserSchema });

export const MessageAnswerSchema = z.object({ ok: z.literal(true), message: z.string() });
export type MessageAnswer = z.infer<typeof MessageAnswerSchema>;

export const ProfileSchema = z.object({
  id: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  name: z.string(),
  username: z.string().nullable(),
  mobile: z.string().nullable(),
  /** The number was proven with a code: it signs in, and order texts go to it. */
  mobile_verified: z.boolean(),
  role: RoleSchema,
  has_password: z.boolean(),
  providers: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Profile = z.infer<typeof ProfileSchema>;

// --- admin: customers, password reset, dashboard ---

export const CustomersListInputSchema = PageInput.extend({
  search: z.string().trim().max(100, 'Search with at most 100 characters').optional(),
  role: RoleSchema.optional(),
});
export type CustomersListInput = z.infer<typeof CustomersListInputSchema>;

export const CustomerSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  /** Masked ("+91 98••• 43210"): the full number only through POST /api/admin/customers/{id}/reveal, logged. */
  mobile: z.string().nullable(),
  role: RoleSchema,
  email_verified: z.boolean(),
  disabled: z.boolean(),
  created_at: z.string(),
  last_active_at: z.string().nullable(),
});
export type CustomerSummary = z.infer<typeof CustomerSummarySchema>;

export const CustomersPageSchema = z.object({ customers: z.array(CustomerSummarySchema), totalCount: z.number().int() });

/** Label/value rows other domains add to the customer detail (orders, subscription, points). */
export const DetailSectionSchema = z.object({
  key: z.string(),
  title: z.string(),
  /**
   * `href`: an in-app path (e.g. /admin/orders?id=…) the row links to. `reveal`: the value is masked; Show
   * asks POST /api/admin/customers/{id}/reveal with this field and address (decision 279).
   */
  rows: z.array(
    z.object({
      label: z.string(),
      value: z.string(),
      href: z.string().optional(),
      reveal: z.object({ field: z.literal('address'), addressId: z.string() }).optional(),
    }),
  ),
});
export type DetailSection = z.infer<typeof DetailSectionSchema>;

export const CustomerDetailSchema = z.object({
  customer: CustomerSummarySchema.extend({
    has_password: z.boolean(),
    providers: z.array(z.string()),
    active_sessions: z.number().int(),
  }),
  sections: z.array(DetailSectionSchema),
});
export type CustomerDetail = z.infer<typeof CustomerDetailSchema>;

export const CustomerIdInputSchema = z.object({ id: Uuid });

export const AdminPasswordResetInputSchema = z
  .object({ userId: Uuid.optional(), email: EmailSchema.optional() })
  .refine((v) => v.userId || v.email, { message: 'Choose a customer by id or e-mail', path: ['email'] });
export type AdminPasswordResetInput = z.infer<typeof AdminPasswordResetInputSchema>;

export const SignOutEverywhereAnswerSchema = z.object({ ok: z.literal(true), sessionsEnded: z.number().int() });

export const AdminPasswordResetAnswerSchema = z.object({ ok: z.literal(true), sentTo: z.string(), expiresAt: z.string() });

export const DashboardMetricSchema = z.object({
  key: z.string(),
  label: z.string(),
  value: z.number(),
  /** How the client shows the value: count, paise (formatRupees), percent. */
  format: z.enum(['count', 'paise', 'percent']),
  hint: z.string().optional(),
});
export type DashboardMetric = z.infer<typeof DashboardMetricSchema>;

export const DashboardSchema = z.object({
  generatedAt: z.string(),
  counts: z.object({ customers: z.number().int(), shakes: z.number().int(), ingredients: z.number().int() }),
  metrics: z.array(DashboardMetricSchema),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
