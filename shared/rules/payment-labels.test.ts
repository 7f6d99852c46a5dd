import { describe, expect, it } from 'vitest';
import { deliveryPaymentLabel, paymentMethodLabel, paymentStatusLabel, paymentStatusTone } from './payment-labels';

describe('payment status labels (spec §4 Payment display)', () => {
  it.each([
    ['pending', 'Payment Pending'],
    ['completed', 'Payment Successful'],
    ['paid', 'Payment Successful'],
    ['successful', 'Payment Successful'],
    ['failed', 'Payment Failed'],
  ])('%s → %s', (status, label) => {
    expect(paymentStatusLabel(status)).toBe(label);
  });

  it('matches known values whatever their case or surrounding spaces', () => {
    expect(paymentStatusLabel('PAID')).toBe('Payment Successful');
    expect(paymentStatusLabel(' Failed ')).toBe('Payment Failed');
  });

  it('shows unknown values capitalised', () => {
    expect(paymentStatusLabel('refunded')).toBe('Refunded');
    expect(paymentStatusLabel('authorized')).toBe('Authorized');
    expect(paymentStatusLabel('partially_refunded')).toBe('Partially refunded');
  });

  it('shows an empty or missing status as Payment Pending', () => {
    expect(paymentStatusLabel('')).toBe('Payment Pending');
    expect(paymentStatusLabel('   ')).toBe('Payment Pending');
    expect(paymentStatusLabel(null)).toBe('Payment Pending');
    expect(paymentStatusLabel(undefined)).toBe('Payment Pending');
  });

  it('gives a tone for the badge', () => {
    expect(paymentStatusTone('paid')).toBe('success');
    expect(paymentStatusTone('failed')).toBe('danger');
    expect(paymentStatusTone('pending')).toBe('neutral');
    expect(paymentStatusTone('refunded')).toBe('neutral');
  });
});

describe('payment method labels (spec §4 Payment display)', () => {
  it.each([
    ['upi', 'UPI'],
    ['debit_card', 'Debit Card'],
    ['credit_card', 'Credit Card'],
    ['card', 'Card Payment'],
    ['netbanking', 'Net Banking'],
    ['wallet', 'Wallet'],
    ['emi', 'EMI'],
    ['paylater', 'Pay Later'],
    ['cod', 'Cash on Delivery'],
    ['free', 'Complimentary'],
    ['razorpay', 'Online Payment'],
  ])('%s → %s', (method, label) => {
    expect(paymentMethodLabel(method)).toBe(label);
  });

  it('shows any other or empty method as Online Payment', () => {
    expect(paymentMethodLabel('bank_transfer')).toBe('Online Payment');
    expect(paymentMethodLabel('')).toBe('Online Payment');
    expect(paymentMethodLabel(null)).toBe('Online Payment');
    expect(paymentMethodLabel(undefined)).toBe('Online Payment');
  });

  it('is case-insensitive', () => {
    expect(paymentMethodLabel('UPI')).toBe('UPI');
    expect(paymentMethodLabel('COD')).toBe('Cash on Delivery');
  });
});

describe('an order’s payment status', () => {
  it('reads "Not charged" for a cancelled unpaid order and the spec’s label otherwise', async () => {
    const { orderPaymentStatusLabel } = await import('./payment-labels');
    expect(orderPaymentStatusLabel('cancelled', 'pending')).toBe('Not charged');
    expect(orderPaymentStatusLabel('cancelled', 'failed')).toBe('Not charged');
    expect(orderPaymentStatusLabel('cancelled', 'refunded')).toBe('Refunded');
    expect(orderPaymentStatusLabel('confirmed', 'pending')).toBe('Payment Pending');
    expect(orderPaymentStatusLabel('delivered', 'paid')).toBe('Payment Successful');
  });
});

describe('a delivery stop’s payment (the desk’s deliveries page and the rider’s card)', () => {
  const cod = { method: 'cod', status: 'pending', total: 62_700, cashCollected: null };
  it('cash on delivery reads what is due, then what was collected', () => {
    expect(deliveryPaymentLabel(cod)).toBe('Cash due ₹627');
    expect(deliveryPaymentLabel({ ...cod, status: 'paid', cashCollected: 62_700 })).toBe('Cash ₹627 collected');
    // Collected more than due (no change given): what was collected.
    expect(deliveryPaymentLabel({ ...cod, status: 'paid', cashCollected: 70_000 })).toBe('Cash ₹700 collected');
    // Short: the payment stays open, the rest is still due.
    expect(deliveryPaymentLabel({ ...cod, cashCollected: 52_700 })).toBe('Cash ₹527 collected, ₹100 due');
    // Marked paid at the desk without a rider's figure.
    expect(deliveryPaymentLabel({ ...cod, status: 'paid' })).toBe('Cash ₹627 collected');
  });
  it('an online payment says so; a free order is complimentary; never "Paid online" for cash', () => {
    expect(deliveryPaymentLabel({ method: 'razorpay', status: 'paid', total: 62_700, cashCollected: null })).toBe('Paid online');
    expect(deliveryPaymentLabel({ method: 'upi', status: 'paid', total: 62_700, cashCollected: null })).toBe('Paid online');
    expect(deliveryPaymentLabel({ method: 'free', status: 'completed', total: 0, cashCollected: null })).toBe('Complimentary');
    expect(deliveryPaymentLabel({ method: 'upi', status: 'pending', total: 62_700, cashCollected: null })).toBe('Payment Pending');
    expect(deliveryPaymentLabel({ ...cod, status: 'paid', cashCollected: 62_700 })).not.toMatch(/online/i);
  });
});

describe('what a charge or a subscription payment was (decisions 280, 284)', () => {
  it('names every kind of charge, AutoPay debits included, and a renewal through AutoPay', async () => {
    const { CHARGE_KIND_LABELS, subscriptionPaymentKindLabel } = await import('./payment-labels');
    const { CHARGE_KIND_VALUES } = await import('../schemas/payments');
    expect(CHARGE_KIND_VALUES.map((k) => CHARGE_KIND_LABELS[k])).toEqual(['Order', 'Subscription', 'Wallet top-up', 'AutoPay debit']);
    expect(subscriptionPaymentKindLabel('autopay_renewal')).toBe('AutoPay renewal');
    expect(subscriptionPaymentKindLabel('auto_renewal')).toBe('Automatic renewal');
  });
});
