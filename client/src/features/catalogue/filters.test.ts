import { describe, expect, it } from 'vitest';
import { catalogueSearch, filterAndSort, parseCatalogueParams, type FilterKey } from './filters';

const shake = (name: string, o: Partial<{ price: number; protein: number; calories: number; vegan: boolean; allergens: ('dairy' | 'nuts' | 'soy' | 'gluten')[]; sortOrder: number }>) => ({
  name,
  price: 25000,
  protein: 5,
  calories: 200,
  vegan: true,
  allergens: [] as ('dairy' | 'nuts' | 'soy' | 'gluten')[],
  sortOrder: 0,
  ...o,
});

const MENU = [
  shake('Green Glow', { price: 24900, protein: 4, calories: 180, sortOrder: 0 }),
  shake('Protein Power', { price: 32900, protein: 34, calories: 420, vegan: false, allergens: ['dairy', 'nuts', 'gluten'], sortOrder: 1 }),
  shake('Choco Greens', { price: 31900, protein: 24, calories: 360, allergens: ['gluten'], sortOrder: 2 }),
  shake('Mint Cooler', { price: 19900, protein: 1.5, calories: 90, sortOrder: 3 }),
  shake('Edge', { price: 20000, protein: 20, calories: 250, sortOrder: 4 }),
];
const names = (xs: { name: string }[]) => xs.map((x) => x.name);
const set = (...k: FilterKey[]) => new Set<FilterKey>(k);

describe('signature shake filters', () => {
  it('vegan removes shakes with animal products', () => {
    expect(names(filterAndSort(MENU, set('vegan'), 'featured'))).not.toContain('Protein Power');
  });
  it('high protein means at least 20 g (20 g itself counts)', () => {
    expect(names(filterAndSort(MENU, set('protein'), 'featured'))).toEqual(['Protein Power', 'Choco Greens', 'Edge']);
  });
  it('under 250 kcal is strictly under (250 kcal does not count)', () => {
    expect(names(filterAndSort(MENU, set('light'), 'featured'))).toEqual(['Green Glow', 'Mint Cooler']);
  });
  it('allergen-free keeps only shakes with no listed allergen', () => {
    expect(names(filterAndSort(MENU, set('allergen-free'), 'featured'))).toEqual(['Green Glow', 'Mint Cooler', 'Edge']);
  });
  it('combines filters with AND, and can match nothing', () => {
    expect(names(filterAndSort(MENU, set('vegan', 'protein'), 'featured'))).toEqual(['Choco Greens', 'Edge']);
    expect(filterAndSort(MENU, set('protein', 'light'), 'featured')).toEqual([]);
  });
  it('sorts by price, protein and calories without mutating the input', () => {
    const before = names(MENU);
    expect(names(filterAndSort(MENU, set(), 'price-asc'))).toEqual(['Mint Cooler', 'Edge', 'Green Glow', 'Choco Greens', 'Protein Power']);
    expect(names(filterAndSort(MENU, set(), 'price-desc'))[0]).toBe('Protein Power');
    expect(names(filterAndSort(MENU, set(), 'protein-desc'))).toEqual(['Protein Power', 'Choco Greens', 'Edge', 'Green Glow', 'Mint Cooler']);
    expect(names(filterAndSort(MENU, set(), 'calories-asc'))[0]).toBe('Mint Cooler');
    expect(names(MENU)).toEqual(before);
  });
});

describe('catalogue URL parameters', () => {
  it('round-trips filters and sort, ignoring unknown values', () => {
    const { active, sort } = parseCatalogueParams(new URLSearchParams('filter=vegan,bogus,light&sort=price-asc'));
    expect([...active].sort()).toEqual(['light', 'vegan']);
    expect(sort).toBe('price-asc');
    expect(catalogueSearch(active, sort)).toBe('?filter=vegan,light&sort=price-asc');
    expect(parseCatalogueParams(new URLSearchParams('sort=drop-table')).sort).toBe('featured');
    expect(catalogueSearch(new Set(), 'featured')).toBe('');
  });
});
