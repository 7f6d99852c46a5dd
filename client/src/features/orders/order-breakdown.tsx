import type { Order } from '../../../../shared/schemas/orders';
import { formatRupees } from '../../../../shared/rules/money';

/**
 * The stored price breakdown of a placed order — the figures the server fixed at checkout, never
 * recomputed here. Shown to the customer on /order/{id} and to the shop on the admin order desk.
 */
export function OrderBreakdown({ order: o, totalTestId }: { order: Order; totalTestId?: string }) {
  const b = o.breakdown;
  return (
    <>
      <dl className="breakdown" data-testid="order-breakdown">
        <div>
          <dt>Subtotal</dt>
          <dd>{formatRupees(b.subtotal)}</dd>
        </div>
        {b.freeUnitDiscount > 0 ? (
          <div className="breakdown__saving">
            <dt>Free unit</dt>
            <dd>−{formatRupees(b.freeUnitDiscount)}</dd>
          </div>
        ) : null}
        {b.couponDiscount > 0 ? (
          <div className="breakdown__saving">
            <dt>Coupon {o.couponCode}</dt>
            <dd>−{formatRupees(b.couponDiscount)}</dd>
          </div>
        ) : null}
        {b.pointsDiscount > 0 ? (
          <div className="breakdown__saving">
            <dt>Points ({o.pointsRedeemed})</dt>
            <dd>−{formatRupees(b.pointsDiscount)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Delivery</dt>
          <dd>{b.deliveryFee === 0 ? <span className="breakdown__free">Free</span> : formatRupees(b.deliveryFee)}</dd>
        </div>
        <div className="breakdown__total">
          <dt>Total</dt>
          <dd data-testid={totalTestId}>{formatRupees(b.total)}</dd>
        </div>
      </dl>
      <p className="text-xs text-subtle">
        Includes GST ({b.gstRatePercent}%) of {formatRupees(b.gst)}
      </p>
    </>
  );
}
