import { describe, expect, it } from 'vitest';
import { countSentenceStart, planValueLine } from './plan-value';

describe('plan value copy', () => {
  it('states the free shakes’ menu worth from the plan and the menu, not a per-shake price', () => {
    // Vitality Monthly: ₹2,399 for 12; the menu runs ₹199–₹349.
    expect(planValueLine({ price: 239_900, freeUnits: 12 }, [24_900, 19_900, 34_900])).toBe(
      '12 free shakes (one per order) worth ₹199–₹349 each on the menu: ₹2,388–₹4,188 of shakes for ₹2,399.',
    );
    expect(planValueLine({ price: 69_900, freeUnits: 3 }, [24_900])).toBe(
      '3 free shakes (one per order) worth ₹249 each on the menu: ₹747 of shakes for ₹699.',
    );
    expect(planValueLine({ price: 69_900, freeUnits: 0 }, [24_900])).toBeNull();
    expect(planValueLine({ price: 69_900, freeUnits: 3 }, [])).toBeNull();
  });
  it('counts in words at the start of a sentence', () => {
    expect(countSentenceStart(9, 'recipe', 'recipes')).toBe('Nine recipes');
    expect(countSentenceStart(1, 'recipe', 'recipes')).toBe('One recipe');
    expect(countSentenceStart(14, 'recipe', 'recipes')).toBe('14 recipes');
  });
});
