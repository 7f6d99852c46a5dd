import { useState } from 'react';
import { Button } from '../../components/button';
import { CheckIcon, MapPinIcon } from '../../components/icons';
import { inIndia, roundCoordinate, type GeoPoint } from '../../../../shared/rules/route-order';

/**
 * "Use my location" (decision 287): the browser's own location, asked only when the customer taps,
 * becomes the address's pin so the rider's route can be ordered by it. Optional in every way: a
 * refusal, no fix or a point outside India leaves a calm sentence and the address saves without one.
 */
export function AddressPin({
  value,
  onChange,
  autoFocus,
}: {
  value: GeoPoint | null;
  onChange: (pin: GeoPoint | null) => void;
  /** The form was opened to add or move the pin: its first button takes the focus. */
  autoFocus?: boolean;
}) {
  const [locating, setLocating] = useState(false);
  const [note, setNote] = useState<string | null>(null);

  function locate() {
    setNote(null);
    // Moving a pin that failed leaves the old one: say so, not that the address saves without one.
    const kept = value ? ' The pin stays where it was.' : null;
    if (!('geolocation' in navigator)) {
      setNote(`This browser can’t share a location.${kept ?? ' That’s fine: the address saves without a pin.'}`);
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (p) => {
        setLocating(false);
        const pin = { latitude: roundCoordinate(p.coords.latitude), longitude: roundCoordinate(p.coords.longitude) };
        if (!inIndia(pin)) {
          setNote(`Your location reads as outside India, so we left the pin ${kept ? 'where it was.' : 'off. The address saves without it.'}`);
          return;
        }
        setNote(null);
        onChange(pin);
      },
      (e) => {
        setLocating(false);
        setNote(
          e.code === e.PERMISSION_DENIED
            ? kept
              ? `Location is off for this site.${kept}`
              : 'Location is off for this site, so there’s no pin. That’s fine: the address saves without one.'
            : kept
              ? `We couldn’t find your location just now.${kept}`
              : 'We couldn’t find your location just now. The address saves without a pin; you can try again at the door.',
        );
      },
      // Moving asks for a fresh fix: a remembered one is where the phone was, maybe the last address pinned.
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: kept ? 0 : 60_000 },
    );
  }

  if (value) {
    return (
      <div className="address-pin address-pin--set address-form__wide" data-testid="address-pin">
        <span className="address-pin__icon" aria-hidden="true">
          <CheckIcon />
        </span>
        <p className="address-pin__text" role="status">
          <strong>Pin saved</strong>
          <small className="text-subtle tabular">
            {note ?? `${value.latitude.toFixed(5)}, ${value.longitude.toFixed(5)} · helps our rider find your door`}
          </small>
        </p>
        {/* Moving it is dropping it again where the customer stands now: at the door is the right place. */}
        <Button variant="ghost" size="sm" onClick={locate} loading={locating} autoFocus={autoFocus}>
          {locating ? 'Finding you…' : 'Move pin here'}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
          Remove pin
        </Button>
      </div>
    );
  }
  return (
    <div className="address-pin address-form__wide" data-testid="address-pin">
      <Button variant="soft" size="sm" onClick={locate} loading={locating} autoFocus={autoFocus}>
        <MapPinIcon aria-hidden="true" /> {locating ? 'Finding you…' : 'Use my location'}
      </Button>
      <p className="address-pin__text text-sm text-subtle" role="status">
        {note ?? 'Optional. Standing at this address? A pin helps our rider find your door.'}
      </p>
    </div>
  );
}
