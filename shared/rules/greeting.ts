/**
 * The one greeting rule of every message the shop sends (PRODUCT.md §20, decision 215): the first name
 * — "Hi Priya" — or "Hi" alone for a person without a name; never "Hi there", never the full name.
 */
export function greeting(name: string | null | undefined): string {
  const first = (name ?? '').trim().split(/\s+/)[0] ?? '';
  return first ? `Hi ${first}` : 'Hi';
}
