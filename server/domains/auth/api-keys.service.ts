import crypto from 'node:crypto';
import type { AppDeps } from '../../deps';
import type { AuthUser } from '../../trpc/context';
import { AppError, notFound } from '../../lib/errors';
import { hashOpaqueToken } from '../../lib/tokens';
import { flushApiKeyUses } from '../../lib/auth-guard';
import { recordAudit } from '../audit/audit.service';
import {
  API_KEY_PREFIX,
  type ApiKey,
  type ApiKeyCreateInput,
  type ApiKeyCreated,
  type ApiKeyList,
  type ApiKeyScope,
  type ApiKeyUses,
} from '../../../shared/schemas/api-keys';
import * as repo from './api-keys.repository';
import { withTransactionRetry } from '../../lib/transaction-retry';

/**
 * API keys for integrators (decision 094): 256 random bits after `hs_live_`, shown once, stored as
 * SHA-256 (a random secret needs no slow hash; the look-up stays one indexed equality), revocable on
 * every instance at once. The request-time check is lib/auth-guard.ts.
 */

const USES_WINDOW_MS = 30 * 24 * 3600_000;
/** Shown in the list to tell keys apart: the prefix and 6 characters of the secret (36 bits, not enough to guess the rest). */
const DISPLAY_CHARS = 6;

type Row = Awaited<ReturnType<typeof repo.listKeys>>[number];
function toDto(r: Row): ApiKey {
  const iso = (v: string | Date | null) => (v == null ? null : new Date(v).toISOString());
  return {
    id: r.id,
    name: r.name,
    displayPrefix: r.display_prefix,
    scopes: r.scopes as ApiKeyScope[],
    createdAt: iso(r.created_at)!,
    createdBy: r.created_by_email ?? null,
    lastUsedAt: iso(r.last_used_at),
    lastUsedIp: r.last_used_ip,
    revokedAt: iso(r.revoked_at),
    uses30d: Number(r.uses_30d ?? 0),
  };
}

export async function listKeys(deps: AppDeps): Promise<ApiKeyList> {
  // This instance's uncounted calls first, so "last used" is current here.
  await flushApiKeyUses(deps);
  const since = new Date(deps.clock.now().getTime() - USES_WINDOW_MS);
  return { keys: (await repo.listKeys(deps.db, since)).map(toDto) };
}

export async function createKey(deps: AppDeps, actor: AuthUser, input: ApiKeyCreateInput): Promise<ApiKeyCreated> {
  const now = deps.clock.now();
  const secret = `${API_KEY_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
  const scopes = [...new Set(input.scopes)];
  const displayPrefix = secret.slice(0, API_KEY_PREFIX.length + DISPLAY_CHARS);
  const id = await withTransactionRetry(deps, async (trx) => {
    const { id } = await repo.insertKey(trx, {
      name: input.name,
      token_hash: hashOpaqueToken(secret),
      display_prefix: displayPrefix,
      scopes,
      created_by: actor.id,
      now,
    });
    await recordAudit(trx, actor, {
      action: 'api_key.created',
      entity: 'api_key',
      entityId: id,
      after: { name: input.name, scopes, displayPrefix },
    });
    return id;
  });
  const since = new Date(now.getTime() - USES_WINDOW_MS);
  const [row] = await repo.listKeys(deps.db, since, id);
  return { key: toDto(row!), secret };
}

/** Revoked for every request at once, on every instance (401 from then on). Revoking twice is harmless. */
export async function revokeKey(deps: AppDeps, actor: AuthUser, id: string): Promise<ApiKey> {
  const now = deps.clock.now();
  const existing = await repo.keyExists(deps.db, id);
  if (!existing) throw notFound('That API key');
  if (!existing.revoked_at) {
    await withTransactionRetry(deps, async (trx) => {
      const done = await repo.revokeKey(trx, id, actor.id, now);
      if (done)
        await recordAudit(trx, actor, {
          action: 'api_key.revoked',
          entity: 'api_key',
          entityId: id,
          after: { name: done.name, displayPrefix: done.display_prefix },
        });
    });
  }
  const [row] = await repo.listKeys(deps.db, new Date(now.getTime() - USES_WINDOW_MS), id);
  if (!row) throw new AppError('NOT_FOUND', 'That API key is gone.');
  return toDto(row);
}

/** The usage record of a key: calls per operation and minute, newest first. */
export async function listUses(deps: AppDeps, id: string): Promise<ApiKeyUses> {
  if (!(await repo.keyExists(deps.db, id))) throw notFound('That API key');
  await flushApiKeyUses(deps);
  const rows = await repo.listUses(deps.db, id, 200);
  return {
    uses: rows.map((r) => ({
      minute: new Date(r.minute).toISOString(),
      operation: r.operation,
      count: r.count,
      refused: r.refused,
      lastIp: r.last_ip,
    })),
  };
}
