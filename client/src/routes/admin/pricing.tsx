import { useEffect, useState, type FormEvent } from 'react';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../../components/page-title';
import { Button } from '../../components/button';
import { Field, Input } from '../../components/input';
import { toast } from '../../components/toast';
import { FormAlert, messageOf } from '../../features/auth/forms';
import { formatRupees } from '../../../../shared/rules/money';
import type { Pricing } from '../../../../shared/schemas/catalogue';
import { PricingInputSchema } from '../../../../shared/schemas/catalogue-admin';
import { NumberField, RupeeField, numberOrNaN, paiseFrom, rupeesText } from './catalogue-form';
import { issuesByField } from './form-errors';
import './admin-catalogue.css';

type SizeKey = 'regular' | 'large';
interface SizeForm {
  label: string;
  ml: string;
  price: string;
  factor: string;
}
interface FormState {
  sizes: Record<SizeKey, SizeForm>;
  deliveryFee: string;
  freeDeliveryThreshold: string;
  gstRatePercent: string;
  codLimit: string;
  rupeesPerPoint: string;
  subscriberPointsMultiplier: string;
  pointValue: string;
  maxRedeemPercent: string;
  minRedeemPoints: string;
}

const toForm = (p: Pricing): FormState => ({
  sizes: {
    regular: {
      label: p.sizes.regular.label,
      ml: String(p.sizes.regular.ml),
      price: rupeesText(p.sizes.regular.price),
      factor: String(p.sizes.regular.factor),
    },
    large: {
      label: p.sizes.large.label,
      ml: String(p.sizes.large.ml),
      price: rupeesText(p.sizes.large.price),
      factor: String(p.sizes.large.factor),
    },
  },
  deliveryFee: rupeesText(p.deliveryFee),
  freeDeliveryThreshold: rupeesText(p.freeDeliveryThreshold),
  gstRatePercent: String(p.gstRatePercent),
  codLimit: rupeesText(p.codLimit),
  rupeesPerPoint: String(p.rupeesPerPoint),
  subscriberPointsMultiplier: String(p.subscriberPointsMultiplier),
  pointValue: rupeesText(p.pointValue),
  maxRedeemPercent: String(p.maxRedeemPercent),
  minRedeemPoints: String(p.minRedeemPoints),
});

const fromForm = (f: FormState) => ({
  sizes: {
    regular: {
      label: f.sizes.regular.label,
      ml: numberOrNaN(f.sizes.regular.ml),
      price: paiseFrom(f.sizes.regular.price),
      factor: numberOrNaN(f.sizes.regular.factor),
    },
    large: {
      label: f.sizes.large.label,
      ml: numberOrNaN(f.sizes.large.ml),
      price: paiseFrom(f.sizes.large.price),
      factor: numberOrNaN(f.sizes.large.factor),
    },
  },
  deliveryFee: paiseFrom(f.deliveryFee),
  freeDeliveryThreshold: paiseFrom(f.freeDeliveryThreshold),
  gstRatePercent: numberOrNaN(f.gstRatePercent),
  codLimit: paiseFrom(f.codLimit),
  rupeesPerPoint: numberOrNaN(f.rupeesPerPoint),
  subscriberPointsMultiplier: numberOrNaN(f.subscriberPointsMultiplier),
  pointValue: paiseFrom(f.pointValue),
  maxRedeemPercent: numberOrNaN(f.maxRedeemPercent),
  minRedeemPoints: numberOrNaN(f.minRedeemPoints),
});

/** /admin/pricing: builder sizes, delivery, GST, COD and points — the next quote uses what is saved here. */
export default function AdminPricingPage() {
  usePageTitle('Pricing');
  const q = trpc.adminCatalogue.pricing.useQuery();
  return (
    <section className="admin-page" data-page="admin/pricing">
      <header className="admin-page__header">
        <p className="eyebrow">Catalogue</p>
        <h1 className="h2">Pricing</h1>
        <p className="text-muted">
          Changes apply to the next price a shopper sees, on every server, within seconds. Orders already placed keep their prices.
        </p>
      </header>
      {q.isError ? <FormAlert kind="danger">{messageOf(q.error, 'Pricing could not be loaded.')}</FormAlert> : null}
      {q.data ? <PricingForm initial={q.data} /> : q.isLoading ? <span className="skeleton" style={{ height: '24rem' }} /> : null}
    </section>
  );
}

function PricingForm({ initial }: { initial: Pricing }) {
  const [f, setF] = useState<FormState>(() => toForm(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const utils = trpc.useUtils();
  const save = trpc.adminCatalogue.savePricing.useMutation();
  useEffect(() => setF(toForm(initial)), [initial]);
  const set = <K extends keyof FormState>(k: K, v: FormState[K]) => setF((x) => ({ ...x, [k]: v }));
  const setSize = (s: SizeKey, k: keyof SizeForm, v: string) =>
    setF((x) => ({ ...x, sizes: { ...x.sizes, [s]: { ...x.sizes[s], [k]: v } } }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setProblem(null);
    setSaved(null);
    const parsed = PricingInputSchema.safeParse(fromForm(f));
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error));
      setProblem('Some settings need a look before they can be saved.');
      return;
    }
    setErrors({});
    try {
      const next = await save.mutateAsync(parsed.data);
      utils.adminCatalogue.pricing.setData(undefined, next);
      await utils.catalogue.pricing.invalidate();
      setSaved('Saved. New quotes use these prices now.');
      toast({
        title: 'Pricing saved',
        description: `Delivery ${formatRupees(next.deliveryFee)}, free from ${formatRupees(next.freeDeliveryThreshold)}.`,
        variant: 'success',
      });
    } catch (err) {
      setProblem(messageOf(err, 'Pricing could not be saved. Please try again.'));
    }
  }

  const sizeFields = (s: SizeKey, title: string) => (
    <fieldset className="admin-fieldset card card--padded" key={s}>
      <legend className="admin-legend">{title}</legend>
      <div className="admin-grid-2">
        <Field label="Label" error={errors[`sizes.${s}.label`]}>
          {(p) => (
            <Input
              {...p}
              name={`${s}-label`}
              value={f.sizes[s].label}
              maxLength={20}
              onChange={(e) => setSize(s, 'label', e.target.value)}
            />
          )}
        </Field>
        <NumberField
          label="Volume"
          unit="ml"
          name={`${s}-ml`}
          value={f.sizes[s].ml}
          onChange={(v) => setSize(s, 'ml', v)}
          error={errors[`sizes.${s}.ml`]}
        />
        <RupeeField
          label="Base price"
          name={`${s}-price`}
          value={f.sizes[s].price}
          onChange={(v) => setSize(s, 'price', v)}
          error={errors[`sizes.${s}.price`]}
        />
        <NumberField
          label="Size factor"
          name={`${s}-factor`}
          value={f.sizes[s].factor}
          onChange={(v) => setSize(s, 'factor', v)}
          error={errors[`sizes.${s}.factor`]}
          hint={s === 'regular' ? 'The reference size: 1' : 'Multiplies add-in prices and nutrition'}
        />
      </div>
    </fieldset>
  );

  return (
    <form className="stack stack--lg admin-pricing" onSubmit={submit} noValidate aria-label="Pricing settings">
      {problem ? <FormAlert kind="danger">{problem}</FormAlert> : null}
      {saved ? <FormAlert kind="success">{saved}</FormAlert> : null}
      <section className="stack" aria-labelledby="pricing-builder">
        <h2 className="h4" id="pricing-builder">
          Build your own
        </h2>
        <div className="admin-grid-2">
          {sizeFields('regular', 'Regular size')}
          {sizeFields('large', 'Large size')}
        </div>
      </section>
      <section className="stack" aria-labelledby="pricing-delivery">
        <h2 className="h4" id="pricing-delivery">
          Delivery, tax and cash on delivery
        </h2>
        <div className="card card--padded admin-grid-2">
          <RupeeField
            label="Delivery fee"
            name="deliveryFee"
            value={f.deliveryFee}
            onChange={(v) => set('deliveryFee', v)}
            error={errors.deliveryFee}
          />
          <RupeeField
            label="Free delivery from"
            name="freeDeliveryThreshold"
            value={f.freeDeliveryThreshold}
            onChange={(v) => set('freeDeliveryThreshold', v)}
            error={errors.freeDeliveryThreshold}
            hint="Order value (after discounts) that waives the fee"
          />
          <NumberField
            label="GST rate"
            unit="%"
            name="gstRatePercent"
            value={f.gstRatePercent}
            onChange={(v) => set('gstRatePercent', v)}
            error={errors.gstRatePercent}
            hint="Included in prices; shown on invoices"
          />
          <RupeeField
            label="Cash-on-delivery limit"
            name="codLimit"
            value={f.codLimit}
            onChange={(v) => set('codLimit', v)}
            error={errors.codLimit}
            hint="Orders above this must be paid online"
          />
        </div>
      </section>
      <section className="stack" aria-labelledby="pricing-points">
        <h2 className="h4" id="pricing-points">
          Reward points
        </h2>
        <div className="card card--padded admin-grid-2">
          <NumberField
            label="Rupees spent per point"
            name="rupeesPerPoint"
            value={f.rupeesPerPoint}
            onChange={(v) => set('rupeesPerPoint', v)}
            error={errors.rupeesPerPoint}
            hint="1 point per ₹20 spent by default"
          />
          <NumberField
            label="Subscriber multiplier"
            name="subscriberPointsMultiplier"
            value={f.subscriberPointsMultiplier}
            onChange={(v) => set('subscriberPointsMultiplier', v)}
            error={errors.subscriberPointsMultiplier}
            hint="Subscribers earn this many times the points"
          />
          <RupeeField
            label="Value of a point"
            name="pointValue"
            value={f.pointValue}
            onChange={(v) => set('pointValue', v)}
            error={errors.pointValue}
          />
          <NumberField
            label="Redeem at most"
            unit="% of the order"
            name="maxRedeemPercent"
            value={f.maxRedeemPercent}
            onChange={(v) => set('maxRedeemPercent', v)}
            error={errors.maxRedeemPercent}
          />
          <NumberField
            label="Redeem from"
            unit="points"
            name="minRedeemPoints"
            value={f.minRedeemPoints}
            onChange={(v) => set('minRedeemPoints', v)}
            error={errors.minRedeemPoints}
          />
        </div>
      </section>
      <div className="cluster">
        <Button type="submit" loading={save.isPending}>
          Save pricing
        </Button>
        <Button variant="ghost" onClick={() => setF(toForm(initial))}>
          Discard changes
        </Button>
      </div>
    </form>
  );
}
