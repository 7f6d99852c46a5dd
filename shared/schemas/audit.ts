import { z } from 'zod';

// Control characters are refused in free text (they break logs, CSV and e-mails).
// eslint-disable-next-line no-control-regex
const NO_CONTROL = /^[^\u0000-\u001f\u007f]*$/;

/** GET /api/admin/audit-log: newest first; filter by entity (exact), entity id, actor (e-mail part or user id) and action prefix. */
export const AuditLogInputSchema = z.object({
  entity: z.string().trim().max(40, 'entity is at most 40 characters').regex(NO_CONTROL, 'entity has invalid characters').optional(),
  entityId: z
    .string()
    .trim()
    .max(100, 'entityId is at most 100 characters')
    .regex(NO_CONTROL, 'entityId has invalid characters')
    .optional(),
  actor: z.string().trim().max(200, 'actor is at most 200 characters').regex(NO_CONTROL, 'actor has invalid characters').optional(),
  action: z.string().trim().max(80, 'action is at most 80 characters').regex(NO_CONTROL, 'action has invalid characters').optional(),
  page: z.coerce.number().int().min(1, 'page starts at 1').max(10_000, 'page is at most 10000').default(1),
  pageSize: z.coerce.number().int().min(1, 'pageSize is at least 1').max(100, 'pageSize is at most 100').default(25),
});
export type AuditLogInput = z.infer<typeof AuditLogInputSchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  /** The record before and after the change (JSON), as the acting domain wrote it. */
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditLogPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  totalCount: z.number().int(),
  /** Every entity name in the log, for the viewer's filter. */
  entities: z.array(z.string()),
});
export type AuditLogPage = z.infer<typeof AuditLogPageSchema>;
