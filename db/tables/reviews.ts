import type { Generated } from 'kysely';

export interface ReviewsTable {
  id: Generated<string>;
  shake_id: string;
  user_id: string;
  order_id: string;
  author_name: string;
  rating: number;
  body: Generated<string>;
  hidden: Generated<boolean>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface ReviewsTables {
  reviews: ReviewsTable;
}
