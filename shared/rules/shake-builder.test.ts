import { describe, expect, it } from 'vitest';
import { addPortionBlockReason, customItemId, evaluateRecipe, withPortions, type BuilderIngredient } from './shake-builder';
import { DEFAULT_PRICING } from '../schemas/catalogue';
import type { CustomRecipe } from '../schemas/builder';

const n = (kcal: number, protein = 0, carbs = 0, fat = 0, fibre = 0, sugar = 0) => ({ kcal, protein, carbs, fat, fibre, sugar });
const ing = (
  id: string,
  category: BuilderIngredient['category'],
  price: number,
  extra: Partial<BuilderIngredient> = {},
): BuilderIngredient => ({
  id,
  name: id[0]!.toUpperCase() + id.slice(1),
  category,
  price,
  nutrition: n(10, 1, 2, 0.5, 0.3, 0.2),
  allergens: [],
  vegan: true,
  inStock: true,
  ...extra,
});
const ALL = [
  ing('almond', 'base', 0, { allergens: ['nuts'], nutrition: n(39, 1.4, 1.5, 3, 0.6, 0.2) }),
  ing('coconut', 'base', 2000),
  ing('yogurt', 'base', 3000, { allergens: ['dairy'], vegan: false }),
  ing('spinach', 'greens', 2500, { nutrition: n(7, 0.9, 1.1, 0.1, 0.7, 0.1) }),
  ing('banana', 'fruit', 1500, { nutrition: n(89, 1.1, 23, 0.3, 2.6, 12) }),
  ing('mango', 'fruit', 3500, { inStock: false }),
  ing('whey', 'protein', 6000, { allergens: ['dairy'], vegan: false }),
  ing('chia', 'superfood', 2500),
  ing('honey', 'sweetener', 1500, { vegan: false }),
  ing('dates', 'sweetener', 2000),
];
const byId = new Map(ALL.map((i) => [i.id, i]));
const P = DEFAULT_PRICING;
const r = (size: CustomRecipe['size'], baseId: string, addIns: [string, number][], name?: string): CustomRecipe => ({
  size,
  baseId,
  addIns: addIns.map(([ingredientId, portions]) => ({ ingredientId, portions })),
  ...(name !== undefined ? { name } : {}),
});
const codes = (x: ReturnType<typeof evaluateRecipe>) => x.problems.map((p) => p.code);

describe('price (size price + base surcharge + Σ add-in × portions × size factor, rounded up to a rupee)', () => {
  it('Regular: ₹149 + coconut ₹20 + spinach ₹25 + 2 × banana ₹15 = ₹224', () => {
    const x = evaluateRecipe(
      r('regular', 'coconut', [
        ['spinach', 1],
        ['banana', 2],
      ]),
      ALL,
      P,
    );
    expect(x.price).toBe(14900 + 2000 + 2500 + 3000);
    expect(x.valid).toBe(true);
  });
  it('Large: ₹199 + base surcharge not multiplied + add-ins × 1.4, rounded up', () => {
    // 19900 + 2000 + (2500 + 1500) × 1.4 = 27500 exactly
    expect(
      evaluateRecipe(
        r('large', 'coconut', [
          ['spinach', 1],
          ['banana', 1],
        ]),
        ALL,
        P,
      ).price,
    ).toBe(27500);
    // 19900 + 0 + 1500 × 1.4 = 22000
    expect(evaluateRecipe(r('large', 'almond', [['banana', 1]]), ALL, P).price).toBe(22000);
  });
  it('rounds a part-rupee total up', () => {
    const odd = [...ALL, ing('odd', 'superfood', 1234)];
    // 19900 + 1234 × 1.4 = 21627.6 → 21700
    expect(evaluateRecipe(r('large', 'almond', [['odd', 1]]), odd, P).price).toBe(21700);
  });
  it('follows the pricing settings (admin-edited sizes and factor)', () => {
    const pricing = { sizes: { regular: { ...P.sizes.regular, price: 10000 }, large: { ...P.sizes.large, price: 20000, factor: 2 } } };
    expect(evaluateRecipe(r('large', 'almond', [['banana', 1]]), ALL, pricing).price).toBe(23000);
  });
});

describe('nutrition and badges', () => {
  it('sums base and add-in portions; Large multiplies by 1.4', () => {
    const reg = evaluateRecipe(r('regular', 'almond', [['banana', 2]]), ALL, P);
    expect(reg.nutrition).toEqual({ kcal: 217, protein: 3.6, carbs: 47.5, fat: 3.6, fibre: 5.8, sugar: 24.2 });
    const lg = evaluateRecipe(r('large', 'almond', [['banana', 2]]), ALL, P);
    expect(lg.nutrition.kcal).toBe(Math.round(217 * 1.4));
    expect(lg.nutrition.carbs).toBe(Math.round(47.5 * 1.4 * 10) / 10);
  });
  it('collects allergens from base and add-ins and loses the vegan badge with an animal ingredient', () => {
    const x = evaluateRecipe(r('regular', 'almond', [['whey', 1]]), ALL, P);
    expect(x.allergens).toEqual(['dairy', 'nuts']);
    expect(x.vegan).toBe(false);
    const v = evaluateRecipe(r('regular', 'coconut', [['spinach', 1]]), ALL, P);
    expect(v.allergens).toEqual([]);
    expect(v.vegan).toBe(true);
  });
});

describe('validation: every refusal has a reason', () => {
  it('needs exactly one base', () => {
    expect(codes(evaluateRecipe(r('regular', '', [['banana', 1]]), ALL, P))).toEqual(['BASE_MISSING']);
    expect(codes(evaluateRecipe(r('regular', 'nope', [['banana', 1]]), ALL, P))).toEqual(['BASE_UNKNOWN']);
    expect(codes(evaluateRecipe(r('regular', 'banana', [['spinach', 1]]), ALL, P))).toEqual(['NOT_A_BASE']);
    expect(
      codes(
        evaluateRecipe(
          r('regular', 'almond', [
            ['coconut', 1],
            ['banana', 1],
          ]),
          ALL,
          P,
        ),
      ),
    ).toEqual(['ADD_IN_IS_BASE']);
  });
  it('needs 1 to 5 add-in portions', () => {
    expect(codes(evaluateRecipe(r('regular', 'almond', []), ALL, P))).toEqual(['TOO_FEW_ADD_INS']);
    expect(
      evaluateRecipe(
        r('regular', 'almond', [
          ['spinach', 2],
          ['banana', 2],
          ['chia', 1],
        ]),
        ALL,
        P,
      ).valid,
    ).toBe(true);
    const six = evaluateRecipe(
      r('regular', 'almond', [
        ['spinach', 2],
        ['banana', 2],
        ['chia', 2],
      ]),
      ALL,
      P,
    );
    expect(codes(six)).toEqual(['TOO_MANY_ADD_INS']);
    expect(six.problems[0]!.message).toMatch(/at most 5/);
  });
  it('allows at most 2 portions of one ingredient, counting a repeated line', () => {
    expect(codes(evaluateRecipe(r('regular', 'almond', [['banana', 3]]), ALL, P))).toEqual(['TOO_MANY_OF_ONE']);
    expect(
      codes(
        evaluateRecipe(
          r('regular', 'almond', [
            ['banana', 2],
            ['banana', 1],
          ]),
          ALL,
          P,
        ),
      ),
    ).toEqual(['TOO_MANY_OF_ONE']);
  });
  it('allows at most 1 sweetener portion', () => {
    expect(evaluateRecipe(r('regular', 'almond', [['honey', 1]]), ALL, P).valid).toBe(true);
    expect(
      codes(
        evaluateRecipe(
          r('regular', 'almond', [
            ['honey', 1],
            ['dates', 1],
          ]),
          ALL,
          P,
        ),
      ),
    ).toEqual(['TOO_MANY_SWEETENERS']);
    expect(codes(evaluateRecipe(r('regular', 'almond', [['honey', 2]]), ALL, P))).toEqual(['TOO_MANY_SWEETENERS']);
  });
  it('refuses out-of-stock and unknown ingredients, naming them', () => {
    const x = evaluateRecipe(r('regular', 'almond', [['mango', 1]]), ALL, P);
    expect(codes(x)).toEqual(['OUT_OF_STOCK']);
    expect(x.problems[0]!.message).toBe('Mango is out of stock right now.');
    expect(
      codes(
        evaluateRecipe(
          r('regular', 'almond', [
            ['ghost', 1],
            ['banana', 1],
          ]),
          ALL,
          P,
        ),
      ),
    ).toEqual(['ADD_IN_UNKNOWN']);
  });
  it('refuses zero or fractional portions', () => {
    expect(
      codes(
        evaluateRecipe(
          r('regular', 'almond', [
            ['banana', 0],
            ['chia', 1],
          ]),
          ALL,
          P,
        ),
      ),
    ).toEqual(['BAD_PORTIONS']);
    expect(codes(evaluateRecipe(r('regular', 'almond', [['banana', 1.5]]), ALL, P))).toContain('BAD_PORTIONS');
  });
  it('names: default "My Custom Shake", trimmed, at most 40 characters', () => {
    expect(evaluateRecipe(r('regular', 'almond', [['banana', 1]]), ALL, P).name).toBe('My Custom Shake');
    expect(evaluateRecipe(r('regular', 'almond', [['banana', 1]], '   '), ALL, P).name).toBe('My Custom Shake');
    expect(evaluateRecipe(r('regular', 'almond', [['banana', 1]], ' Morning Kick '), ALL, P).name).toBe('Morning Kick');
    expect(codes(evaluateRecipe(r('regular', 'almond', [['banana', 1]], 'x'.repeat(41)), ALL, P))).toEqual(['NAME_TOO_LONG']);
  });
});

describe('custom item id (identical recipes merge into one cart line)', () => {
  it('ignores add-in order, split lines and the name', () => {
    const a = customItemId(
      r('regular', 'almond', [
        ['banana', 2],
        ['chia', 1],
      ]),
    );
    expect(
      customItemId(
        r('regular', 'almond', [
          ['chia', 1],
          ['banana', 1],
          ['banana', 1],
        ]),
      ),
    ).toBe(a);
    expect(
      evaluateRecipe(
        r(
          'regular',
          'almond',
          [
            ['chia', 1],
            ['banana', 2],
          ],
          'Other name',
        ),
        ALL,
        P,
      ).id,
    ).toBe(a);
    expect(a).toMatch(/^custom:[0-9a-f]{14}$/);
  });
  it('differs when size, base or portions differ', () => {
    const a = customItemId(r('regular', 'almond', [['banana', 2]]));
    expect(
      new Set([
        a,
        customItemId(r('large', 'almond', [['banana', 2]])),
        customItemId(r('regular', 'coconut', [['banana', 2]])),
        customItemId(r('regular', 'almond', [['banana', 1]])),
      ]).size,
    ).toBe(4);
  });
});

describe('addPortionBlockReason (why a choice is disabled)', () => {
  const rec = (addIns: [string, number][]) => r('regular', 'almond', addIns);
  it('allows an add-in while within every limit', () => {
    expect(addPortionBlockReason(rec([['banana', 1]]), byId.get('banana')!, byId)).toBeNull();
  });
  it('explains each limit', () => {
    expect(addPortionBlockReason(rec([['banana', 2]]), byId.get('banana')!, byId)).toMatch(/At most 2 portions/);
    expect(
      addPortionBlockReason(
        rec([
          ['banana', 2],
          ['spinach', 2],
          ['chia', 1],
        ]),
        byId.get('whey')!,
        byId,
      ),
    ).toMatch(/full/);
    expect(addPortionBlockReason(rec([['honey', 1]]), byId.get('dates')!, byId)).toMatch(/One sweetener/);
    expect(addPortionBlockReason(rec([]), byId.get('mango')!, byId)).toMatch(/out of stock/);
  });
  it('withPortions sets, replaces and removes an add-in', () => {
    const a = withPortions(rec([['banana', 1]]), 'chia', 2);
    expect(a.addIns).toEqual([
      { ingredientId: 'banana', portions: 1 },
      { ingredientId: 'chia', portions: 2 },
    ]);
    expect(withPortions(a, 'banana', 0).addIns).toEqual([{ ingredientId: 'chia', portions: 2 }]);
  });
});
