import { Fragment, useState, type CSSProperties, type ReactNode } from 'react';
import { Link } from 'wouter';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../../components/page-title';
import { Button } from '../../components/button';
import { Field, Input, Select } from '../../components/input';
import { LoadError } from '../../components/load-error';
import { FormAlert } from '../../features/auth/forms';
import { fieldErrorsOf, messageOf } from '../../lib/errors';
import { SOLD_OUT_LABEL, STOCK_UNIT_LABELS, formatQuantity } from '../../../../shared/rules/stock';
import { MOVEMENT_KIND_LABELS, type StockLevel } from '../../../../shared/schemas/stock';
import { AdminTable, EmptyRow } from './admin-table';
import { AdminPage, FilterCard } from './admin-ui';

const NOWRAP = { whiteSpace: 'nowrap' } as const;
const amount = (n: number, unit: StockLevel['unit']) => formatQuantity(n, unit);
const signed = (n: number, unit: StockLevel['unit']) => `${n > 0 ? '+' : n < 0 ? '−' : '±'}${amount(Math.abs(n), unit)}`;

/** Days of cover as the kitchen plans by: a day or two matters, a year does not. */
function coverText(days: number | null): string {
  if (days === null) return '—';
  if (days > 60) return 'over 60 days';
  return `${Math.round(days * 10) / 10} ${days === 1 ? 'day' : 'days'}`;
}

/** A quantity cell: tabular figures on one line. */
function Qty({ children, style = NOWRAP }: { children: ReactNode; style?: CSSProperties }) {
  return (
    <td className="tabular" style={style}>
      {children}
    </td>
  );
}

type Kind = 'received' | 'wasted' | 'counted';
const KIND_HELP: Record<Kind, string> = {
  received: 'A harvest or a delivery: the quantity comes in, with its batch and best-before.',
  wasted: 'Spoilt, dropped or past its date: say why. Stock held for placed orders cannot be wasted.',
  counted: 'A stock-take: enter what is on the shelf; the difference goes on the ledger.',
};

/**
 * /admin/stock (PRODUCT.md §16): on hand, reserved, free, par level and days of cover per ingredient;
 * receive, waste and count; the ledger per ingredient. Every movement is audited on the server.
 */
export default function AdminStockPage() {
  usePageTitle('Stock');
  const utils = trpc.useUtils();
  const q = trpc.stock.overview.useQuery();
  const [picked, setPicked] = useState<string | null>(null);
  const [filter, setFilter] = useState<'all' | 'low'>('all');
  const rows = (q.data?.ingredients ?? []).filter((l) => l.active && (filter === 'all' || l.low || l.soldOut));
  const current = q.data?.ingredients.find((l) => l.ingredientId === picked) ?? null;

  return (
    <AdminPage
      page="admin/stock"
      eyebrow="Kitchen"
      title="Stock"
      intro="Free stock is what is on hand less what placed orders hold. A shake is sold out for now when free stock cannot cover one more bottle."
      actions={
        <Link href="/stock/plan" className="btn btn--secondary btn--sm">
          Harvest and purchase plan
        </Link>
      }
    >
      <FilterCard>
        <Field label="Show">
          {(p) => (
            <Select {...p} value={filter} onChange={(e) => setFilter(e.target.value as 'all' | 'low')}>
              <option value="all">Every ingredient</option>
              <option value="low">Under par or sold out</option>
            </Select>
          )}
        </Field>
      </FilterCard>
      {q.isError ? <LoadError message={messageOf(q.error, 'The stock could not be loaded.')} onRetry={() => void q.refetch()} /> : null}
      <AdminTable
        label="Stock"
        wrapClassName="card"
        className="stock-table"
        columns={['Ingredient', 'On hand', 'Reserved', 'Free', 'Par', 'Cover', { label: 'Actions', hidden: true }]}
      >
        {rows.map((l) => (
          <Fragment key={l.ingredientId}>
            <tr data-testid="stock-row" data-name={l.name} aria-expanded={picked === l.ingredientId}>
              <td>
                <strong>{l.name}</strong>
                <div className="text-sm text-subtle">
                  {l.tracked ? `Portion ${amount(l.portionQty, l.unit)}` : 'Not tracked yet: receive or count to start'}
                </div>
                {l.soldOut ? <span className="badge badge--danger">{SOLD_OUT_LABEL}</span> : null}
                {!l.soldOut && l.low ? <span className="badge badge--warning">Under par</span> : null}
              </td>
              <Qty>{amount(l.onHand, l.unit)}</Qty>
              <Qty>{amount(l.reserved, l.unit)}</Qty>
              <Qty style={l.low || l.soldOut ? { ...NOWRAP, color: '#a3261b', fontWeight: 700 } : NOWRAP}>{amount(l.free, l.unit)}</Qty>
              <Qty>{l.parLevel ? amount(l.parLevel, l.unit) : '—'}</Qty>
              <Qty>{coverText(l.daysOfCover)}</Qty>
              <td>
                <Button
                  size="sm"
                  variant={picked === l.ingredientId ? 'primary' : 'secondary'}
                  aria-expanded={picked === l.ingredientId}
                  onClick={() => setPicked(picked === l.ingredientId ? null : l.ingredientId)}
                >
                  {picked === l.ingredientId ? 'Close' : 'Manage'}
                </Button>
              </td>
            </tr>
            {current && picked === l.ingredientId ? (
              // The form opens under its own row, where the eye already is (not below the whole list).
              <tr className="stock-manage">
                <td colSpan={7}>
                  <IngredientStock
                    key={current.ingredientId}
                    level={current}
                    onChanged={async () => {
                      await utils.stock.overview.invalidate();
                      await utils.stock.ledger.invalidate();
                    }}
                  />
                </td>
              </tr>
            ) : null}
          </Fragment>
        ))}
        {q.data && !rows.length ? <EmptyRow colSpan={7}>Nothing is under its par level.</EmptyRow> : null}
      </AdminTable>
    </AdminPage>
  );
}

function IngredientStock({ level, onChanged }: { level: StockLevel; onChanged: () => Promise<void> }) {
  const [kind, setKind] = useState<Kind>('received');
  const [quantity, setQuantity] = useState('');
  const [batch, setBatch] = useState('');
  const [bestBefore, setBestBefore] = useState('');
  const [reason, setReason] = useState('');
  const [par, setPar] = useState(String(level.parLevel));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const record = trpc.stock.recordMovement.useMutation();
  const setParLevel = trpc.stock.setParLevel.useMutation();
  const ledger = trpc.stock.ledger.useQuery({ ingredientId: level.ingredientId, page: 1, pageSize: 25 });
  const unit = STOCK_UNIT_LABELS[level.unit];

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    setNotice(null);
    setErrors({});
    try {
      const r = await record.mutateAsync({
        kind,
        ingredientId: level.ingredientId,
        quantity: Number(quantity),
        ...(kind === 'received' ? { batch, ...(bestBefore ? { bestBefore } : {}) } : {}),
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      });
      setNotice(
        `${MOVEMENT_KIND_LABELS[kind]}: ${signed(r.movement.delta, level.unit)}. On hand now ${amount(r.level.onHand, level.unit)}.`,
      );
      setQuantity('');
      setReason('');
      await onChanged();
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      setError(messageOf(err, 'The movement could not be recorded.'));
    }
  }

  async function savePar(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      await setParLevel.mutateAsync({ ingredientId: level.ingredientId, parLevel: Number(par) });
      setNotice(`Par level of ${level.name} set to ${amount(Number(par), level.unit)}.`);
      await onChanged();
    } catch (err) {
      setError(messageOf(err, 'The par level could not be saved.'));
    }
  }

  return (
    <div className="card card--padded" data-testid="ingredient-stock" style={{ display: 'grid', gap: 16 }}>
      <h2 className="h4">{level.name}</h2>
      {error ? <FormAlert kind="danger">{error}</FormAlert> : null}
      {notice ? <FormAlert kind="success">{notice}</FormAlert> : null}
      <form
        onSubmit={(e) => void submit(e)}
        style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))', gap: '12px 20px' }}
      >
        <Field label="Movement" hint={KIND_HELP[kind]}>
          {(p) => (
            <Select {...p} value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
              <option value="received">Received</option>
              <option value="wasted">Wasted</option>
              <option value="counted">Stock-take (count)</option>
            </Select>
          )}
        </Field>
        <Field label={kind === 'counted' ? `Counted (${unit})` : `Quantity (${unit})`} error={errors.quantity}>
          {(p) => (
            <Input {...p} inputMode="numeric" required value={quantity} onChange={(e) => setQuantity(e.target.value.replace(/\D/g, ''))} />
          )}
        </Field>
        {kind === 'received' ? (
          <>
            <Field label="Batch" error={errors.batch}>
              {(p) => (
                <Input
                  {...p}
                  required
                  maxLength={40}
                  placeholder="Tower 3, 27 Nov"
                  value={batch}
                  onChange={(e) => setBatch(e.target.value)}
                />
              )}
            </Field>
            <Field label="Best before" error={errors.bestBefore}>
              {(p) => <Input {...p} type="date" value={bestBefore} onChange={(e) => setBestBefore(e.target.value)} />}
            </Field>
          </>
        ) : null}
        <Field label={kind === 'wasted' ? 'Why' : 'Note'} error={errors.reason}>
          {(p) => <Input {...p} required={kind === 'wasted'} maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} />}
        </Field>
        <div style={{ alignSelf: 'end' }}>
          <Button type="submit" loading={record.isPending} disabled={!quantity}>
            Record
          </Button>
        </div>
      </form>
      <form onSubmit={(e) => void savePar(e)} style={{ display: 'flex', gap: 12, alignItems: 'end', flexWrap: 'wrap' }}>
        <Field
          label={`Par level (${unit})`}
          hint="Under this much free stock, the dashboard says so and the owners are e-mailed once a day."
        >
          {(p) => <Input {...p} inputMode="numeric" value={par} onChange={(e) => setPar(e.target.value.replace(/\D/g, ''))} />}
        </Field>
        <Button type="submit" variant="secondary" loading={setParLevel.isPending} disabled={!par}>
          Save par level
        </Button>
      </form>
      <AdminTable
        label={`Ledger of ${level.name}`}
        testId="stock-ledger"
        columns={['When', 'Movement', 'Change', 'On hand after', 'Batch / why', 'By']}
        after={
          ledger.data && ledger.data.totalCount > ledger.data.movements.length ? (
            <p className="text-sm text-subtle">
              The latest {ledger.data.movements.length} of {ledger.data.totalCount} movements.
            </p>
          ) : null
        }
      >
        {ledger.data?.movements.map((m) => (
          <tr key={m.id}>
            <td>{new Date(m.at).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata', dateStyle: 'medium', timeStyle: 'short' })}</td>
            <td>{MOVEMENT_KIND_LABELS[m.kind]}</td>
            <Qty>{signed(m.delta, level.unit)}</Qty>
            <Qty>{amount(m.onHandAfter, level.unit)}</Qty>
            <td>{[m.batch, m.bestBefore ? `best before ${m.bestBefore}` : null, m.reason].filter(Boolean).join(' · ') || '—'}</td>
            <td>{m.actorEmail ?? (m.orderId ? 'Kitchen batch' : 'Shop')}</td>
          </tr>
        ))}
        {ledger.data && !ledger.data.movements.length ? <EmptyRow colSpan={6}>No movements yet.</EmptyRow> : null}
      </AdminTable>
    </div>
  );
}
