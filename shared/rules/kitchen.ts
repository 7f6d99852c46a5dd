/**
 * The kitchen's rules shared by the server and the admin screen (PRODUCT.md §16, decision 180).
 */

/** A cold-pressed shake keeps this long in the fridge from the moment its batch starts (the label's best before). */
export const BEST_BEFORE_HOURS = 48;

export function bestBefore(madeAt: Date): Date {
  return new Date(madeAt.getTime() + BEST_BEFORE_HOURS * 3_600_000);
}

/** Order statuses the kitchen counts as made or to make (awaiting payment and cancelled are not). */
export const KITCHEN_STATUSES = ['confirmed', 'preparing', 'out_for_delivery', 'delivered'] as const;
