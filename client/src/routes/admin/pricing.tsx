import { useEffect, useState, type FormEvent } from 'react';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../../components/page-title';
import { Button } from '../../components/button';
import { Field, Input } from '../../components/input';
import { toast } from '../../components/toast';
import { FormAlert } from '../../features/auth/forms';
import { messageOf } from '../../lib/errors';
import { formatRupees, rupeesInput } from '../../../../shared/rules/money';
import type { Pricing } from '../../../../shared/schemas/catalogue';
import { PricingInputSchema } from '../../../../shared/schemas/catalogue-admin';
import { NumberField, RupeeField, numberOrNaN, paiseFrom } from './catalogue-form';
import { issuesByField } from './form-errors';
import { AdminPage } from './admin-ui';
import './admin-catalogue.css';

type SizeKey = 'regular' | 'large';
const SIZE_KEYS: SizeKey[] = ['regular', 'large'];
interface SizeForm {
  label: string;
  ml: string;
  price: string;
  factor: string;
}
type SettingKey =
  | 'deliveryFee'
  | 'freeDeliveryThreshold'
  | 'gstRatePercent'
  | 'codLimit'
  | 'rupeesPerPoint'
  | 'subscriberPointsMultiplier'
  | 'pointValue'
  | 'maxRedeemPercent'
  | 'minRedeemPoints';
type FormState = { sizes: Record<SizeKey, SizeForm> } & Record<SettingKey, string>;

/** One flat setting: in rupees (stored as paise) or a plain number, with its label and help. */
interface Setting {
  key: SettingKey;
  rupees?: boolean;
  label: string;
  unit?: string;
  hint?: string;
}
const DELIVERY_SETTINGS: Setting[] = [
  { key: 'deliveryFee', rupees: true, label: 'Delivery fee' },
  {
    key: 'freeDeliveryThreshold',
    rupees: true,
    label: 'Free delivery from',
    hint: 'Order value (after discounts) that waives the fee',
  },
  { key: 'gstRatePercent', label: 'GST rate', unit: '%', hint: 'Included in prices; shown on invoices' },
  { key: 'codLimit', rupees: true, label: 'Cash-on-delivery limit', hint: 'Orders above this must be paid online' },
];
const POINTS_SETTINGS: Setting[] = [
  { key: 'rupeesPerPoint', label: 'Rupees spent per point', hint: '1 point per ₹20 spent by default' },
  { key: 'subscriberPointsMultiplier', label: 'Subscriber multiplier', hint: 'Subscribers earn this many times the points' },
  { key: 'pointValue', rupees: true, label: 'Value of a point' },
  { key: 'maxRedeemPercent', label: 'Redeem at most', unit: '% of the order' },
  { key: 'minRedeemPoints', label: 'Redeem from', unit: 'points' },
];
const SETTINGS = [...DELIVERY_SETTINGS, ...POINTS_SETTINGS];

const mapSizes = <A, B>(sizes: Record<SizeKey, A>, f: (s: A) => B) =>
  Object.fromEntries(SIZE_KEYS.map((k) => [k, f(sizes[k])])) as Record<SizeKey, B>;
const mapSettings = <V,>(f: (s: Setting) => V) => Object.fromEntries(SETTINGS.map((s) => [s.key, f(s)])) as Record<SettingKey, V>;

const toForm = (p: Pricing): FormState => ({
  sizes: mapSizes(p.sizes, (z) => ({ label: z.label, ml: String(z.ml), price: rupeesInput(z.price), factor: String(z.factor) })),
  ...mapSettings((s) => (s.rupees ? rupeesInput(p[s.key]) : String(p[s.key]))),
});

const fromForm = (f: FormState) => ({
  sizes: mapSizes(f.sizes, (z) => ({ label: z.label, ml: numberOrNaN(z.ml), price: paiseFrom(z.price), factor: numberOrNaN(z.factor) })),
  ...mapSettings((s) => (s.rupees ? paiseFrom(f[s.key]) : numberOrNaN(f[s.key]))),
});

/** /admin/pricing: builder sizes, delivery, GST, COD and points — the next quote uses what is saved here. */
export default function AdminPricingPage() {
  usePageTitle('Pricing');
  const q = trpc.adminCatalogue.pricing.useQuery();
  return (
    <AdminPage
      page="admin/pricing"
      eyebrow="Catalogue"
      title="Pricing"
      intro="Changes apply to the next price a shopper sees, on every server, within seconds. Orders already placed keep their prices."
    >
      {q.isError ? <FormAlert kind="danger">{messageOf(q.error, 'Pricing could not be loaded.')}</FormAlert> : null}
      {q.data ? <PricingForm initial={q.data} /> : q.isLoading ? <span className="skeleton" style={{ height: '24rem' }} /> : null}
    </AdminPage>
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

  const settingField = (s: Setting) => {
    const props = {
      label: s.label,
      name: s.key,
      value: f[s.key],
      onChange: (v: string) => set(s.key, v),
      error: errors[s.key],
      hint: s.hint,
    };
    return s.rupees ? <RupeeField key={s.key} {...props} /> : <NumberField key={s.key} unit={s.unit} {...props} />;
  };

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
        <div className="card card--padded admin-grid-2">{DELIVERY_SETTINGS.map(settingField)}</div>
      </section>
      <section className="stack" aria-labelledby="pricing-points">
        <h2 className="h4" id="pricing-points">
          Reward points
        </h2>
        <div className="card card--padded admin-grid-2">{POINTS_SETTINGS.map(settingField)}</div>
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
