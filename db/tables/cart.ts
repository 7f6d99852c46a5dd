import type { ColumnType, Generated } from 'kysely';
import type { CustomRecipe } from '../../shared/schemas/builder';

type JsonRecipe = ColumnType<CustomRecipe, string, string>;

export interface SavedShakesTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  recipe_key: string;
  recipe: JsonRecipe;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface FavoritesTable {
  id: Generated<string>;
  user_id: string;
  shake_id: string;
  created_at: Generated<string>;
}

export interface UserCartsTable {
  user_id: string;
  version: Generated<number>;
  updated_at: Generated<string>;
  /** The last guest-cart merge applied (a retried merge with the same id is applied once). */
  last_merge_id: string | null;
}

export interface UserCartLinesTable {
  user_id: string;
  item_type: 'signature' | 'custom';
  item_id: string;
  quantity: number;
  recipe: ColumnType<CustomRecipe | null, string | null, string | null>;
  position: Generated<number>;
}

export interface CartTables {
  saved_shakes: SavedShakesTable;
  favorites: FavoritesTable;
  user_carts: UserCartsTable;
  user_cart_lines: UserCartLinesTable;
}
