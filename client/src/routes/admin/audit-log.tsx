import { Link, useLocation, useSearch } from 'wouter';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../../components/page-title';
import { Pager } from '../../components/pager';
import { AdminTable, EmptyRow } from './admin-table';
import { AdminPage, FilterSelect, ListCount, SearchFilter, countOf, useSearchTerm } from './admin-ui';
import { FormAlert } from '../../features/auth/forms';
import { messageOf } from '../../lib/errors';
import type { AuditEntry } from '../../../../shared/schemas/audit';
import './admin-orders.css';
import { formatDate } from '../../../../shared/rules/dates';

const PAGE_SIZE = 25;

const show = (v: unknown) => (v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** What changed between before and after, key by key (one level deep). */
export function auditChanges(before: unknown, after: unknown): { key: string; from: unknown; to: unknown }[] {
  const b = before && typeof before === 'object' ? (before as Record<string, unknown>) : {};
  const a = after && typeof after === 'object' ? (after as Record<string, unknown>) : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys
    .filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]) && !(b[k] === undefined && a[k] === null))
    .map((k) => ({ key: k, from: b[k], to: a[k] }));
}

/** /admin/audit-log: every admin action — who, what, when, before and after. */
export default function AuditLogPage() {
  usePageTitle('Audit log');
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const entity = params.get('entity') ?? '';
  const entityId = params.get('entityId') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { term: actor, setTerm: setActor, query: actorQuery } = useSearchTerm(params.get('actor') ?? '', { ms: 300 });
  const go = (patch: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams({
      ...(entity ? { entity } : {}),
      ...(entityId ? { entityId } : {}),
      ...(actorQuery ? { actor: actorQuery } : {}),
    });
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined || v === '' || (k === 'page' && v === 1)) next.delete(k);
      else next.set(k, String(v));
    }
    const s = next.toString();
    navigate(`/audit-log${s ? `?${s}` : ''}`, { replace: true });
  };

  const q = trpc.audit.list.useQuery(
    { entity: entity || undefined, entityId: entityId || undefined, actor: actorQuery || undefined, page, pageSize: PAGE_SIZE },
    { placeholderData: (prev) => prev },
  );
  const total = q.data?.totalCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <AdminPage
      page="admin/audit-log"
      eyebrow="Accountability"
      title="Audit log"
      intro="Every change made in the admin area: who made it, when, and what it was before and after."
      introClassName="text-sm text-subtle"
    >
      <div className="audit-filters card card--padded">
        <FilterSelect
          label="Area"
          value={entity}
          onChange={(v) => go({ entity: v || undefined, page: 1 })}
          any="Everything"
          options={q.data?.entities.map((e) => ({ value: e, label: e }))}
        />
        <SearchFilter label="Who" placeholder="Admin e-mail" value={actor} onChange={setActor} maxLength={200} />
        <SearchFilter
          label="Record id"
          placeholder="Order, slot or customer id"
          value={entityId}
          onChange={(v) => go({ entityId: v.trim() || undefined, page: 1 })}
          maxLength={100}
        />
      </div>
      {q.isError ? <FormAlert kind="danger">{messageOf(q.error, 'The audit log could not be loaded.')}</FormAlert> : null}
      <ListCount>{q.data ? countOf(total, 'entry', 'entries') : ''}</ListCount>
      <AdminTable label="Audit log entries" wrapClassName="card" className="audit-table" columns={['When', 'Who', 'What', 'Change']}>
        {q.data?.entries.map((e) => (
          <AuditRow key={e.id} e={e} />
        ))}
        {q.data && q.data.entries.length === 0 ? <EmptyRow colSpan={4}>Nothing recorded for these filters.</EmptyRow> : null}
      </AdminTable>
      <Pager page={page} pages={pages} onPage={(p) => go({ page: p })} label="Audit log pages" />
    </AdminPage>
  );
}

function AuditRow({ e }: { e: Omit<AuditEntry, 'before' | 'after'> & { before?: unknown; after?: unknown } }) {
  const changes = auditChanges(e.before, e.after);
  return (
    <tr data-testid="audit-row">
      <td className="tabular" style={{ whiteSpace: 'nowrap' }}>
        {formatDate(e.at, 'dateTimeSeconds')}
      </td>
      <td>{e.actorEmail ?? 'system'}</td>
      <td>
        <strong>{e.action}</strong>
        <span className="admin-orders__sub">
          {e.entity === 'order' && e.entityId ? (
            <Link href={`/orders?id=${e.entityId}`} className="link">
              {e.entity} {e.entityId.slice(0, 8)}
            </Link>
          ) : (
            `${e.entity}${e.entityId ? ` ${e.entityId.slice(0, 36)}` : ''}`
          )}
        </span>
      </td>
      <td>
        <div className="audit-change">
          {changes.slice(0, 6).map((c) => (
            <span key={c.key}>
              <span className="audit-change__key">{c.key}: </span>
              {c.from !== undefined && c.to === undefined ? show(c.from) : null}
              {c.from !== undefined && c.to !== undefined ? <del>{show(c.from)}</del> : null}
              {c.from !== undefined && c.to !== undefined ? ' → ' : null}
              {c.to !== undefined ? <ins>{show(c.to)}</ins> : null}
            </span>
          ))}
        </div>
        <details className="audit-raw">
          <summary>Before and after</summary>
          <pre>{JSON.stringify({ before: e.before, after: e.after }, null, 2)}</pre>
        </details>
      </td>
    </tr>
  );
}
