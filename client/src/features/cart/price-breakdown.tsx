import { formatRupees } from '../../../../shared/rules/money';
import { formatInvoiceAmount } from '../../../../shared/rules/gst-invoice';
import type { Quote } from '../../../../shared/schemas/cart';
import type { Order } from '../../../../shared/schemas/orders';
import './breakdown.css';

interface Figures {
  subtotal: number;
  freeUnitDiscount: number;
  couponDiscount: number;
  pointsDiscount: number;
  deliveryFee: number;
  total: number;
  gst: number;
  gstRatePercent: number;
}

/**
 * Money rows (subtotal, savings, delivery, total, the GST inside) as the server gave them: the live quote
 * on /cart and at checkout, the stored breakdown of a placed order — both priceBreakdown's output
 * (shared/rules/price-breakdown.ts). Nothing is computed here. The GST is written to the paisa, as the
 * tax invoice and the CSV write it, so the same figure reads the same everywhere.
 */
function PriceBreakdown({
  f,
  labels,
  testIds = {},
}: {
  f: Figures;
  labels: { freeUnit: string; coupon: string; points: string };
  testIds?: { list?: string; subtotal?: string; deliveryFee?: string; total?: string };
}) {
  return (
    <>
      <dl className="breakdown" data-testid={testIds.list}>
        <div>
          <dt>Subtotal</dt>
          <dd data-testid={testIds.subtotal}>{formatRupees(f.subtotal)}</dd>
        </div>
        {f.freeUnitDiscount > 0 ? (
          <div className="breakdown__saving">
            <dt>{labels.freeUnit}</dt>
            <dd>−{formatRupees(f.freeUnitDiscount)}</dd>
          </div>
        ) : null}
        {f.couponDiscount > 0 ? (
          <div className="breakdown__saving">
            <dt>{labels.coupon}</dt>
            <dd>−{formatRupees(f.couponDiscount)}</dd>
          </div>
        ) : null}
        {f.pointsDiscount > 0 ? (
          <div className="breakdown__saving">
            <dt>{labels.points}</dt>
            <dd>−{formatRupees(f.pointsDiscount)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Delivery</dt>
          <dd data-testid={testIds.deliveryFee}>
            {f.deliveryFee === 0 ? <span className="breakdown__free">Free</span> : formatRupees(f.deliveryFee)}
          </dd>
        </div>
        <div className="breakdown__total">
          <dt>Total</dt>
          <dd data-testid={testIds.total}>{formatRupees(f.total)}</dd>
        </div>
      </dl>
      <p className="text-xs text-subtle">
        Prices include GST ({f.gstRatePercent}%): <span data-testid="gst">{formatInvoiceAmount(f.gst)}</span>
      </p>
    </>
  );
}

/** The server quote's rows, on /cart and in the checkout review. */
export function QuoteBreakdown({ quote: q, testId }: { quote: Quote; testId?: string }) {
  return (
    <PriceBreakdown
      f={q}
      labels={{ freeUnit: `1 free ${q.freeItem?.itemName ?? 'shake'}`, coupon: `Coupon ${q.couponCode ?? ''}`, points: 'Points' }}
      testIds={{ list: testId, subtotal: 'subtotal', deliveryFee: 'delivery-fee', total: 'total' }}
    />
  );
}

/** A placed order's stored breakdown, on /order/{id} and the admin order desk. */
export function OrderBreakdown({ order: o, totalTestId }: { order: Order; totalTestId?: string }) {
  return (
    <PriceBreakdown
      f={o.breakdown}
      labels={{ freeUnit: 'Free unit', coupon: `Coupon ${o.couponCode ?? ''}`, points: `Points (${o.pointsRedeemed})` }}
      testIds={{ list: 'order-breakdown', total: totalTestId }}
    />
  );
}
