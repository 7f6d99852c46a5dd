import type { SignatureShake } from '../../../../shared/schemas/catalogue';

/** PRODUCT §3: filters on /signature-shakes. */
export const HIGH_PROTEIN_MIN_G = 20;
export const LOW_CALORIE_MAX_KCAL = 250;

export const FILTERS = [
  { key: 'vegan', label: 'Vegan', test: (s: FilterableShake) => s.vegan },
  { key: 'protein', label: 'High protein (20 g+)', test: (s: FilterableShake) => s.protein >= HIGH_PROTEIN_MIN_G },
  { key: 'light', label: 'Under 250 kcal', test: (s: FilterableShake) => s.calories < LOW_CALORIE_MAX_KCAL },
  { key: 'allergen-free', label: 'Allergen-free', test: (s: FilterableShake) => s.allergens.length === 0 },
] as const;
export type FilterKey = (typeof FILTERS)[number]['key'];

export const SORTS = [
  { key: 'featured', label: 'Featured' },
  { key: 'price-asc', label: 'Price: low to high' },
  { key: 'price-desc', label: 'Price: high to low' },
  { key: 'protein-desc', label: 'Protein: high to low' },
  { key: 'calories-asc', label: 'Calories: low to high' },
] as const;
export type SortKey = (typeof SORTS)[number]['key'];

export type FilterableShake = Pick<SignatureShake, 'name' | 'price' | 'protein' | 'calories' | 'vegan' | 'allergens' | 'sortOrder'>;

const byName = (a: FilterableShake, b: FilterableShake) => a.name.localeCompare(b.name);
const COMPARE: Record<SortKey, (a: FilterableShake, b: FilterableShake) => number> = {
  featured: (a, b) => a.sortOrder - b.sortOrder || byName(a, b),
  'price-asc': (a, b) => a.price - b.price || byName(a, b),
  'price-desc': (a, b) => b.price - a.price || byName(a, b),
  'protein-desc': (a, b) => b.protein - a.protein || byName(a, b),
  'calories-asc': (a, b) => a.calories - b.calories || byName(a, b),
};

/** Every active filter must match (AND); the result is a new, sorted array. */
export function filterAndSort<T extends FilterableShake>(shakes: readonly T[], active: ReadonlySet<FilterKey>, sort: SortKey): T[] {
  const tests = FILTERS.filter((f) => active.has(f.key)).map((f) => f.test);
  return shakes.filter((s) => tests.every((t) => t(s))).sort(COMPARE[sort] ?? COMPARE.featured);
}

const FILTER_KEYS = new Set<string>(FILTERS.map((f) => f.key));
const SORT_KEYS = new Set<string>(SORTS.map((s) => s.key));

/** Filters live in the URL (?filter=vegan,protein&sort=price-asc) so a view can be shared. */
export function parseCatalogueParams(params: URLSearchParams): { active: Set<FilterKey>; sort: SortKey } {
  const active = new Set(
    (params.get('filter') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s): s is FilterKey => FILTER_KEYS.has(s)),
  );
  const raw = params.get('sort') ?? 'featured';
  return { active, sort: (SORT_KEYS.has(raw) ? raw : 'featured') as SortKey };
}

export function catalogueSearch(active: ReadonlySet<FilterKey>, sort: SortKey): string {
  const p = new URLSearchParams();
  const keys = FILTERS.map((f) => f.key).filter((k) => active.has(k));
  if (keys.length) p.set('filter', keys.join(','));
  if (sort !== 'featured') p.set('sort', sort);
  const s = p.toString().replace(/%2C/g, ',');
  return s ? `?${s}` : '';
}
