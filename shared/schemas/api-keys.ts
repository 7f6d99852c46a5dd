import { z } from 'zod';
import { Uuid } from './common';

/**
 * Secret API keys for integrators (decision 094). The scopes a key can carry, with what each lets it
 * call; a procedure's permission names the scope that grants it (shared/rules/staff.ts SCOPE_PERMISSIONS).
 */
export const API_KEY_SCOPES = ['catalogue:read', 'catalogue:write', 'orders:read', 'orders:write', 'customers:read', 'delivery:read', 'subscriptions:read'] as const;
export const ApiKeyScopeSchema = z.enum(API_KEY_SCOPES);
export type ApiKeyScope = z.infer<typeof ApiKeyScopeSchema>;

export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, { label: string; hint: string }> = {
  'catalogue:read': { label: 'Read catalogue', hint: 'Shakes, ingredients and prices as the back office sees them' },
  'catalogue:write': { label: 'Manage catalogue', hint: 'Create and edit shakes, ingredients and prices' },
  'orders:read': { label: 'Read orders', hint: 'Order list and order detail' },
  'orders:write': { label: 'Manage orders', hint: 'Change status, cancel, refund, mark paid' },
  'customers:read': { label: 'Read customers', hint: 'Customer list and detail (contact data)' },
  'delivery:read': { label: 'Read delivery slots', hint: 'Slot capacity, bookings and PIN codes' },
  'subscriptions:read': { label: 'Read subscriptions', hint: 'Subscribers, their plans and usage' },
};

/** The recognisable start of every key; GitHub-style secret scanners can match it. */
export const API_KEY_PREFIX = 'hs_live_';

export const ApiKeySchema = z.object({
  id: Uuid,
  name: z.string(),
  /** The first characters of the key (prefix included), to tell keys apart; never the whole key. */
  displayPrefix: z.string(),
  scopes: z.array(ApiKeyScopeSchema),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** Calls in the last 30 days (from the usage record). */
  uses30d: z.number().int(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const ApiKeyListSchema = z.object({ keys: z.array(ApiKeySchema) });
export type ApiKeyList = z.infer<typeof ApiKeyListSchema>;

export const ApiKeyCreateInputSchema = z.object({
  name: z.string().trim().min(1, 'Give the key a name, e.g. the integration it is for').max(80, 'At most 80 characters'),
  scopes: z.array(ApiKeyScopeSchema).min(1, 'Choose at least one scope').max(API_KEY_SCOPES.length),
});
export type ApiKeyCreateInput = z.infer<typeof ApiKeyCreateInputSchema>;

/** The one answer that carries the secret: shown once, never stored in clear. */
export const ApiKeyCreatedSchema = z.object({ key: ApiKeySchema, secret: z.string() });
export type ApiKeyCreated = z.infer<typeof ApiKeyCreatedSchema>;

export const ApiKeyIdInputSchema = z.object({ id: Uuid });

export const ApiKeyUsesSchema = z.object({
  uses: z.array(z.object({ minute: z.string(), operation: z.string(), count: z.number().int(), refused: z.number().int(), lastIp: z.string().nullable() })),
});
export type ApiKeyUses = z.infer<typeof ApiKeyUsesSchema>;
