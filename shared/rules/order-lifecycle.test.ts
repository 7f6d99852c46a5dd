import { describe, expect, it } from 'vitest';
import { adminCancelRefusal, adminMoveRefusal, adminMoveWarning, csvField, csvRow, customerCancelCheck } from './order-lifecycle';
import { ORDER_STATUSES } from './order-rules';

describe('customer cancel window', () => {
  const slot = { slotDate: '2026-11-23', slotStart: '09:00' }; // 03:30 UTC
  it('is open while confirmed and until 2 hours before the slot', () => {
    expect(customerCancelCheck({ status: 'confirmed', ...slot }, new Date('2026-11-23T01:30:00Z'))).toEqual({
      allowed: true,
      refusal: null,
      deadline: '2026-11-23T01:30:00.000Z',
    });
    const late = customerCancelCheck({ status: 'confirmed', ...slot }, new Date('2026-11-23T01:30:01Z'));
    expect(late.allowed).toBe(false);
    expect(late.refusal).toMatch(/2 hours before the delivery slot .*7:00/);
  });
  it('lets an unpaid order go at any time (nothing to refund; it frees the slot and the coupon)', () => {
    expect(customerCancelCheck({ status: 'pending_payment', ...slot }, new Date('2026-11-23T05:00:00Z'))).toEqual({
      allowed: true,
      refusal: null,
      deadline: null,
    });
  });
  it('says why for every other status', () => {
    for (const status of ORDER_STATUSES.filter((s) => s !== 'confirmed' && s !== 'pending_payment')) {
      const c = customerCancelCheck({ status, ...slot }, new Date('2026-11-20T00:00:00Z'));
      expect(c.allowed, status).toBe(false);
      expect(c.refusal, status).toMatch(/\./);
    }
  });
});

describe('admin moves', () => {
  it('allow forward moves only: confirmed → preparing → out_for_delivery → delivered, skips included', () => {
    const allowed: string[] = [];
    for (const from of ORDER_STATUSES) for (const to of ORDER_STATUSES) if (!adminMoveRefusal(from, to)) allowed.push(`${from}>${to}`);
    expect(allowed.sort()).toEqual([
      'confirmed>delivered',
      'confirmed>out_for_delivery',
      'confirmed>preparing',
      'out_for_delivery>delivered',
      'preparing>delivered',
      'preparing>out_for_delivery',
    ]);
  });
  it('asks for a confirmation when a move skips steps or delivers an order of a day still to come', () => {
    const slot = { slotDate: '2026-11-23' };
    const thatDay = new Date('2026-11-22T18:30:00Z'); // 00:00 IST on the 23rd
    const dayBefore = new Date('2026-11-22T18:29:59Z'); // 23:59:59 IST on the 22nd
    expect(adminMoveWarning({ status: 'confirmed', ...slot }, 'preparing', dayBefore)).toBeNull();
    expect(adminMoveWarning({ status: 'out_for_delivery', ...slot }, 'delivered', thatDay)).toBeNull();
    expect(adminMoveWarning({ status: 'confirmed', ...slot }, 'out_for_delivery', dayBefore)).toBe('This skips Preparing.');
    expect(adminMoveWarning({ status: 'confirmed', ...slot }, 'delivered', thatDay)).toBe('This skips Preparing and Out for delivery.');
    expect(adminMoveWarning({ status: 'out_for_delivery', ...slot }, 'delivered', dayBefore)).toBe(
      'Its delivery is for Mon, 23 Nov, not today.',
    );
  });
  it('cancel from anything but delivered and cancelled', () => {
    expect(ORDER_STATUSES.filter((s) => !adminCancelRefusal(s))).toEqual(['pending_payment', 'confirmed', 'preparing', 'out_for_delivery']);
  });
});

describe('CSV', () => {
  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(null)).toBe('');
    expect(csvField(1299)).toBe('1299');
    expect(csvField(-49)).toBe('-49');
  });
  it('defuses spreadsheet formulas', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+91 98765 43210')).toBe("'+91 98765 43210");
    expect(csvRow(['HS-100001', 'Asha, Rao', 2990])).toBe('HS-100001,"Asha, Rao",2990');
  });
});

describe('timeline headings', () => {
  it('heads a refund on a delivered order "Refund", not "Delivered" again', async () => {
    const { timelineHeadings } = await import('./order-lifecycle');
    const events = [
      { status: 'confirmed', note: null },
      { status: 'preparing', note: 'We are blending your shakes' },
      { status: 'out_for_delivery', note: null },
      { status: 'delivered', note: 'Delivered' },
      { status: 'delivered', note: 'Refund of ₹120 started: one shake spilled' },
      { status: 'delivered', note: 'Cash of ₹629 received on delivery' },
      { status: 'delivered', note: 'Called the customer' },
    ] as const;
    expect(timelineHeadings(events)).toEqual([
      'Confirmed',
      'Preparing',
      'Out for delivery',
      'Delivered',
      'Refund',
      'Payment received',
      'Update',
    ]);
  });
});
