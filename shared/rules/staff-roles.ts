/**
 * The staff roles alone (PRODUCT.md §17, decision 136), apart from the permission map in ./staff.ts:
 * the shop's first page asks only "is this person staff?" and must not carry the whole map
 * (the home page's JavaScript budget).
 */
export const STAFF_ROLES = ['admin', 'manager', 'kitchen', 'rider', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(role: string | null | undefined): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role ?? '');
}
