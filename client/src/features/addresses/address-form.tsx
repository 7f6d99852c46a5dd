import { useState, type ComponentProps, type FormEvent } from 'react';
import { TRPCClientError } from '@trpc/client';
import { trpc } from '../../lib/trpc';
import { Button } from '../../components/button';
import { Checkbox, Field, Input, Select } from '../../components/input';
import { AlertIcon, CheckIcon } from '../../components/icons';
import { AddressCreateInputSchema, ADDRESS_LIMITS, type Address } from '../../../../shared/schemas/addresses';
import { INDIAN_STATES, formatIndianMobile } from '../../../../shared/rules/india';
import { usePincodeCheck } from './use-pincode-check';
import { AddressPin } from './address-pin';
import type { GeoPoint } from '../../../../shared/rules/route-order';
import './addresses.css';

type FieldName = 'name' | 'phone' | 'line1' | 'line2' | 'landmark' | 'city' | 'state' | 'pincode';
type Values = Record<FieldName, string> & { isDefault: boolean };
type Errors = Partial<Record<FieldName | '_', string>>;

export interface AddressFormProps {
  /** Edit this address; omit to add a new one. */
  address?: Address;
  /** Pre-fill a new address (e.g. the customer's name and mobile). */
  defaults?: Partial<Pick<Values, 'name' | 'phone'>>;
  onSaved: (address: Address) => void;
  onCancel?: () => void;
  submitLabel?: string;
  /** Opened to add or move the pin: its button takes the focus (and scrolls into view). */
  focusPin?: boolean;
}

const empty: Values = {
  name: '',
  phone: '',
  line1: '',
  line2: '',
  landmark: '',
  city: 'Bengaluru',
  state: 'Karnataka',
  pincode: '',
  isDefault: false,
};

function fromAddress(a: Address): Values {
  return {
    name: a.name,
    phone: formatIndianMobile(a.phone),
    line1: a.line1,
    line2: a.line2 ?? '',
    landmark: a.landmark ?? '',
    city: a.city,
    state: a.state,
    pincode: a.pincode,
    isDefault: a.isDefault,
  };
}

/** Field errors from the server's answer (zod fieldErrors), else its message. */
function serverErrors(e: unknown): Errors {
  if (e instanceof TRPCClientError) {
    const fe = (e.data as { fieldErrors?: Record<string, string[] | undefined> } | undefined)?.fieldErrors;
    if (fe && Object.keys(fe).length) {
      const out: Errors = {};
      for (const [k, v] of Object.entries(fe)) if (v?.[0]) out[k as FieldName] = v[0];
      return out;
    }
    return { _: e.message };
  }
  return { _: 'We could not save this address. Please try again.' };
}

/** Add or edit a delivery address. Checks the PIN code live against the delivery list. */
export function AddressForm({ address, defaults, onSaved, onCancel, submitLabel, focusPin }: AddressFormProps) {
  const [v, setV] = useState<Values>(() =>
    address ? fromAddress(address) : { ...empty, ...defaults, phone: defaults?.phone ? formatIndianMobile(defaults.phone) : '' },
  );
  const [errors, setErrors] = useState<Errors>({});
  const [mapPin, setMapPin] = useState<GeoPoint | null>(() =>
    address?.latitude != null && address.longitude != null ? { latitude: address.latitude, longitude: address.longitude } : null,
  );
  const utils = trpc.useUtils();
  const create = trpc.addresses.create.useMutation();
  const update = trpc.addresses.update.useMutation();
  const pin = usePincodeCheck(v.pincode);
  const saving = create.isPending || update.isPending;

  const set = (k: FieldName) => (e: { target: { value: string } }) => {
    setV((s) => ({ ...s, [k]: e.target.value }));
    if (errors[k]) setErrors((x) => ({ ...x, [k]: undefined }));
  };

  /** A free-text field of the address: its name, its limit from the shared schema, its value. */
  const text = (k: keyof typeof ADDRESS_LIMITS & FieldName, autoComplete?: string) => (p: ComponentProps<'input'>) => (
    <Input {...p} name={k} autoComplete={autoComplete} maxLength={ADDRESS_LIMITS[k]} value={v[k]} onChange={set(k)} />
  );

  async function submit(e: FormEvent) {
    e.preventDefault();
    // The same schema the server uses: instant field errors, no round trip.
    const body = {
      ...v,
      line2: v.line2 || null,
      landmark: v.landmark || null,
      latitude: mapPin?.latitude ?? null,
      longitude: mapPin?.longitude ?? null,
    };
    const parsed = AddressCreateInputSchema.safeParse(body);
    if (!parsed.success) {
      const out: Errors = {};
      for (const issue of parsed.error.issues) {
        // A pin problem has no field of its own: it reads at the top of the form.
        const k = (['latitude', 'longitude'].includes(String(issue.path[0])) ? '_' : String(issue.path[0] ?? '_')) as FieldName;
        out[k] ??= issue.message;
      }
      setErrors(out);
      return;
    }
    try {
      const saved = address ? await update.mutateAsync({ id: address.id, ...body }) : await create.mutateAsync(body);
      await utils.addresses.list.invalidate();
      onSaved(saved);
    } catch (err) {
      setErrors(serverErrors(err));
    }
  }

  return (
    <form className="address-form" onSubmit={submit} noValidate aria-label={address ? 'Edit address' : 'New address'}>
      {errors._ ? (
        <div className="alert alert--danger address-form__wide" role="alert">
          <AlertIcon aria-hidden="true" />
          <span>{errors._}</span>
        </div>
      ) : null}
      <Field label="Full name" error={errors.name}>
        {text('name', 'name')}
      </Field>
      {/* No placeholder: a grey "98765 43210" read as a number already filled in. */}
      <Field label="Mobile number" hint="10-digit Indian mobile; our rider calls this number" error={errors.phone}>
        {(p) => (
          <Input {...p} name="phone" type="tel" inputMode="tel" autoComplete="tel" maxLength={20} value={v.phone} onChange={set('phone')} />
        )}
      </Field>
      <Field label="Flat, house, building" className="address-form__wide" error={errors.line1}>
        {text('line1', 'address-line1')}
      </Field>
      <Field label="Street and area" optional className="address-form__wide" error={errors.line2}>
        {text('line2', 'address-line2')}
      </Field>
      <Field label="Landmark" optional error={errors.landmark}>
        {text('landmark')}
      </Field>
      <Field
        label="PIN code"
        error={errors.pincode ?? (pin.state === 'not-serviceable' ? pin.message : undefined)}
        hint={
          pin.state === 'serviceable' ? (
            <span className="address-form__pin-ok">
              <CheckIcon aria-hidden="true" /> We deliver to {pin.area}
            </span>
          ) : pin.state === 'checking' ? (
            'Checking…'
          ) : undefined
        }
      >
        {(p) => (
          <Input
            {...p}
            name="pincode"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={7}
            placeholder="560034"
            value={v.pincode}
            onChange={set('pincode')}
          />
        )}
      </Field>
      <Field label="City" error={errors.city}>
        {text('city', 'address-level2')}
      </Field>
      <Field label="State" error={errors.state}>
        {(p) => (
          <Select {...p} name="state" autoComplete="address-level1" value={v.state} onChange={set('state')}>
            {INDIAN_STATES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <AddressPin value={mapPin} onChange={setMapPin} autoFocus={focusPin} />
      {!address?.isDefault ? (
        <Checkbox
          className="address-form__wide"
          label={
            pin.state === 'not-serviceable' ? (
              <>
                Make this my default address <small className="text-subtle">(only an address we deliver to can be the default)</small>
              </>
            ) : (
              'Make this my default address'
            )
          }
          // The server never makes an address outside our area the default: don't offer it.
          checked={v.isDefault && pin.state !== 'not-serviceable'}
          disabled={pin.state === 'not-serviceable'}
          onChange={(e) => setV((s) => ({ ...s, isDefault: e.target.checked }))}
        />
      ) : null}
      <div className="cluster address-form__wide">
        <Button type="submit" loading={saving}>
          {submitLabel ?? (address ? 'Save changes' : 'Save address')}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
