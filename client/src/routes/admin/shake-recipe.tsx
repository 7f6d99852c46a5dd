import { useEffect, useState } from 'react';
import { trpc } from '../../lib/trpc';
import { Button } from '../../components/button';
import { Field, Input, Select } from '../../components/input';
import { FormAlert } from '../../features/auth/forms';
import { messageOf } from '../../lib/errors';
import { STOCK_UNIT_LABELS } from '../../../../shared/rules/stock';

interface Row {
  ingredientId: string;
  qty: string;
}

/**
 * A signature shake's recipe with quantities per bottle: what the kitchen blends and what
 * placing an order reserves. Saved on its own (audited); it lives inside the shake form, so its
 * buttons never submit that form.
 */
export function ShakeRecipeEditor({ shakeId }: { shakeId: string }) {
  const utils = trpc.useUtils();
  const recipe = trpc.stock.recipe.useQuery({ shakeId });
  const ingredients = trpc.adminCatalogue.ingredients.useQuery({ search: undefined });
  const save = trpc.stock.saveRecipe.useMutation();
  const [rows, setRows] = useState<Row[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    if (recipe.data) setRows(recipe.data.items.map((i) => ({ ingredientId: i.ingredientId, qty: String(i.qtyPerBottle) })));
  }, [recipe.data]);
  const byId = new Map((ingredients.data ?? []).map((i) => [i.id, i]));
  const unused = (ingredients.data ?? []).filter((i) => !rows.some((r) => r.ingredientId === i.id));
  const setRow = (n: number, patch: Partial<Row>) => setRows((cur) => cur.map((r, i) => (i === n ? { ...r, ...patch } : r)));

  async function onSave() {
    setError(null);
    setNotice(null);
    try {
      const saved = await save.mutateAsync({
        shakeId,
        items: rows.filter((r) => r.ingredientId).map((r) => ({ ingredientId: r.ingredientId, qtyPerBottle: Number(r.qty) })),
      });
      setNotice(`Recipe saved: ${saved.items.length} ingredient${saved.items.length === 1 ? '' : 's'} per bottle.`);
      await utils.stock.recipe.invalidate({ shakeId });
    } catch (err) {
      setError(messageOf(err, 'The recipe could not be saved.'));
    }
  }

  return (
    <fieldset className="fieldset" data-testid="shake-recipe">
      <legend className="label">Recipe per bottle</legend>
      <p className="field__hint">
        What one bottle takes, in each ingredient’s stock unit. Placing an order reserves it; starting a batch uses it.
      </p>
      {error ? <FormAlert kind="danger">{error}</FormAlert> : null}
      {notice ? <FormAlert kind="success">{notice}</FormAlert> : null}
      {rows.map((r, n) => {
        const ing = byId.get(r.ingredientId);
        return (
          <div
            key={n}
            // The editor is a narrow side panel: the ingredient's name takes a row of its own, the quantity and Remove the next.
            style={{
              display: 'grid',
              gridTemplateColumns: '7.5rem minmax(0, 1fr)',
              gap: 8,
              alignItems: 'end',
              paddingTop: n ? 12 : 0,
              borderTop: n ? '1px solid var(--color-border)' : undefined,
            }}
          >
            <div style={{ gridColumn: '1 / -1' }}>
              <Field label="Ingredient">
                {(p) => (
                  <Select {...p} value={r.ingredientId} onChange={(e) => setRow(n, { ingredientId: e.target.value })}>
                    {ing ? <option value={ing.id}>{ing.name}</option> : <option value="">Choose…</option>}
                    {unused.map((i) => (
                      <option key={i.id} value={i.id}>
                        {i.name}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            </div>
            <Field label={ing ? `${STOCK_UNIT_LABELS[ing.stockUnit]} per bottle` : 'Per bottle'}>
              {(p) => (
                <Input {...p} inputMode="numeric" value={r.qty} onChange={(e) => setRow(n, { qty: e.target.value.replace(/\D/g, '') })} />
              )}
            </Field>
            <Button
              type="button"
              size="sm"
              variant="ghost"
              style={{ justifySelf: 'start' }}
              onClick={() => setRows((cur) => cur.filter((_, i) => i !== n))}
            >
              Remove
            </Button>
          </div>
        );
      })}
      <div style={{ display: 'flex', gap: 8, marginTop: 8 }}>
        <Button
          type="button"
          size="sm"
          variant="secondary"
          disabled={!unused.length}
          onClick={() => setRows((cur) => [...cur, { ingredientId: '', qty: '' }])}
        >
          Add ingredient
        </Button>
        <Button type="button" size="sm" loading={save.isPending} disabled={!recipe.data} onClick={() => void onSave()}>
          Save recipe
        </Button>
      </div>
    </fieldset>
  );
}
