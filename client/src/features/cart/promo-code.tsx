import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/button';
import { Input } from '../../components/input';
import { CheckIcon } from '../../components/icons';
import { formatRupees } from '../../../../shared/rules/money';
import type { CouponOutcome } from '../../../../shared/schemas/coupons';
import { setCouponCode } from './coupon-code';
import './promo-code.css';

/**
 * The promo-code field of /cart and /payment. Apply sends the code with the quote; the server's
 * answer (`quote.coupon`) is shown: the code applied with its saving and a Remove button, or the
 * refusal under the field — it never disappears silently.
 */
export function PromoCode({ code, outcome, busy }: { code: string; outcome: CouponOutcome | null; busy: boolean }) {
  const id = useId();
  const [typed, setTyped] = useState(code);
  const [empty, setEmpty] = useState(false);
  const checking = !!code && (busy || !outcome || outcome.code !== code);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    const next = typed.trim().toUpperCase();
    setEmpty(!next);
    if (next) setCouponCode(next);
  };
  const remove = () => {
    setTyped('');
    setCouponCode('');
  };

  if (code && outcome?.applied && !checking) {
    return (
      <div className="promo promo--applied" data-testid="promo-applied">
        <p className="promo__applied">
          <CheckIcon aria-hidden="true" />
          <span>
            <strong>{outcome.code}</strong> applied: you save {formatRupees(outcome.discount)}
            {outcome.summary ? <span className="promo__summary">{outcome.summary}</span> : null}
          </span>
        </p>
        <Button variant="ghost" size="sm" onClick={remove} aria-label={`Remove the code ${outcome.code}`} data-testid="promo-remove">
          Remove
        </Button>
      </div>
    );
  }

  const refusal = code && !checking && outcome && !outcome.applied ? outcome.refusal : null;
  const errorId = `${id}-error`;
  return (
    <form className="promo" onSubmit={apply} noValidate>
      <label className="label" htmlFor={id}>
        Promo code
      </label>
      <div className="input-group">
        <Input
          id={id}
          name="promo"
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            setEmpty(false);
          }}
          placeholder="e.g. WELCOME50"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          aria-invalid={refusal || empty ? true : undefined}
          aria-describedby={refusal || empty ? errorId : undefined}
          data-testid="promo-input"
        />
        <Button type="submit" variant="secondary" loading={checking} data-testid="promo-apply">
          Apply
        </Button>
      </div>
      {refusal || empty ? (
        <div className="promo__refusal" id={errorId} role="alert" data-testid="promo-refusal" data-code={refusal?.code}>
          <p className="field__error">{refusal ? refusal.message : 'Enter a code first.'}</p>
          {refusal ? (
            <button type="button" className="link text-sm" onClick={remove}>
              Remove the code
            </button>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}
