/**
 * Razorpay Checkout, loaded only when a payment is about to be collected in
 * Razorpay mode (never on other pages, never in test mode). The server created
 * the Razorpay order with its own amount; Checkout only collects it.
 */
export const CHECKOUT_JS = 'https://checkout.razorpay.com/v1/checkout.js';

export interface RazorpaySuccess {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', cb: (r: { error?: { description?: string; reason?: string } }) => void): void;
}
type RazorpayCtor = new (options: Record<string, unknown>) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayCtor;
  }
}

let loading: Promise<RazorpayCtor> | null = null;

export function loadRazorpay(): Promise<RazorpayCtor> {
  if (typeof window === 'undefined') return Promise.reject(new Error('Razorpay needs a browser.'));
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  loading ??= new Promise<RazorpayCtor>((resolve, reject) => {
    const s = document.createElement('script');
    s.src = CHECKOUT_JS;
    s.async = true;
    s.onload = () => (window.Razorpay ? resolve(window.Razorpay) : reject(new Error('Razorpay Checkout did not start.')));
    s.onerror = () => {
      loading = null;
      s.remove();
      reject(new Error('We could not load Razorpay. Check your connection and try again.'));
    };
    document.head.appendChild(s);
  });
  return loading;
}

export type CheckoutOutcome = { kind: 'paid'; response: RazorpaySuccess } | { kind: 'failed'; message: string } | { kind: 'dismissed' };

/**
 * Opens Checkout for a gateway order, from the payment start the server answered (an order's,
 * a subscription's or a wallet top-up's: the same fields); resolves when the shopper pays, a
 * payment fails, or the window is closed.
 */
export async function openRazorpay(p: {
  keyId: string | null;
  gatewayOrderId: string;
  amount: number;
  description: string;
  prefill: { name: string; email: string; contact?: string };
  /** A UPI AutoPay authorisation: the gateway customer the mandate's token is saved for. */
  recurring?: { customerId: string };
}): Promise<CheckoutOutcome> {
  const Razorpay = await loadRazorpay();
  return new Promise<CheckoutOutcome>((resolve) => {
    let settled = false;
    // Checkout stays open after a failed attempt so the shopper can try another way;
    // the failure is reported only if they then close it.
    let lastFailure: string | null = null;
    const done = (o: CheckoutOutcome) => {
      if (settled) return;
      settled = true;
      resolve(o);
    };
    const rzp = new Razorpay({
      key: p.keyId ?? '',
      order_id: p.gatewayOrderId,
      amount: p.amount,
      currency: 'INR',
      name: 'Hydro Shakes',
      description: p.description,
      prefill: { contact: '', ...p.prefill },
      ...(p.recurring ? { customer_id: p.recurring.customerId, recurring: 1 } : {}),
      theme: { color: '#1e6742' },
      handler: (response: RazorpaySuccess) => done({ kind: 'paid', response }),
      modal: { ondismiss: () => done(lastFailure ? { kind: 'failed', message: lastFailure } : { kind: 'dismissed' }), confirm_close: true },
    });
    rzp.on('payment.failed', (r) => {
      lastFailure = r.error?.description || 'The payment did not go through.';
    });
    rzp.open();
  });
}
