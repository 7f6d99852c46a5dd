/**
 * Pins and the rider's route (PRODUCT.md §22, decisions 287–289): the same on both sides of the wire.
 * A pin is a point a customer dropped with the browser's location when saving an address; the kitchen
 * has one too (a shop setting). A run's stops are ordered by `routeOrder`: nearest neighbour from the
 * kitchen over the pinned stops, then the stops without a pin in the order they came (PIN code order).
 */

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/** India's bounding box, roughly: a pin outside it is a mistake (a VPN's location, a typo), not an address of ours. */
export const INDIA_BOUNDS = { minLatitude: 6, maxLatitude: 37.5, minLongitude: 68, maxLongitude: 97.5 } as const;

/** Decimal places kept: 6 is about 0.1 m, finer than any phone's fix. */
export const PIN_DECIMALS = 6;

/** The farm and kitchen at the edge of Bengaluru: the demo's kitchen until the owner sets theirs. */
export const DEFAULT_KITCHEN: GeoPoint = { latitude: 12.9141, longitude: 77.6411 };

export const roundCoordinate = (v: number): number => Math.round(v * 10 ** PIN_DECIMALS) / 10 ** PIN_DECIMALS;

export function inIndia(p: GeoPoint): boolean {
  const b = INDIA_BOUNDS;
  return p.latitude >= b.minLatitude && p.latitude <= b.maxLatitude && p.longitude >= b.minLongitude && p.longitude <= b.maxLongitude;
}

const EARTH_RADIUS_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km (haversine). Roads are longer; the order of nearness is what counts. */
export function haversineKm(a: GeoPoint, b: GeoPoint): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** km rounded to 0.1, as the rider reads it. */
export const roundKm = (km: number): number => Math.round(km * 10) / 10;

export interface RoutedStop<T> {
  stop: T;
  /** 1-based place in the run. */
  position: number;
  /** From the previous stop (the kitchen for the first), in km to 0.1, when both ends have a pin; else null. */
  kmFromPrevious: number | null;
}

/**
 * One run's stops in route order. `stops` come in PIN code order (the order the run is read in);
 * `pinOf` gives a stop's pin or null. From the kitchen, the nearest pinned stop not yet visited comes
 * next (a tie keeps the earlier one in the given order, so the same run always reads the same); the
 * stops without a pin follow in the given order.
 */
export function routeOrder<T>(stops: readonly T[], kitchen: GeoPoint, pinOf: (stop: T) => GeoPoint | null): RoutedStop<T>[] {
  const pinned: { stop: T; pin: GeoPoint }[] = [];
  const unpinned: T[] = [];
  for (const stop of stops) {
    const pin = pinOf(stop);
    if (pin) pinned.push({ stop, pin });
    else unpinned.push(stop);
  }
  const out: RoutedStop<T>[] = [];
  let here = kitchen;
  while (pinned.length) {
    let best = 0;
    let bestKm = haversineKm(here, pinned[0]!.pin);
    for (let i = 1; i < pinned.length; i++) {
      const km = haversineKm(here, pinned[i]!.pin);
      if (km < bestKm) [best, bestKm] = [i, km];
    }
    const [next] = pinned.splice(best, 1);
    out.push({ stop: next!.stop, position: out.length + 1, kmFromPrevious: roundKm(bestKm) });
    here = next!.pin;
  }
  for (const stop of unpinned) out.push({ stop, position: out.length + 1, kmFromPrevious: null });
  return out;
}
