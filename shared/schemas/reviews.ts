import { z } from 'zod';
import { Uuid } from './common';
import { formatCount } from '../rules/money';

export const REVIEW_BODY_MAX = 1000;

export const RatingSchema = z
  .number({ message: 'Choose from 1 to 5 stars' })
  .int('Choose from 1 to 5 stars')
  .min(1, 'Choose from 1 to 5 stars')
  .max(5, 'Choose from 1 to 5 stars');

/** One review as shoppers see it; the body is plain text, always shown as text. */
export const ReviewSchema = z.object({
  id: Uuid,
  shakeId: Uuid,
  rating: z.number().int().min(1).max(5),
  body: z.string(),
  /** "Asha R." — first name and initial, as written. */
  author: z.string(),
  createdAt: z.string(),
  /** Always false on public reads; admins see hidden ones too. */
  hidden: z.boolean(),
});
export type Review = z.infer<typeof ReviewSchema>;

/** Average of the visible ratings (one decimal) and how many there are; average is null with none. */
export const RatingSummarySchema = z.object({
  shakeId: Uuid,
  average: z.number().nullable(),
  count: z.number().int().min(0),
});
export type RatingSummary = z.infer<typeof RatingSummarySchema>;

export const ShakeReviewsSchema = z.object({
  summary: RatingSummarySchema,
  reviews: z.array(ReviewSchema),
});
export type ShakeReviews = z.infer<typeof ShakeReviewsSchema>;

export const ShakeReviewsInputSchema = z.object({
  id: z.string().min(1).max(80, 'id is at most 80 characters'),
});

export const CreateReviewInputSchema = z.object({
  orderId: Uuid,
  shakeId: Uuid,
  rating: RatingSchema,
  body: z
    .string()
    .trim()
    // The message is made when a review is refused, not when the schema loads (no ICU at boot, decision 034).
    .max(REVIEW_BODY_MAX, { error: () => `Keep the review to ${formatCount(REVIEW_BODY_MAX)} characters` })
    .default(''),
});
export type CreateReviewInput = z.infer<typeof CreateReviewInputSchema>;

/** The signature shakes of one order and whether each can still be reviewed. */
export const OrderReviewablesSchema = z.object({
  orderId: Uuid,
  delivered: z.boolean(),
  items: z.array(
    z.object({
      shakeId: Uuid,
      slug: z.string(),
      name: z.string(),
      image: z.string(),
      /** This customer's review of the shake (from this or another order), if any. */
      review: ReviewSchema.nullable(),
    }),
  ),
});
export type OrderReviewables = z.infer<typeof OrderReviewablesSchema>;

export const OrderIdInputSchema = z.object({ id: Uuid });

export const HideReviewInputSchema = z.object({ id: Uuid, hidden: z.boolean() });
export type HideReviewInput = z.infer<typeof HideReviewInputSchema>;

/** Home page testimonials: recent visible reviews with words. */
export const TestimonialSchema = ReviewSchema.omit({ hidden: true }).extend({ shakeName: z.string(), shakeSlug: z.string() });
export type Testimonial = z.infer<typeof TestimonialSchema>;
