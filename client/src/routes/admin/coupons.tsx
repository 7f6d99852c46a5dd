import { type FormEvent } from 'react';
import { Link } from 'wouter';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../../components/page-title';
import { Button } from '../../components/button';
import { Field, Input, Select } from '../../components/input';
import { PlusIcon } from '../../components/icons';
import { LoadError } from '../../components/load-error';
import { toast } from '../../components/toast';
import { FormAlert } from '../../features/auth/forms';
import { messageOf } from '../../lib/errors';
import { formatRupees, rupeesInput } from '../../../../shared/rules/money';
import { formatDate, shopDay } from '../../../../shared/rules/dates';
import { CouponFieldsSchema, type AdminCoupon } from '../../../../shared/schemas/coupons';
import { NumberField, RupeeField, Toggle, numberOrNaN, paiseFrom } from './catalogue-form';
import { EditorPanel, changeThenRefresh, useCatalogueRoute, useEditorForm } from './catalogue-editor';
import './admin-catalogue.css';
import './admin-coupons.css';

const APPLIES = { all: 'Everything', signature: 'Signature shakes', custom: 'Custom shakes' } as const;

/** /admin/coupons: every coupon with its uses and what is left; create, edit, deactivate; the orders that used one. */
export default function AdminCouponsPage() {
  usePageTitle('Coupons');
  const route = useCatalogueRoute('/coupons');
  const { selected, creating, open } = route;
  const utils = trpc.useUtils();
  const list = trpc.adminCoupons.list.useQuery();
  const deactivate = trpc.adminCoupons.deactivate.useMutation();
  const refresh = () => utils.adminCoupons.invalidate();
  const coupons = list.data?.coupons ?? [];
  const current = selected ? coupons.find((c) => c.id === selected) : undefined;
  const today = shopDay(new Date());

  return (
    <section className="admin-page" data-page="admin/coupons">
      <header className="admin-page__header admin-page__header--row">
        <div className="stack stack--sm">
          <p className="eyebrow">Promotions</p>
          <h1 className="h2">Coupons</h1>
          <p className="text-muted">
            Codes customers type at checkout. Each use is taken when an order is placed and given back when it is cancelled or expires.
          </p>
        </div>
        <Button onClick={() => open('new')} data-testid="coupon-new">
          <PlusIcon aria-hidden="true" /> New coupon
        </Button>
      </header>
      <p className="text-sm text-subtle" aria-live="polite">
        {list.data ? `${coupons.length} coupons, ${coupons.filter((c) => c.active).length} active` : ''}
      </p>
      {list.isError ? (
        <LoadError message={messageOf(list.error, 'Coupons could not be loaded.')} onRetry={() => void list.refetch()} />
      ) : null}

      <div className={`admin-split${selected || creating ? ' admin-split--open' : ''}`}>
        <ul className="list-reset admin-rows" aria-label="Coupons">
          {coupons.map((c) => {
            const state = stateOf(c, today);
            return (
              <li
                key={c.id}
                className={`admin-row card${c.id === selected ? ' is-selected' : ''}${c.active ? '' : ' is-off'}`}
                data-testid="coupon-row"
                data-code={c.code}
              >
                <div className="admin-row__main">
                  <button type="button" className="admin-row__name coupon-code" onClick={() => open(c.id)}>
                    {c.code}
                  </button>
                  <p className="admin-row__meta">
                    <span>{c.summary}</span>
                    {c.firstOrderOnly ? <span className="badge badge--accent">First order</span> : null}
                    {c.appliesTo !== 'all' ? <span className="badge">{APPLIES[c.appliesTo]}</span> : null}
                    {state ? <span className={`badge ${state.tone}`}>{state.label}</span> : null}
                  </p>
                </div>
                <dl className="coupon-figures">
                  <div>
                    <dt>Used</dt>
                    <dd className="tabular" data-testid="coupon-uses">
                      {c.uses}
                    </dd>
                  </div>
                  <div>
                    <dt>Left</dt>
                    <dd className="tabular" data-testid="coupon-remaining">
                      {c.remaining ?? 'No limit'}
                    </dd>
                  </div>
                  <div>
                    <dt>Given</dt>
                    <dd className="tabular">{formatRupees(c.discountGiven)}</dd>
                  </div>
                </dl>
                <div className="admin-row__actions">
                  {c.active ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Deactivate ${c.code}`}
                      disabled={deactivate.isPending}
                      onClick={() =>
                        void changeThenRefresh(() => deactivate.mutateAsync({ id: c.id }), refresh, {
                          done: `${c.code} can no longer be used`,
                          failed: 'Not deactivated',
                        })
                      }
                    >
                      Deactivate
                    </Button>
                  ) : null}
                </div>
              </li>
            );
          })}
          {list.data && coupons.length === 0 ? (
            <li className="card card--padded text-muted">No coupons yet. Create the first one.</li>
          ) : null}
        </ul>
        {creating ? (
          <CouponEditor key="new" onClose={() => open(null)} onSaved={(c) => open(c.id)} />
        ) : current ? (
          <CouponEditor key={`${current.id}:${current.updatedAt}`} coupon={current} onClose={() => open(null)} onSaved={() => undefined} />
        ) : null}
      </div>
    </section>
  );
}

function stateOf(c: AdminCoupon, today: string): { label: string; tone: string } | null {
  if (!c.active) return { label: 'Inactive', tone: '' };
  if (c.validTo && today > c.validTo) return { label: 'Expired', tone: 'badge--warning' };
  if (c.validFrom && today < c.validFrom) return { label: `From ${formatDate(`${c.validFrom}T00:00:00+05:30`)}`, tone: 'badge--warning' };
  if (c.remaining === 0) return { label: 'Used up', tone: 'badge--warning' };
  return null;
}

interface FormState {
  code: string;
  description: string;
  kind: 'percent' | 'flat';
  percent: string;
  flat: string;
  minSubtotal: string;
  maxDiscount: string;
  validFrom: string;
  validTo: string;
  usageLimit: string;
  perCustomerLimit: string;
  firstOrderOnly: boolean;
  appliesTo: AdminCoupon['appliesTo'];
  active: boolean;
}

const toForm = (c?: AdminCoupon): FormState => ({
  code: c?.code ?? '',
  description: c?.description ?? '',
  kind: c?.kind ?? 'percent',
  percent: c?.kind === 'percent' ? String(c.value) : '',
  flat: c?.kind === 'flat' ? rupeesInput(c.value) : '',
  minSubtotal: c ? rupeesInput(c.minSubtotal) : '0',
  maxDiscount: c?.maxDiscount ? rupeesInput(c.maxDiscount) : '',
  validFrom: c?.validFrom ?? '',
  validTo: c?.validTo ?? '',
  usageLimit: c?.usageLimit ? String(c.usageLimit) : '',
  perCustomerLimit: c?.perCustomerLimit ? String(c.perCustomerLimit) : '',
  firstOrderOnly: c?.firstOrderOnly ?? false,
  appliesTo: c?.appliesTo ?? 'all',
  active: c?.active ?? true,
});

const optionalInt = (s: string) => (s.trim() === '' ? null : numberOrNaN(s));

function CouponEditor({ coupon, onClose, onSaved }: { coupon?: AdminCoupon; onClose(): void; onSaved(c: AdminCoupon): void }) {
  const { f, set, errors, problem, submit } = useEditorForm<FormState>(() => toForm(coupon));
  const utils = trpc.useUtils();
  const create = trpc.adminCoupons.create.useMutation();
  const update = trpc.adminCoupons.update.useMutation();

  async function onSubmit(e: FormEvent) {
    const saved = await submit(e, {
      schema: CouponFieldsSchema,
      candidate: () => ({
        code: f.code,
        description: f.description,
        kind: f.kind,
        value: f.kind === 'percent' ? numberOrNaN(f.percent) : paiseFrom(f.flat),
        minSubtotal: f.minSubtotal.trim() === '' ? 0 : paiseFrom(f.minSubtotal),
        maxDiscount: f.kind === 'percent' && f.maxDiscount.trim() !== '' ? paiseFrom(f.maxDiscount) : null,
        validFrom: f.validFrom || null,
        validTo: f.validTo || null,
        usageLimit: optionalInt(f.usageLimit),
        perCustomerLimit: optionalInt(f.perCustomerLimit),
        firstOrderOnly: f.firstOrderOnly,
        appliesTo: f.appliesTo,
        active: f.active,
      }),
      save: async (data) => {
        const saved = coupon ? await update.mutateAsync({ id: coupon.id, coupon: data }) : await create.mutateAsync(data);
        await utils.adminCoupons.invalidate();
        return saved;
      },
      failed: 'The coupon could not be saved. Please try again.',
    });
    if (!saved) return;
    toast({ title: coupon ? 'Coupon saved' : 'Coupon created', description: `${saved.code}: ${saved.summary}.`, variant: 'success' });
    onSaved(saved);
  }

  return (
    <EditorPanel
      title={coupon ? `Edit ${coupon.code}` : 'New coupon'}
      onClose={onClose}
      onSubmit={onSubmit}
      problem={problem}
      saving={create.isPending || update.isPending}
      submitLabel={coupon ? 'Save changes' : 'Create coupon'}
    >
      <Field label="Code" hint="4–20 letters or digits; customers may type it in any case" error={errors.code}>
        {(p) => (
          <Input
            {...p}
            name="code"
            className="coupon-code"
            value={f.code}
            maxLength={20}
            autoComplete="off"
            onChange={(e) => set('code', e.target.value.toUpperCase())}
          />
        )}
      </Field>
      <Field label="Description" hint="For the team; customers see the discount itself" error={errors.description} optional>
        {(p) => (
          <Input {...p} name="description" value={f.description} maxLength={200} onChange={(e) => set('description', e.target.value)} />
        )}
      </Field>
      <Field label="Discount" error={errors.kind}>
        {(p) => (
          <Select {...p} name="kind" value={f.kind} onChange={(e) => set('kind', e.target.value as FormState['kind'])}>
            <option value="percent">A percentage of the items</option>
            <option value="flat">A fixed amount</option>
          </Select>
        )}
      </Field>
      {f.kind === 'percent' ? (
        <div className="admin-grid-2">
          <NumberField
            label="Percentage"
            unit="%"
            name="percent"
            value={f.percent}
            onChange={(v) => set('percent', v)}
            error={errors.value}
          />
          <RupeeField
            label="At most"
            name="maxDiscount"
            value={f.maxDiscount}
            onChange={(v) => set('maxDiscount', v)}
            error={errors.maxDiscount}
            hint="Empty: no cap"
          />
        </div>
      ) : (
        <RupeeField label="Amount off" name="flat" value={f.flat} onChange={(v) => set('flat', v)} error={errors.value} />
      )}
      <RupeeField
        label="Minimum subtotal"
        name="minSubtotal"
        value={f.minSubtotal}
        onChange={(v) => set('minSubtotal', v)}
        error={errors.minSubtotal}
        hint="Measured before discounts; 0 for none"
      />
      <Field label="Applies to" error={errors.appliesTo}>
        {(p) => (
          <Select {...p} name="appliesTo" value={f.appliesTo} onChange={(e) => set('appliesTo', e.target.value as FormState['appliesTo'])}>
            {Object.entries(APPLIES).map(([v, label]) => (
              <option key={v} value={v}>
                {label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <div className="admin-grid-2">
        <Field label="Valid from" hint="India time, from the start of the day" error={errors.validFrom} optional>
          {(p) => <Input {...p} type="date" name="validFrom" value={f.validFrom} onChange={(e) => set('validFrom', e.target.value)} />}
        </Field>
        <Field label="Valid to" hint="Until the end of the day" error={errors.validTo} optional>
          {(p) => <Input {...p} type="date" name="validTo" value={f.validTo} onChange={(e) => set('validTo', e.target.value)} />}
        </Field>
      </div>
      <div className="admin-grid-2">
        <NumberField
          label="Total uses"
          name="usageLimit"
          value={f.usageLimit}
          onChange={(v) => set('usageLimit', v)}
          error={errors.usageLimit}
          hint="Empty: no limit"
        />
        <NumberField
          label="Uses per customer"
          name="perCustomerLimit"
          value={f.perCustomerLimit}
          onChange={(v) => set('perCustomerLimit', v)}
          error={errors.perCustomerLimit}
          hint="Empty: no limit"
        />
      </div>
      <div className="admin-checks">
        <Toggle label="First order only" checked={f.firstOrderOnly} onChange={(v) => set('firstOrderOnly', v)} />
        <Toggle label="Active" checked={f.active} onChange={(v) => set('active', v)} />
      </div>
      {coupon ? <CouponUsage id={coupon.id} /> : null}
    </EditorPanel>
  );
}

/** The orders that used a coupon: number, customer, discount, when, and whether the use was given back. */
function CouponUsage({ id }: { id: string }) {
  const usage = trpc.adminCoupons.usage.useQuery({ id });
  if (usage.isError) return <FormAlert kind="danger">{messageOf(usage.error, 'The usage could not be loaded.')}</FormAlert>;
  if (!usage.data) return <span className="skeleton skeleton--text" aria-hidden="true" />;
  const { coupon, uses } = usage.data;
  const held = uses.filter((u) => !u.released).length;
  return (
    <section className="stack stack--sm coupon-usage" aria-label={`Usage of ${coupon.code}`} data-testid="coupon-usage">
      <h3 className="label">Usage</h3>
      <p className="text-sm text-muted">
        {held} {held === 1 ? 'order' : 'orders'}, {formatRupees(coupon.discountGiven)} given
        {uses.length > held ? ` · ${uses.length - held} given back (cancelled or expired)` : ''}
      </p>
      {uses.length ? (
        <ul className="list-reset coupon-uses" aria-label={`Orders that used ${coupon.code}`}>
          {uses.map((u) => (
            <li key={u.orderId} className={u.released ? 'is-off' : undefined}>
              <span className="coupon-uses__order">
                <Link href={`/orders?q=${encodeURIComponent(u.orderNumber)}`} className="link">
                  {u.orderNumber}
                </Link>
                {u.released ? <span className="badge">Given back</span> : null}
              </span>
              <span className="coupon-uses__who">{u.customerEmail}</span>
              <span className="tabular">{formatRupees(u.discount)}</span>
              <span className="text-subtle">{formatDate(u.at, 'dayMonthTime')}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
