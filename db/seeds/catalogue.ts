import type { Insertable } from 'kysely';
import type { Ingredients as IngredientsTable, SignatureShakes as SignatureShakesTable } from '../generated/database';

type I = Insertable<IngredientsTable>;
// Nutrition per portion (bases: one glass of liquid). Prices in paise; bases carry a surcharge.
const ing = (
  slug: string,
  name: string,
  category: I['category'],
  price_paise: number,
  [kcal, protein_g, carbs_g, fat_g, fibre_g, sugar_g]: number[],
  extra: Partial<I> = {},
): I => ({ slug, name, category, price_paise, kcal, protein_g, carbs_g, fat_g, fibre_g, sugar_g, ...extra });

export const SEED_INGREDIENTS: I[] = [
  ing('almond-milk', 'Almond milk', 'base', 0, [39, 1.4, 1.5, 3.0, 0.6, 0.2], { allergens: ['nuts'], description: 'Unsweetened, cold-pressed almonds.' }),
  ing('oat-milk', 'Oat milk', 'base', 0, [120, 3.0, 16, 5.0, 2.0, 4.0], { allergens: ['gluten'], description: 'Creamy and naturally sweet.' }),
  ing('coconut-water', 'Coconut water', 'base', 2000, [46, 1.7, 9.0, 0.5, 2.6, 6.3], { description: 'Tender coconuts from Kerala.' }),
  ing('greek-yogurt', 'Greek yogurt', 'base', 3000, [146, 20, 8.0, 3.8, 0, 7.0], { allergens: ['dairy'], vegan: false, description: 'Thick, strained, high in protein.' }),
  ing('water', 'Filtered water', 'base', 0, [0, 0, 0, 0, 0, 0], { description: 'The lightest base.' }),

  ing('spinach', 'Baby spinach', 'greens', 2500, [7, 0.9, 1.1, 0.1, 0.7, 0.1], { hydroponic: true, description: 'Picked the morning we blend.' }),
  ing('kale', 'Curly kale', 'greens', 3000, [8, 0.7, 1.4, 0.3, 0.6, 0.4], { hydroponic: true }),
  ing('romaine', 'Romaine lettuce', 'greens', 2000, [8, 0.6, 1.6, 0.1, 1.0, 0.6], { hydroponic: true }),
  ing('basil', 'Genovese basil', 'greens', 2000, [1, 0.2, 0.1, 0, 0.1, 0], { hydroponic: true }),
  ing('mint', 'Mint', 'greens', 1500, [2, 0.1, 0.4, 0, 0.2, 0], { hydroponic: true }),
  ing('bok-choy', 'Bok choy', 'greens', 2500, [9, 1.1, 1.5, 0.1, 0.7, 0.8], { hydroponic: true }),
  ing('microgreens', 'Sunflower microgreens', 'greens', 4000, [10, 1.0, 1.0, 0.5, 0.6, 0.1], { hydroponic: true, description: 'Nutty, crunchy, ten days young.' }),
  ing('wheatgrass', 'Wheatgrass', 'greens', 3500, [8, 0.8, 1.5, 0, 1.0, 0], { hydroponic: true }),

  ing('banana', 'Banana', 'fruit', 1500, [89, 1.1, 23, 0.3, 2.6, 12]),
  ing('mango', 'Alphonso mango', 'fruit', 3500, [60, 0.8, 15, 0.4, 1.6, 14]),
  ing('strawberry', 'Strawberries', 'fruit', 3500, [32, 0.7, 7.7, 0.3, 2.0, 4.9], { hydroponic: true }),
  ing('blueberry', 'Blueberries', 'fruit', 5000, [57, 0.7, 14, 0.3, 2.4, 10]),
  ing('pineapple', 'Pineapple', 'fruit', 2500, [50, 0.5, 13, 0.1, 1.4, 10]),
  ing('green-apple', 'Green apple', 'fruit', 2000, [52, 0.3, 14, 0.2, 2.4, 10]),
  ing('avocado', 'Avocado', 'fruit', 5500, [160, 2.0, 8.5, 15, 6.7, 0.7]),

  ing('whey', 'Whey isolate', 'protein', 6000, [110, 25, 1.0, 0.5, 0, 1.0], { allergens: ['dairy'], vegan: false }),
  ing('pea-protein', 'Pea protein', 'protein', 5500, [100, 21, 1.0, 1.5, 0.5, 0], { description: 'Plant protein, smooth and unflavoured.' }),
  ing('peanut-butter', 'Peanut butter', 'protein', 3000, [94, 4.0, 3.1, 8.0, 1.0, 1.5], { allergens: ['nuts'] }),
  ing('soy-protein', 'Soy protein', 'protein', 4500, [95, 22, 1.0, 0.5, 0.5, 0], { allergens: ['soy'] }),

  ing('chia', 'Chia seeds', 'superfood', 2500, [58, 2.0, 5.0, 3.7, 4.9, 0]),
  ing('flax', 'Ground flaxseed', 'superfood', 2000, [37, 1.3, 2.0, 3.0, 1.9, 0.1]),
  ing('spirulina', 'Spirulina', 'superfood', 4000, [20, 4.0, 1.7, 0.5, 0.3, 0.2]),
  ing('moringa', 'Moringa', 'superfood', 3000, [10, 0.9, 1.4, 0.2, 0.6, 0]),
  ing('cacao', 'Raw cacao', 'superfood', 3000, [23, 2.0, 3.0, 1.4, 1.9, 0]),
  ing('turmeric', 'Turmeric & black pepper', 'superfood', 1500, [9, 0.3, 2.0, 0.1, 0.7, 0.1]),
  ing('oats', 'Rolled oats', 'superfood', 1500, [117, 4.0, 20, 2.0, 3.0, 0.3], { allergens: ['gluten'] }),

  ing('honey', 'Raw honey', 'sweetener', 1500, [64, 0.1, 17, 0, 0, 17], { vegan: false }),
  ing('dates', 'Medjool dates', 'sweetener', 2000, [66, 0.4, 18, 0, 1.6, 16]),
  ing('jaggery', 'Jaggery', 'sweetener', 1000, [38, 0, 10, 0, 0, 9.7]),
  ing('stevia', 'Stevia leaf', 'sweetener', 1000, [0, 0, 0, 0, 0, 0], { hydroponic: true }),
].map((i, n) => ({ ...i, sort_order: n }));

type S = Insertable<SignatureShakesTable>;
export const SEED_SHAKES: S[] = [
  {
    slug: 'green-glow', name: 'Green Glow', price_paise: 24900,
    description: 'Baby spinach, kale and green apple with coconut water and a squeeze of lime. Bright, clean and light.',
    calories: 180, protein_g: 4, carbs_g: 38, fat_g: 1.5, fibre_g: 7, sugar_g: 24,
    ingredients: ['Baby spinach', 'Curly kale', 'Green apple', 'Coconut water', 'Mint'], allergens: [], vegan: true, tags: ['detox', 'light'],
  },
  {
    slug: 'protein-power', name: 'Protein Power', price_paise: 32900,
    description: 'Whey isolate, banana, peanut butter and oats with almond milk, finished with hydroponic spinach.',
    calories: 420, protein_g: 34, carbs_g: 44, fat_g: 13, fibre_g: 6, sugar_g: 16,
    ingredients: ['Whey isolate', 'Banana', 'Peanut butter', 'Rolled oats', 'Almond milk', 'Baby spinach'], allergens: ['dairy', 'nuts', 'gluten'], vegan: false, tags: ['high-protein', 'post-workout'],
  },
  {
    slug: 'tropical-basil', name: 'Tropical Basil', price_paise: 27900,
    description: 'Alphonso mango and pineapple lifted with Genovese basil grown in our own towers. Sunny and fragrant.',
    calories: 230, protein_g: 3, carbs_g: 52, fat_g: 1, fibre_g: 5, sugar_g: 40,
    ingredients: ['Alphonso mango', 'Pineapple', 'Genovese basil', 'Coconut water'], allergens: [], vegan: true, tags: ['fruity'],
  },
  {
    slug: 'berry-bliss', name: 'Berry Bliss', price_paise: 29900,
    description: 'Hydroponic strawberries and blueberries blended with Greek yogurt, chia and a touch of raw honey.',
    calories: 310, protein_g: 22, carbs_g: 41, fat_g: 6, fibre_g: 8, sugar_g: 30,
    ingredients: ['Strawberries', 'Blueberries', 'Greek yogurt', 'Chia seeds', 'Raw honey'], allergens: ['dairy'], vegan: false, tags: ['antioxidant'],
  },
  {
    slug: 'choco-greens', name: 'Choco Greens', price_paise: 31900,
    description: 'Raw cacao, dates and pea protein with oat milk and a hidden handful of kale. Dessert that loves you back.',
    calories: 360, protein_g: 24, carbs_g: 48, fat_g: 8, fibre_g: 9, sugar_g: 26,
    ingredients: ['Raw cacao', 'Medjool dates', 'Pea protein', 'Oat milk', 'Curly kale'], allergens: ['gluten'], vegan: true, tags: ['high-protein', 'indulgent'],
  },
  {
    slug: 'golden-turmeric', name: 'Golden Turmeric', price_paise: 22900,
    description: 'Turmeric with black pepper, banana, mango and almond milk. Warm, calming and anti-inflammatory.',
    calories: 240, protein_g: 4, carbs_g: 46, fat_g: 4, fibre_g: 5, sugar_g: 30,
    ingredients: ['Turmeric & black pepper', 'Banana', 'Alphonso mango', 'Almond milk'], allergens: ['nuts'], vegan: true, tags: ['immunity'],
  },
  {
    slug: 'mint-cooler', name: 'Mint Cooler', price_paise: 19900,
    description: 'Mint, romaine and green apple over filtered water with a little stevia. Our lightest shake.',
    calories: 90, protein_g: 1.5, carbs_g: 20, fat_g: 0.5, fibre_g: 4, sugar_g: 14,
    ingredients: ['Mint', 'Romaine lettuce', 'Green apple', 'Filtered water', 'Stevia leaf'], allergens: [], vegan: true, tags: ['light', 'refreshing'],
  },
  {
    slug: 'avocado-supergreen', name: 'Avocado Supergreen', price_paise: 34900,
    description: 'Avocado, microgreens, spirulina and soy protein in coconut water. Creamy, dense and deeply green.',
    calories: 380, protein_g: 27, carbs_g: 22, fat_g: 20, fibre_g: 11, sugar_g: 8,
    ingredients: ['Avocado', 'Sunflower microgreens', 'Spirulina', 'Soy protein', 'Coconut water'], allergens: ['soy'], vegan: true, tags: ['high-protein', 'keto-friendly'],
  },
].map((s, n) => ({ ...s, image: `/images/shakes/${s.slug}.svg`, sort_order: n }));

/**
 * Stock units and one portion in that unit (PRODUCT.md §16): bases are a glass of a regular
 * 350 ml bottle; add-ins one builder portion. A Large bottle takes 1.4× (rounded up).
 */
export const SEED_PORTIONS: Record<string, { unit: 'g' | 'ml' | 'pc'; portion: number }> = {
  'almond-milk': { unit: 'ml', portion: 250 },
  'oat-milk': { unit: 'ml', portion: 250 },
  'coconut-water': { unit: 'ml', portion: 250 },
  'greek-yogurt': { unit: 'g', portion: 150 },
  water: { unit: 'ml', portion: 250 },
  spinach: { unit: 'g', portion: 30 },
  kale: { unit: 'g', portion: 25 },
  romaine: { unit: 'g', portion: 30 },
  basil: { unit: 'g', portion: 5 },
  mint: { unit: 'g', portion: 5 },
  'bok-choy': { unit: 'g', portion: 30 },
  microgreens: { unit: 'g', portion: 15 },
  wheatgrass: { unit: 'g', portion: 10 },
  banana: { unit: 'g', portion: 100 },
  mango: { unit: 'g', portion: 100 },
  strawberry: { unit: 'g', portion: 80 },
  blueberry: { unit: 'g', portion: 60 },
  pineapple: { unit: 'g', portion: 100 },
  'green-apple': { unit: 'g', portion: 100 },
  avocado: { unit: 'g', portion: 70 },
  whey: { unit: 'g', portion: 30 },
  'pea-protein': { unit: 'g', portion: 30 },
  'peanut-butter': { unit: 'g', portion: 16 },
  'soy-protein': { unit: 'g', portion: 30 },
  chia: { unit: 'g', portion: 10 },
  flax: { unit: 'g', portion: 10 },
  spirulina: { unit: 'g', portion: 5 },
  moringa: { unit: 'g', portion: 5 },
  cacao: { unit: 'g', portion: 10 },
  turmeric: { unit: 'g', portion: 3 },
  oats: { unit: 'g', portion: 30 },
  honey: { unit: 'g', portion: 20 },
  dates: { unit: 'pc', portion: 2 },
  jaggery: { unit: 'g', portion: 10 },
  stevia: { unit: 'g', portion: 2 },
};

/** What one bottle of each demo signature shake takes (ingredient slug → quantity in its stock unit), from its ingredient list. */
export const SEED_RECIPES: Record<string, Record<string, number>> = {
  'green-glow': { spinach: 30, kale: 25, 'green-apple': 120, 'coconut-water': 200, mint: 5 },
  'protein-power': { whey: 30, banana: 100, 'peanut-butter': 16, oats: 20, 'almond-milk': 220, spinach: 20 },
  'tropical-basil': { mango: 120, pineapple: 100, basil: 5, 'coconut-water': 180 },
  'berry-bliss': { strawberry: 80, blueberry: 60, 'greek-yogurt': 150, chia: 10, honey: 15 },
  'choco-greens': { cacao: 10, dates: 2, 'pea-protein': 30, 'oat-milk': 250, kale: 20 },
  'golden-turmeric': { turmeric: 3, banana: 100, mango: 80, 'almond-milk': 230 },
  'mint-cooler': { mint: 8, romaine: 40, 'green-apple': 100, water: 230, stevia: 1 },
  'avocado-supergreen': { avocado: 70, microgreens: 15, spirulina: 5, 'soy-protein': 30, 'coconut-water': 180 },
};

/** The demo's opening stock: this many regular bottles' worth of every ingredient (its largest use per bottle). */
export const SEED_STOCK_BOTTLES = 3000;
/** Par level: a morning's worth (this many bottles). */
export const SEED_PAR_BOTTLES = 300;
/** The demo shop (not the tests' template) counts its stock down to this many mornings (par levels) of cover. */
export const SEED_DEMO_COVER_MORNINGS = 3;
/** …and this one ingredient to 60 % of its par, so the screens show an ingredient under par. */
export const SEED_SHORT_INGREDIENT = 'mint';

/** The demo's suppliers of what the farm does not grow (supplier → ingredient slugs). */
export const SEED_SUPPLIERS: Record<string, string[]> = {
  'Nandi Dairy & Plant Milks': ['almond-milk', 'oat-milk', 'greek-yogurt'],
  'KR Market Fruit Co.': ['banana', 'mango', 'blueberry', 'pineapple', 'green-apple', 'avocado', 'coconut-water'],
  'Sattva Wholefoods': ['whey', 'pea-protein', 'peanut-butter', 'soy-protein', 'chia', 'flax', 'spirulina', 'moringa', 'cacao', 'turmeric', 'oats', 'honey', 'dates', 'jaggery', 'stevia'],
};
