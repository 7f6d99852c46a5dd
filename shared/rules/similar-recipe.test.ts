import { describe, expect, it } from 'vitest';
import { similarRecipe } from './similar-recipe';
import { evaluateRecipe } from './shake-builder';
import { DEFAULT_PRICING, type Ingredient } from '../schemas/catalogue';

const ing = (id: string, name: string, category: Ingredient['category'], extra: Partial<Ingredient> = {}): Ingredient => ({
  id,
  slug: id,
  name,
  category,
  description: '',
  price: 1000,
  nutrition: { kcal: 10, protein: 1, carbs: 1, fat: 0, fibre: 0, sugar: 0 },
  allergens: [],
  vegan: true,
  hydroponic: false,
  inStock: true,
  soldOut: false,
  sortOrder: 0,
  ...extra,
});

const list = [
  ing('water', 'Filtered water', 'base'),
  ing('coco', 'Coconut water', 'base'),
  ing('spinach', 'Baby spinach', 'greens', { hydroponic: true }),
  ing('kale', 'Curly kale', 'greens'),
  ing('apple', 'Green apple', 'fruit'),
  ing('mint', 'Mint', 'greens'),
  ing('honey', 'Raw honey', 'sweetener'),
  ing('dates', 'Medjool dates', 'sweetener'),
  ing('gone', 'Blueberries', 'fruit', { inStock: false }),
];

describe('build something like this', () => {
  it('uses the shake’s base and its add-ins once each, a recipe the builder accepts', () => {
    const r = similarRecipe(['Baby spinach', 'Curly kale', 'Green apple', 'Coconut water', 'Mint'], list, 'Green Glow');
    expect(r.baseId).toBe('coco');
    expect(r.addIns.map((a) => a.ingredientId).sort()).toEqual(['apple', 'kale', 'mint', 'spinach']);
    expect(r.name).toBe('Like Green Glow');
    expect(evaluateRecipe(r, list, DEFAULT_PRICING).problems).toEqual([]);
  });

  it('keeps to the builder’s rules: one sweetener, nothing out of stock, names it does not sell left out', () => {
    const r = similarRecipe(['Raw honey', 'Medjool dates', 'Blueberries', 'Dragon fruit', 'Mint'], list, 'Odd');
    expect(r.baseId).toBe('water');
    expect(r.addIns.map((a) => a.ingredientId).sort()).toEqual(['honey', 'mint']);
    expect(evaluateRecipe(r, list, DEFAULT_PRICING).problems).toEqual([]);
  });
});
