import { trpc } from '../../lib/trpc';
import { Button } from '../../components/button';
import { PlusIcon } from '../../components/icons';
import { QuantityStepper } from '../cart/quantity-stepper';
import { formatRupees } from '../../../../shared/rules/money';
import { customItemId } from '../../../../shared/rules/shake-builder';
import { MAX_SCHEDULE_LINES, MAX_SCHEDULE_QUANTITY } from '../../../../shared/rules/schedules';
import type { ScheduleLine } from '../../../../shared/schemas/schedules';

export interface ItemOption {
  line: Omit<ScheduleLine, 'quantity'>;
  name: string;
  price: number | null;
  available: boolean;
}

const keyOf = (l: Pick<ScheduleLine, 'type' | 'id'>) => `${l.type}:${l.id}`;

/** What a schedule may hold: the signature shakes on the menu and the customer's saved custom shakes ("My shakes"). */
export function useItemOptions(): { options: ItemOption[]; loading: boolean } {
  const shakes = trpc.catalogue.signatureShakes.useQuery();
  const saved = trpc.builder.saved.useQuery();
  const options: ItemOption[] = [
    ...(shakes.data ?? []).map((s) => ({ line: { id: s.id, type: 'signature' as const }, name: s.name, price: s.price, available: true })),
    ...(saved.data ?? []).map((r) => ({
      line: { id: customItemId(r.recipe), type: 'custom' as const, recipe: r.recipe },
      name: r.name,
      price: r.price,
      available: r.available,
    })),
  ];
  return { options, loading: shakes.isLoading || saved.isLoading };
}

/**
 * The shakes of a schedule or of one day: every option with "Add", and a − n + (1–5) once chosen.
 * `value` keeps the order the customer chose them in.
 */
export function ItemsPicker({
  value,
  onChange,
  options,
}: {
  value: ScheduleLine[];
  onChange(next: ScheduleLine[]): void;
  options: ItemOption[];
}) {
  const chosen = new Map(value.map((l) => [keyOf(l), l]));
  // Lines already chosen that are not options any more (a shake gone from the menu) stay removable.
  const known = new Set(options.map((o) => keyOf(o.line)));
  const orphans = value.filter((l) => !known.has(keyOf(l)));
  const full = value.length >= MAX_SCHEDULE_LINES;
  const set = (line: Omit<ScheduleLine, 'quantity'>, quantity: number) => {
    const k = keyOf(line);
    if (quantity <= 0) return onChange(value.filter((l) => keyOf(l) !== k));
    if (chosen.has(k)) return onChange(value.map((l) => (keyOf(l) === k ? { ...l, quantity } : l)));
    onChange([...value, { ...line, quantity }]);
  };
  return (
    <ul className="dl-items" data-testid="items-picker">
      {[
        ...options.map((o) => ({ ...o, orphan: false })),
        ...orphans.map((l) => ({ line: l, name: 'No longer on the menu', price: null, available: false, orphan: true })),
      ].map((o) => {
        const line = chosen.get(keyOf(o.line));
        const custom = o.line.type === 'custom';
        return (
          <li key={keyOf(o.line)} className="dl-items__row" data-testid="item-option" data-chosen={line ? 'true' : undefined}>
            <div className="dl-items__name">
              <span>{o.name}</span>
              <span className="text-sm text-subtle">
                {custom ? 'My shake · ' : ''}
                {o.available && o.price !== null ? formatRupees(o.price) : 'Not available now'}
              </span>
            </div>
            {line ? (
              <div className="dl-items__qty">
                <QuantityStepper
                  value={line.quantity}
                  min={1}
                  max={MAX_SCHEDULE_QUANTITY}
                  label={o.name}
                  onChange={(n) => set(o.line, n)}
                />
                <Button size="sm" variant="ghost" onClick={() => set(o.line, 0)} aria-label={`Remove ${o.name}`}>
                  Remove
                </Button>
              </div>
            ) : o.orphan ? null : (
              <Button
                size="sm"
                variant="secondary"
                disabled={!o.available || full}
                onClick={() => set(o.line, 1)}
                aria-label={`Add ${o.name}`}
              >
                <PlusIcon /> Add
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** "2 × Green Glow, 1 × Berry Beet" */
export function itemsLine(items: readonly { name: string; quantity: number }[]): string {
  return items.map((i) => `${i.quantity} × ${i.name || 'a shake no longer on the menu'}`).join(', ');
}
