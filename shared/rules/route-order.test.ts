import { describe, expect, it } from 'vitest';
import { DEFAULT_KITCHEN, haversineKm, inIndia, roundCoordinate, routeOrder, type GeoPoint } from './route-order';

interface Stop {
  id: string;
  pin: GeoPoint | null;
}
const at = (latitude: number, longitude: number): GeoPoint => ({ latitude, longitude });
const kitchen = DEFAULT_KITCHEN;
const order = (stops: Stop[]) => routeOrder(stops, kitchen, (s) => s.pin);
const ids = (stops: Stop[]) => order(stops).map((r) => r.stop.id);

describe('haversineKm', () => {
  it('measures Bengaluru distances as a map does', () => {
    // MG Road to Koramangala: about 4.9 km as the crow flies.
    expect(haversineKm(at(12.9756, 77.6066), at(12.9352, 77.6245))).toBeCloseTo(4.9, 0);
    expect(haversineKm(kitchen, kitchen)).toBe(0);
  });
});

describe('pins', () => {
  it('keeps India in and the rest out', () => {
    expect(inIndia(at(12.97, 77.59))).toBe(true);
    expect(inIndia(at(51.5, -0.12))).toBe(false);
    expect(inIndia(at(5.9, 77))).toBe(false);
  });
  it('rounds to 6 decimals', () => {
    expect(roundCoordinate(12.914123456789)).toBe(12.914123);
  });
});

describe('routeOrder', () => {
  it('goes nearest first from the kitchen, then nearest from each stop', () => {
    const stops: Stop[] = [
      { id: 'far', pin: at(13.05, 77.6) },
      { id: 'near', pin: at(12.92, 77.645) },
      { id: 'middle', pin: at(12.95, 77.64) },
    ];
    const routed = order(stops);
    expect(routed.map((r) => r.stop.id)).toEqual(['near', 'middle', 'far']);
    expect(routed.map((r) => r.position)).toEqual([1, 2, 3]);
    // The first leg is from the kitchen; every leg rounded to 0.1 km.
    expect(routed[0]!.kmFromPrevious).toBe(0.8);
    expect(routed[1]!.kmFromPrevious).toBe(Math.round(haversineKm(at(12.92, 77.645), at(12.95, 77.64)) * 10) / 10);
  });

  it('is not "sort by distance from the kitchen": the next stop is the nearest to where the rider is', () => {
    // b is nearer the kitchen than c, but c is next door to a.
    const stops: Stop[] = [
      { id: 'a', pin: at(12.93, 77.66) },
      { id: 'b', pin: at(12.9, 77.62) },
      { id: 'c', pin: at(12.935, 77.665) },
    ];
    expect(ids(stops)).toEqual(['a', 'c', 'b']);
  });

  it('keeps the given (PIN code) order when no stop has a pin', () => {
    const stops: Stop[] = [
      { id: '560001', pin: null },
      { id: '560034', pin: null },
      { id: '560102', pin: null },
    ];
    const routed = order(stops);
    expect(routed.map((r) => r.stop.id)).toEqual(['560001', '560034', '560102']);
    expect(routed.every((r) => r.kmFromPrevious === null)).toBe(true);
  });

  it('puts the stops without a pin after the pinned ones, in the given order', () => {
    const stops: Stop[] = [
      { id: 'u1', pin: null },
      { id: 'p-far', pin: at(13, 77.7) },
      { id: 'u2', pin: null },
      { id: 'p-near', pin: at(12.915, 77.642) },
    ];
    const routed = order(stops);
    expect(routed.map((r) => r.stop.id)).toEqual(['p-near', 'p-far', 'u1', 'u2']);
    expect(routed.map((r) => r.kmFromPrevious === null)).toEqual([false, false, true, true]);
  });

  it('breaks a tie by the given order, so the same run always reads the same', () => {
    // Two stops the same distance from the kitchen (mirror images north and south), and two at one spot.
    const north = at(kitchen.latitude + 0.01, kitchen.longitude);
    const south = at(kitchen.latitude - 0.01, kitchen.longitude);
    expect(
      ids([
        { id: 'S', pin: south },
        { id: 'N', pin: north },
      ]),
    ).toEqual(['S', 'N']);
    expect(
      ids([
        { id: 'N', pin: north },
        { id: 'S', pin: south },
      ]),
    ).toEqual(['N', 'S']);
    const twins = ids([
      { id: 'flat-1', pin: north },
      { id: 'flat-2', pin: north },
    ]);
    expect(twins).toEqual(['flat-1', 'flat-2']);
    expect(
      order([
        { id: 'flat-1', pin: north },
        { id: 'flat-2', pin: north },
      ])[1]!.kmFromPrevious,
    ).toBe(0);
  });

  it('answers nothing for an empty run', () => {
    expect(order([])).toEqual([]);
  });
});
