import { z } from 'zod';
import { SignatureShakeSchema } from './catalogue';

export const FavoriteSchema = z.object({
  /** The favourite's own id. */
  id: z.string(),
  shakeId: z.string(),
  shake: SignatureShakeSchema,
  createdAt: z.string(),
});
export type Favorite = z.infer<typeof FavoriteSchema>;

export const AddFavoriteInputSchema = z.object({
  shakeId: z.string().min(1, 'Choose a shake').max(80, 'shakeId is at most 80 characters'),
});
export type AddFavoriteInput = z.infer<typeof AddFavoriteInputSchema>;

/** DELETE /api/user/favorites/{id}: the favourite's id, or the shake's id. */
export const FavoriteIdInputSchema = z.object({
  id: z.string().min(1).max(80, 'id is at most 80 characters'),
});
