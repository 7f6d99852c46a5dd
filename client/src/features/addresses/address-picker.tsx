import { useEffect, useId, useState } from 'react';
import { trpc } from '../../lib/trpc';
import { Button } from '../../components/button';
import { RadioButton } from '../../components/radio-button';
import { AlertIcon, CheckIcon, MapPinIcon, PlusIcon } from '../../components/icons';
import { formatIndianMobile, notServiceableMessage } from '../../../../shared/rules/india';
import { MAX_ADDRESSES, type Address } from '../../../../shared/schemas/addresses';
import { AddressForm } from './address-form';
import './addresses.css';

export interface AddressPickerProps {
  /** The chosen address id (controlled). */
  value: string | null;
  /** Called with the chosen address; only serviceable addresses can be chosen. */
  onChange: (address: Address | null) => void;
  /** false: an address book (edit, delete, add) without choosing — for the profile page. */
  selectable?: boolean;
  /** Pre-fill for a new address (the customer's name and mobile). */
  defaults?: { name?: string; phone?: string };
  title?: string | null;
}

function oneLine(a: Address): string {
  return [a.line1, a.line2, a.landmark ? `Near ${a.landmark}` : null, `${a.city} ${a.pincode}`].filter(Boolean).join(', ');
}

/**
 * Saved addresses as radio cards, or a new one. Addresses outside the delivery area
 * stay visible with "We don't deliver to <pin> yet" and cannot be chosen.
 */
export function AddressPicker({ value, onChange, selectable = true, defaults, title = 'Delivery address' }: AddressPickerProps) {
  const headingId = useId();
  const list = trpc.addresses.list.useQuery();
  const utils = trpc.useUtils();
  const remove = trpc.addresses.remove.useMutation({ onSuccess: () => utils.addresses.list.invalidate() });
  const makeDefault = trpc.addresses.update.useMutation({ onSuccess: () => utils.addresses.list.invalidate() });
  // `pin`: opened from the card's Add pin / Move pin, so the form starts at the pin.
  const [mode, setMode] = useState<{ kind: 'list' } | { kind: 'new' } | { kind: 'edit'; address: Address; pin?: boolean }>({ kind: 'list' });
  // Default first, then the ones we can deliver to.
  const addresses = [...(list.data ?? [])].sort(
    (a, b) => Number(b.isDefault) - Number(a.isDefault) || Number(b.serviceable) - Number(a.serviceable),
  );

  // Pre-select the default (or first) address we can deliver to.
  useEffect(() => {
    if (!selectable || !list.data) return;
    const current = list.data.find((a) => a.id === value);
    if (current?.serviceable) return;
    const pick = list.data.find((a) => a.isDefault && a.serviceable) ?? list.data.find((a) => a.serviceable) ?? null;
    if ((pick?.id ?? null) !== value) onChange(pick);
  }, [list.data, value, selectable, onChange]);

  // Saved outside our delivery area: say why it is not the default (and, at checkout, not chosen).
  const [outOfArea, setOutOfArea] = useState<Address | null>(null);
  const saved = (a: Address) => {
    setMode({ kind: 'list' });
    setOutOfArea(a.serviceable ? null : a);
    if (selectable && a.serviceable) onChange(a);
  };

  const showForm = mode.kind !== 'list' || (list.isSuccess && addresses.length === 0);

  return (
    <section className="address-picker stack" aria-labelledby={title ? headingId : undefined}>
      {title ? (
        <h3 className="h4" id={headingId}>
          {title}
        </h3>
      ) : null}

      {list.isLoading ? (
        <div className="address-picker__list" aria-hidden="true">
          <span className="skeleton address-card address-card--skeleton" />
          <span className="skeleton address-card address-card--skeleton" />
        </div>
      ) : list.isError ? (
        <div className="alert alert--danger" role="alert">
          <AlertIcon aria-hidden="true" />
          <span>{list.error.message || 'We could not load your addresses.'}</span>
        </div>
      ) : null}

      {outOfArea && mode.kind === 'list' ? (
        <div className="alert alert--warning" role="status" data-testid="address-out-of-area">
          <AlertIcon aria-hidden="true" />
          <span>
            Address saved. {notServiceableMessage(outOfArea.pincode)}, so it is not your default address
            {selectable ? ' and can’t be chosen for this order' : ''}. We will let it be chosen as soon as we deliver there.
          </span>
        </div>
      ) : null}

      {makeDefault.error && mode.kind === 'list' ? (
        <div className="alert alert--danger" role="alert">
          <AlertIcon aria-hidden="true" />
          <span>{makeDefault.error.message || 'That address could not be made the default.'}</span>
        </div>
      ) : null}

      {addresses.length > 0 && mode.kind === 'list' ? (
        <div className="address-picker__list" role={selectable ? 'radiogroup' : 'list'} aria-label="Saved addresses">
          {addresses.map((a) => {
            const selected = selectable && a.id === value;
            const pinned = a.latitude != null && a.longitude != null;
            return (
              <div
                key={a.id}
                className="address-card"
                data-selected={selected || undefined}
                data-serviceable={a.serviceable}
                role={selectable ? undefined : 'listitem'}
              >
                {selectable ? (
                  <RadioButton
                    checked={selected}
                    disabled={!a.serviceable}
                    className="address-card__choose"
                    onClick={() => onChange(a)}
                    aria-label={`${a.name}, ${oneLine(a)}`}
                  />
                ) : null}
                <div className="address-card__body">
                  <div className="address-card__title">
                    <MapPinIcon aria-hidden="true" />
                    <strong>{a.name}</strong>
                    {a.isDefault ? <span className="badge badge--green">Default</span> : null}
                    {a.serviceable && a.area ? <span className="badge">{a.area}</span> : null}
                  </div>
                  <p className="address-card__lines">{oneLine(a)}</p>
                  <p className="address-card__phone text-sm text-subtle">{formatIndianMobile(a.phone)}</p>
                  {/* The pin orders the rider's route (decision 287): say plainly whether this address has one. */}
                  <p className="address-card__pin" data-testid="address-card-pin" data-pinned={pinned}>
                    {pinned ? <CheckIcon aria-hidden="true" /> : <MapPinIcon aria-hidden="true" />}
                    {pinned ? 'Pinned on the map' : 'No pin yet — add one so your rider finds you'}
                  </p>
                  {!a.serviceable ? <p className="field__error">{notServiceableMessage(a.pincode)}</p> : null}
                </div>
                <div className="address-card__actions">
                  {!selectable && !a.isDefault && a.serviceable ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      loading={makeDefault.isPending && makeDefault.variables?.id === a.id}
                      onClick={() => makeDefault.mutate({ id: a.id, isDefault: true })}
                      aria-label={`Make ${a.line1} the default address`}
                    >
                      Make default
                    </Button>
                  ) : null}
                  <Button size="sm" variant="ghost" onClick={() => setMode({ kind: 'edit', address: a })}>
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setMode({ kind: 'edit', address: a, pin: true })}
                    // The visible words start the name (a spoken "Add pin" finds it).
                    aria-label={`${pinned ? 'Move pin' : 'Add pin'} for ${a.line1}`}
                  >
                    {pinned ? 'Move pin' : 'Add pin'}
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    loading={remove.isPending && remove.variables?.id === a.id}
                    onClick={() => {
                      if (typeof window !== 'undefined' && !window.confirm(`Remove the address "${a.line1}"?`)) return;
                      if (a.id === value) onChange(null);
                      remove.mutate({ id: a.id });
                    }}
                  >
                    Remove
                  </Button>
                </div>
              </div>
            );
          })}
        </div>
      ) : null}

      {showForm ? (
        <div className="address-picker__new">
          <p className="address-picker__new-title">
            {mode.kind === 'edit' ? 'Edit address' : addresses.length ? 'New address' : 'Where should we deliver?'}
          </p>
          <AddressForm
            key={mode.kind === 'edit' ? mode.address.id : 'new'}
            address={mode.kind === 'edit' ? mode.address : undefined}
            focusPin={mode.kind === 'edit' && mode.pin}
            defaults={defaults}
            onSaved={saved}
            onCancel={addresses.length > 0 ? () => setMode({ kind: 'list' }) : undefined}
          />
        </div>
      ) : list.isSuccess ? (
        addresses.length < MAX_ADDRESSES ? (
          <div>
            <Button variant="secondary" onClick={() => setMode({ kind: 'new' })}>
              <PlusIcon aria-hidden="true" /> Add a new address
            </Button>
          </div>
        ) : (
          <p className="text-sm text-subtle">You have saved {MAX_ADDRESSES} addresses, the most we keep. Remove one to add another.</p>
        )
      ) : null}
    </section>
  );
}
