import { formatRupees } from '../../../../shared/rules/money';
import type { Quote } from '../../../../shared/schemas/cart';

/**
 * The server quote's money rows (subtotal, savings, delivery, total, GST part), shown the same way on
 * /cart and in the checkout review. Only displays the quote: nothing is computed here.
 * `variant` picks the page's class family (`summary-rows` on the cart, `breakdown` at checkout).
 */
export function QuoteBreakdown({ quote: q, variant, testId }: { quote: Quote; variant: 'summary-rows' | 'breakdown'; testId?: string }) {
  const saving = `${variant}__saving`;
  return (
    <>
      <dl className={variant} data-testid={testId}>
        <div>
          <dt>Subtotal</dt>
          <dd data-testid="subtotal">{formatRupees(q.subtotal)}</dd>
        </div>
        {q.freeUnitDiscount > 0 ? (
          <div className={saving}>
            <dt>1 free {q.freeItem?.itemName ?? 'shake'}</dt>
            <dd>−{formatRupees(q.freeUnitDiscount)}</dd>
          </div>
        ) : null}
        {q.couponDiscount > 0 ? (
          <div className={saving}>
            <dt>Coupon {q.couponCode}</dt>
            <dd>−{formatRupees(q.couponDiscount)}</dd>
          </div>
        ) : null}
        {q.pointsDiscount > 0 ? (
          <div className={saving}>
            <dt>Points</dt>
            <dd>−{formatRupees(q.pointsDiscount)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Delivery</dt>
          <dd data-testid="delivery-fee">
            {q.deliveryFee === 0 ? <span className={`${variant}__free`}>Free</span> : formatRupees(q.deliveryFee)}
          </dd>
        </div>
        <div className={`${variant}__total`}>
          <dt>Total</dt>
          <dd data-testid="total">{formatRupees(q.total)}</dd>
        </div>
      </dl>
      <p className="text-xs text-subtle">
        Prices include GST ({q.gstRatePercent}%): {formatRupees(q.gst)}
      </p>
    </>
  );
}
