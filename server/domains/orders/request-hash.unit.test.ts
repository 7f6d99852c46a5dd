import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { requestHash } from './orders.service';
import type { PlaceOrderInput } from '../../../shared/schemas/orders';

/** The fingerprint as it was first written (generic canonical JSON): stored hashes must keep matching it. */
function reference(input: PlaceOrderInput): string {
  const canon = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canon)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v as object)
              .sort()
              .map((k) => [k, canon((v as Record<string, unknown>)[k])]),
          )
        : v;
  const lines = input.lines
    .map((l) => ({ id: l.id, type: l.type, quantity: l.quantity, recipe: l.recipe ?? null }))
    .sort((a, b) => `${a.type}:${a.id}`.localeCompare(`${b.type}:${b.id}`));
  const body = canon({
    lines,
    addressId: input.addressId.toLowerCase(),
    slotId: input.slotId.toLowerCase(),
    date: input.date,
    paymentMethod: input.paymentMethod,
    couponCode: input.couponCode ? input.couponCode.toUpperCase() : null,
    pointsToRedeem: input.pointsToRedeem ?? 0,
  });
  return crypto.createHash('sha256').update(JSON.stringify(body)).digest('hex');
}

const pick = <T>(xs: readonly T[], i: number) => xs[i % xs.length]!;
const ids = [
  '9c29360f-a121-43a0-afe8-ec8011090368',
  'A936EFD3-396A-4D83-B64B-C621AA640DC6',
  'custom:abc',
  'custom:ABC',
  'z-last',
  'a_first',
  'Ä-umlaut',
  'é',
  'e',
  'E',
  '10',
  '9',
  'x"quote',
  'back\\slash',
];

function input(i: number): PlaceOrderInput {
  const n = 1 + (i % 5);
  const lines = Array.from({ length: n }, (_, j) => {
    const custom = (i + j) % 3 === 0;
    return {
      id: pick(ids, i * 7 + j * 3),
      type: custom ? ('custom' as const) : ('signature' as const),
      quantity: 1 + ((i + j) % 9),
      ...(custom
        ? {
            recipe: {
              size: (i % 2 ? 'large' : 'regular') as 'large' | 'regular',
              baseId: pick(ids, i + j),
              addIns: Array.from({ length: (i + j) % 4 }, (_, k) => ({ portions: 1 + (k % 2), ingredientId: pick(ids, i + k) })),
              ...(i % 4 ? { name: `Mix ${i} "${j}"` } : {}),
            },
          }
        : {}),
      ...(i % 5 === 0 ? { shownPrice: 24900 } : {}),
    };
  });
  return {
    lines,
    addressId: pick(ids, i).replace('custom:', 'x'),
    slotId: pick(ids, i + 1),
    date: `2026-0${1 + (i % 9)}-1${i % 10}`,
    paymentMethod: pick(['cod', 'razorpay', 'free'] as const, i),
    ...(i % 3 === 0 ? { couponCode: pick(['save10', 'WELCOME', ''], i) } : {}),
    ...(i % 4 === 0 ? { pointsToRedeem: i % 200 } : {}),
    ...(i % 6 === 0 ? { idempotencyKey: 'ignored-key' } : {}),
  } as PlaceOrderInput;
}

describe('requestHash', () => {
  it('is the same fingerprint as the generic canonical form, for many inputs', () => {
    for (let i = 0; i < 2000; i++) expect(requestHash(input(i)), `input ${i}`).toBe(reference(input(i)));
  });
  it('tells different orders apart and ignores display-only fields and line order', () => {
    const a = input(1);
    expect(requestHash({ ...a, lines: [...a.lines].reverse() })).toBe(requestHash(a));
    expect(requestHash({ ...a, lines: a.lines.map((l) => ({ ...l, shownPrice: 1 })) })).toBe(requestHash(a));
    expect(requestHash({ ...a, date: '2026-12-31' })).not.toBe(requestHash(a));
    expect(requestHash({ ...a, lines: a.lines.map((l, j) => (j ? l : { ...l, quantity: l.quantity + 1 })) })).not.toBe(requestHash(a));
  });
});
