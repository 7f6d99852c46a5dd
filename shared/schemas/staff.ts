import { z } from 'zod';
import { Uuid } from './common';
import { EmailSchema, MobileSchema, NameSchema } from './auth';
import { STAFF_ROLES } from '../rules/staff';

/** /admin/staff (PRODUCT.md §17, owner only): the team, invitations, roles, disabling. */

export const StaffRoleSchema = z.enum(STAFF_ROLES, { message: 'Choose a role' });

export const StaffMemberSchema = z.object({
  id: Uuid,
  email: z.string(),
  name: z.string(),
  mobile: z.string().nullable(),
  role: StaffRoleSchema,
  /** The owner by the shop's admin e-mail list (config): the role cannot be changed here. */
  ownerByConfig: z.boolean(),
  disabled: z.boolean(),
  /** Invited and not yet signed in (no password set, no session ever). */
  invitePending: z.boolean(),
  invitedAt: z.string().nullable(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof StaffMemberSchema>;

export const StaffListSchema = z.object({ staff: z.array(StaffMemberSchema) });
export type StaffList = z.infer<typeof StaffListSchema>;

export const StaffInviteInputSchema = z.object({
  email: EmailSchema,
  name: NameSchema,
  role: StaffRoleSchema,
  /** Riders need one: the customer's call button rings it. */
  mobile: MobileSchema.optional(),
});
export type StaffInviteInput = z.infer<typeof StaffInviteInputSchema>;

/** `told`: how the invitee was told, naming the channel ("Sent by e-mail to ra•••@hydroshakes.in"). */
export const StaffInviteAnswerSchema = z.object({ member: StaffMemberSchema, told: z.string(), expiresAt: z.string() });
export type StaffInviteAnswer = z.infer<typeof StaffInviteAnswerSchema>;

export const StaffUpdateInputSchema = z
  .object({ id: Uuid, role: StaffRoleSchema.optional(), disabled: z.boolean().optional() })
  .refine((v) => v.role !== undefined || v.disabled !== undefined, { message: 'Change the role or the access', path: ['role'] });
export type StaffUpdateInput = z.infer<typeof StaffUpdateInputSchema>;

export const StaffUpdateAnswerSchema = z.object({ member: StaffMemberSchema, sessionsEnded: z.number().int() });
export type StaffUpdateAnswer = z.infer<typeof StaffUpdateAnswerSchema>;
