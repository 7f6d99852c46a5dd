import type { CheckoutMethod, MethodChoice } from '../../../../shared/rules/order-rules';
import { formatRupees } from '../../../../shared/rules/money';

const COPY: Record<CheckoutMethod, { title: string; detail: string }> = {
  razorpay: { title: 'Pay online', detail: 'UPI, cards, net banking, wallets, EMI or pay later — secured by Razorpay.' },
  cod: { title: 'Cash on delivery', detail: 'Pay in cash or UPI when your shakes arrive.' },
  free: { title: 'Complimentary', detail: 'Nothing to pay for this order.' },
  wallet: { title: 'Wallet', detail: 'Paid from your Hydro Shakes wallet when you place the order.' },
};

/** The methods the server total allows; the others stay visible, disabled, with the reason. */
export function PaymentMethodPicker({
  methods,
  value,
  onChange,
  testMode,
  walletBalance,
}: {
  methods: MethodChoice[];
  value: CheckoutMethod | null;
  onChange: (m: CheckoutMethod) => void;
  testMode: boolean;
  /** The wallet's balance, shown on its card when it can pay. */
  walletBalance?: number;
}) {
  // Complimentary is only shown when it applies; the paid methods always are (the wallet once the page knows the balance).
  const shown = methods.filter((m) => m.method !== 'free' || m.available);
  return (
    <div className="method-list" role="radiogroup" aria-label="Payment method">
      {shown.map((m) => {
        const selected = m.available && value === m.method;
        return (
          <label
            key={m.method}
            className="method-card"
            data-selected={selected || undefined}
            data-disabled={!m.available || undefined}
            data-testid={`method-${m.method}`}
          >
            <input
              type="radio"
              name="payment-method"
              value={m.method}
              checked={selected}
              disabled={!m.available}
              onChange={() => onChange(m.method)}
            />
            <span className="method-card__body">
              <span className="method-card__title">
                {COPY[m.method].title}
                {m.method === 'razorpay' && testMode ? <span className="badge badge--warning">Test mode</span> : null}
              </span>
              <span className="method-card__detail">
                {m.available
                  ? m.method === 'wallet' && walletBalance !== undefined
                    ? `Balance ${formatRupees(walletBalance)}. ${COPY.wallet.detail}`
                    : COPY[m.method].detail
                  : m.reason}
              </span>
            </span>
          </label>
        );
      })}
    </div>
  );
}
