import { useState } from 'react';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../../components/page-title';
import { Button } from '../../components/button';
import { Checkbox, Field, Input, Select, Textarea } from '../../components/input';
import { toast } from '../../components/toast';
import { FormAlert } from '../../features/auth/forms';
import { RupeeField } from './catalogue-form';
import { messageOf } from '../../lib/errors';
import { formatRupees, parseRupees, rupeesInput } from '../../../../shared/rules/money';
import type { Plan, PlanInput } from '../../../../shared/schemas/subscriptions';
import { AdminTable } from './admin-table';
import { AdminPageHeader } from './admin-ui';
import '../../features/auth/auth.css';
import '../../features/subscriptions/subscriptions.css';

interface Draft {
  name: string;
  description: string;
  rupees: string;
  periodDays: string;
  freeUnits: string;
  freeUnitRule: PlanInput['freeUnitRule'];
  freeDelivery: boolean;
  pointsMultiplier: string;
  subscriberSlots: boolean;
  active: boolean;
}

const EMPTY: Draft = {
  name: '',
  description: '',
  rupees: '',
  periodDays: '30',
  freeUnits: '10',
  freeUnitRule: 'cheapest_priced',
  freeDelivery: true,
  pointsMultiplier: '1',
  subscriberSlots: false,
  active: true,
};

const draftOf = (p: Plan): Draft => ({
  name: p.name,
  description: p.description,
  rupees: rupeesInput(p.price),
  periodDays: String(p.periodDays),
  freeUnits: String(p.freeUnits),
  freeUnitRule: p.freeUnitRule,
  freeDelivery: p.freeDelivery,
  pointsMultiplier: String(p.pointsMultiplier),
  subscriberSlots: p.subscriberSlots,
  active: p.active,
});

/** The price as typed, read by the shop's one rupee parser; null when it is not an amount. */
const PRICE_ERROR = 'Enter the price in rupees, like 499 or 499.50.';

const inputOf = (d: Draft, price: number): PlanInput => ({
  name: d.name.trim(),
  description: d.description.trim(),
  price,
  periodDays: Number(d.periodDays),
  freeUnits: Number(d.freeUnits),
  freeUnitRule: d.freeUnitRule,
  freeDelivery: d.freeDelivery,
  pointsMultiplier: Number(d.pointsMultiplier),
  subscriberSlots: d.subscriberSlots,
  active: d.active,
});

/** /admin/subscription-management: create, edit and deactivate plans. Subscribers keep what they bought. */
export default function AdminSubscriptionPlansPage() {
  usePageTitle('Subscription plans');
  const utils = trpc.useUtils();
  const plans = trpc.subscriptions.adminPlans.useQuery();
  const [editing, setEditing] = useState<string | 'new' | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [priceError, setPriceError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const start = (p: Plan | null) => {
    setError(null);
    setPriceError(undefined);
    setDraft(p ? draftOf(p) : EMPTY);
    setEditing(p ? p.id : 'new');
  };

  const save = async (patch?: { id: string; active: boolean }) => {
    const price = parseRupees(draft.rupees);
    if (!patch && price === null) {
      setPriceError(PRICE_ERROR);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      if (patch) await utils.client.subscriptions.adminUpdatePlan.mutate(patch);
      else if (editing === 'new') await utils.client.subscriptions.adminCreatePlan.mutate(inputOf(draft, price!));
      else if (editing) await utils.client.subscriptions.adminUpdatePlan.mutate({ id: editing, ...inputOf(draft, price!) });
      await utils.subscriptions.adminPlans.invalidate();
      void utils.subscriptions.plans.invalidate();
      toast({ title: patch ? (patch.active ? 'Plan offered again' : 'Plan deactivated') : 'Plan saved', variant: 'success' });
      if (!patch) setEditing(null);
    } catch (e) {
      setError(messageOf(e, 'The plan could not be saved.'));
    } finally {
      setBusy(false);
    }
  };

  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setDraft((d) => ({ ...d, [k]: v }));

  return (
    <section className="admin-page admin-subs-page" data-page="admin/subscription-management">
      <div className="admin-plans-head">
        <AdminPageHeader
          eyebrow="Subscriptions"
          title="Plans"
          intro="Changes apply to new purchases only: existing subscribers keep the price, allowance and perks they bought."
          introClassName="text-sm text-muted"
        />
        <Button onClick={() => start(null)} data-testid="admin-plan-new">
          New plan
        </Button>
      </div>
      {plans.isError ? <FormAlert kind="danger">{messageOf(plans.error, 'Plans could not be loaded.')}</FormAlert> : null}
      {error ? <FormAlert kind="danger">{error}</FormAlert> : null}

      {editing ? (
        <form
          className="card card--padded admin-plan-form"
          aria-label={editing === 'new' ? 'New plan' : 'Edit plan'}
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
          data-testid="admin-plan-form"
        >
          <Field label="Name">
            {(p) => <Input {...p} value={draft.name} maxLength={60} onChange={(e) => set('name', e.target.value)} required />}
          </Field>
          <RupeeField
            label="Price"
            name="price"
            value={draft.rupees}
            error={priceError}
            onChange={(v) => {
              setPriceError(undefined);
              set('rupees', v);
            }}
          />
          <Field label="Period (days)">
            {(p) => (
              <Input {...p} type="number" min={1} max={366} value={draft.periodDays} onChange={(e) => set('periodDays', e.target.value)} />
            )}
          </Field>
          <Field label="Free units per period">
            {(p) => (
              <Input {...p} type="number" min={0} max={500} value={draft.freeUnits} onChange={(e) => set('freeUnits', e.target.value)} />
            )}
          </Field>
          <Field label="Free-unit rule">
            {(p) => (
              <Select {...p} value={draft.freeUnitRule} onChange={(e) => set('freeUnitRule', e.target.value as Draft['freeUnitRule'])}>
                <option value="cheapest_signature">Cheapest signature shake</option>
                <option value="cheapest_priced">Cheapest item priced above ₹0</option>
              </Select>
            )}
          </Field>
          <Field label="Reward points">
            {(p) => (
              <Select {...p} value={draft.pointsMultiplier} onChange={(e) => set('pointsMultiplier', e.target.value)}>
                {[1, 2, 3, 4, 5].map((n) => (
                  <option key={n} value={n}>
                    {n}×
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Description" className="field--wide">
            {(p) => (
              <Textarea {...p} rows={2} maxLength={300} value={draft.description} onChange={(e) => set('description', e.target.value)} />
            )}
          </Field>
          <div className="admin-plan-form__row">
            <Checkbox label="Free delivery" checked={draft.freeDelivery} onChange={(e) => set('freeDelivery', e.target.checked)} />
            <Checkbox
              label="Subscriber delivery slots"
              checked={draft.subscriberSlots}
              onChange={(e) => set('subscriberSlots', e.target.checked)}
            />
            <Checkbox label="Offered on the shop" checked={draft.active} onChange={(e) => set('active', e.target.checked)} />
          </div>
          <div className="admin-plan-form__row">
            <Button type="submit" loading={busy} data-testid="admin-plan-save">
              Save plan
            </Button>
            <Button variant="ghost" onClick={() => setEditing(null)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : null}

      <AdminTable
        label="Plans"
        wrapClassName="card"
        testId="admin-plans"
        columns={['Plan', 'Price', 'Free units', 'Perks', 'Offered', { label: 'Actions', hidden: true }]}
      >
        {plans.data?.plans.map((p) => (
          <tr key={p.id}>
            <td>
              <strong>{p.name}</strong>
              <div className="text-xs text-subtle">
                {p.freeUnitRule === 'cheapest_signature' ? 'Cheapest signature shake free' : 'Cheapest item free'}
              </div>
            </td>
            <td className="tabular">
              {formatRupees(p.price)} / {p.periodDays} days
            </td>
            <td className="tabular">{p.freeUnits}</td>
            <td className="text-sm">
              {[
                p.freeDelivery && 'Free delivery',
                p.pointsMultiplier > 1 && `${p.pointsMultiplier}× points`,
                p.subscriberSlots && 'Subscriber slots',
              ]
                .filter(Boolean)
                .join(' · ') || '—'}
            </td>
            <td>
              {p.active ? <span className="badge badge--success">Offered</span> : <span className="badge badge--outline">Not offered</span>}
            </td>
            <td>
              <div className="admin-plan-actions">
                <Button size="sm" variant="secondary" onClick={() => start(p)}>
                  Edit
                </Button>
                <Button size="sm" variant="ghost" loading={busy} onClick={() => void save({ id: p.id, active: !p.active })}>
                  {p.active ? 'Deactivate' : 'Offer again'}
                </Button>
              </div>
            </td>
          </tr>
        ))}
      </AdminTable>
    </section>
  );
}
