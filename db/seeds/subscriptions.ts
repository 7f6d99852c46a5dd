import type { Insertable } from 'kysely';
import type { SubscriptionPlans as SubscriptionPlansTable } from '../generated/database';

/** PRODUCT.md §9's plans. */
export const SEED_PLANS: Insertable<SubscriptionPlansTable>[] = [
  {
    slug: 'wellness-weekly',
    name: 'Wellness Weekly',
    description: 'A gentle start: three signature shakes on us every week, delivered free.',
    price_paise: 69_900,
    period_days: 7,
    free_units: 3,
    free_unit_rule: 'cheapest_signature',
    free_delivery: true,
    points_multiplier: 1,
    subscriber_slots: false,
    sort_order: 1,
  },
  {
    slug: 'vitality-monthly',
    name: 'Vitality Monthly',
    description: 'Our most chosen plan: twelve free shakes a month, double points and early-morning delivery.',
    price_paise: 239_900,
    period_days: 30,
    free_units: 12,
    free_unit_rule: 'cheapest_priced',
    free_delivery: true,
    points_multiplier: 2,
    subscriber_slots: true,
    sort_order: 2,
  },
  {
    slug: 'elite-quarterly',
    name: 'Elite Quarterly',
    description: 'Forty free shakes over three months, double points and subscriber-only delivery slots.',
    price_paise: 649_900,
    period_days: 90,
    free_units: 40,
    free_unit_rule: 'cheapest_priced',
    free_delivery: true,
    points_multiplier: 2,
    subscriber_slots: true,
    sort_order: 3,
  },
];
