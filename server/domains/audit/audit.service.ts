import type { AppDeps } from '../../deps';
import type { Executor } from '../../../db/database';
import type { AuthUser } from '../../trpc/context';
import type { AuditLogInput, AuditLogPage } from '../../../shared/schemas/audit';
import * as repo from './audit.repository';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Writes one audit entry: who (the admin), what (action on entity/id), when,
 * and the record before and after. Call it with the transaction that makes the
 * change, so the change and its entry commit (or roll back) together.
 */
export async function recordAudit(
  executor: Executor,
  actor: Pick<AuthUser, 'id' | 'email'> | null,
  e: { action: string; entity: string; entityId: string | null; before?: unknown; after?: unknown; at?: string },
): Promise<void> {
  await repo.insertEntry(executor, { actorId: actor?.id ?? null, actorEmail: actor?.email ?? null, ...e });
}

/** GET /api/admin/audit-log */
export async function listAudit(
  deps: Pick<AppDeps, 'db'>,
  input: AuditLogInput,
  resHeaders: Record<string, string>,
): Promise<AuditLogPage> {
  const actor = input.actor || undefined;
  const filter = {
    entity: input.entity || undefined,
    entityId: input.entityId || undefined,
    actorId: actor && UUID_RE.test(actor) ? actor : undefined,
    actorEmailLike: actor && !UUID_RE.test(actor) ? actor : undefined,
    actionPrefix: input.action || undefined,
  };
  const rows = await repo.listEntries(deps.db, { ...filter, limit: input.pageSize, offset: (input.page - 1) * input.pageSize });
  // Past the last page the window count has no row to ride on.
  const totalCount = rows.length ? Number(rows[0]!.total) : input.page === 1 ? 0 : await repo.countEntries(deps.db, filter);
  resHeaders['X-Total-Count'] = String(totalCount);
  return {
    entries: rows.map((r) => ({
      id: Number(r.id),
      at: new Date(r.created_at).toISOString(),
      actorId: r.actor_id,
      actorEmail: r.actor_email,
      action: r.action,
      entity: r.entity,
      entityId: r.entity_id,
      before: r.before ?? null,
      after: r.after ?? null,
    })),
    totalCount,
    entities: await repo.entityNames(deps.db),
  };
}
