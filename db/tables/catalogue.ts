import type { Generated } from 'kysely';

export interface SignatureShakesTable {
  id: Generated<string>;
  slug: string;
  name: string;
  price_paise: number;
  image: Generated<string>;
  description: Generated<string>;
  calories: Generated<number>;
  protein_g: Generated<number>;
  carbs_g: Generated<number>;
  fat_g: Generated<number>;
  fibre_g: Generated<number>;
  sugar_g: Generated<number>;
  ingredients: Generated<string[]>;
  allergens: Generated<string[]>;
  vegan: Generated<boolean>;
  tags: Generated<string[]>;
  active: Generated<boolean>;
  in_stock: Generated<boolean>;
  sort_order: Generated<number>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface IngredientsTable {
  id: Generated<string>;
  slug: string;
  name: string;
  category: 'base' | 'greens' | 'fruit' | 'protein' | 'superfood' | 'sweetener';
  description: Generated<string>;
  price_paise: Generated<number>;
  kcal: Generated<number>;
  protein_g: Generated<number>;
  carbs_g: Generated<number>;
  fat_g: Generated<number>;
  fibre_g: Generated<number>;
  sugar_g: Generated<number>;
  allergens: Generated<string[]>;
  vegan: Generated<boolean>;
  hydroponic: Generated<boolean>;
  in_stock: Generated<boolean>;
  active: Generated<boolean>;
  sort_order: Generated<number>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface CatalogueImagesTable {
  hash: string;
  content_type: 'image/webp';
  width: number;
  height: number;
  size_bytes: number;
  bytes: Buffer;
  uploaded_by: string | null;
  created_at: Generated<string>;
}

export interface CatalogueTables {
  signature_shakes: SignatureShakesTable;
  ingredients: IngredientsTable;
  catalogue_images: CatalogueImagesTable;
}
