import { useMemo, type FormEvent } from 'react';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../../components/page-title';
import { Field, Input, Select } from '../../components/input';
import { STOCK_UNIT_LABELS, STOCK_UNITS, type StockUnit } from '../../../../shared/rules/stock';
import { toast } from '../../components/toast';
import { messageOf } from '../../lib/errors';
import { formatRupees, rupeesInput } from '../../../../shared/rules/money';
import { IngredientFieldsSchema, type AdminIngredient, type IngredientFields } from '../../../../shared/schemas/catalogue-admin';
import { INGREDIENT_CATEGORIES, type Allergen, type IngredientCategory } from '../../../../shared/schemas/catalogue';
import { AllergenChecks, RupeeField, Toggle, moved, numberOrNaN, paiseFrom } from './catalogue-form';
import {
  CatalogueListPage,
  DescriptionField,
  SortOrderField,
  EditorPanel,
  NameSlugFields,
  NutritionFields,
  CatalogueRow,
  changeThenRefresh,
  useCatalogueRoute,
  useEditorForm,
} from './catalogue-editor';
import './admin-catalogue.css';

const STOCK_UNIT_NAMES: Record<StockUnit, string> = { g: 'Grams', ml: 'Millilitres', pc: 'Pieces' };

const CATEGORY_LABELS: Record<IngredientCategory, string> = {
  base: 'Bases',
  greens: 'Greens',
  fruit: 'Fruit',
  protein: 'Protein',
  superfood: 'Superfoods',
  sweetener: 'Sweeteners',
};

/** /admin/ingredients: what the builder offers — stock, price and nutrition per portion, order within a category. */
export default function AdminIngredientsPage() {
  usePageTitle('Ingredients');
  const route = useCatalogueRoute('/ingredients');
  const { selected, creating, query, open } = route;
  const utils = trpc.useUtils();
  const list = trpc.adminCatalogue.ingredients.useQuery({ search: query || undefined }, { placeholderData: (p) => p });
  const update = trpc.adminCatalogue.updateIngredient.useMutation();
  const reorder = trpc.adminCatalogue.reorderIngredients.useMutation();
  const refresh = () => utils.adminCatalogue.ingredients.invalidate();
  const all = useMemo(() => list.data ?? [], [list.data]);
  const groups = useMemo(
    () => INGREDIENT_CATEGORIES.map((c) => ({ category: c, items: all.filter((i) => i.category === c) })).filter((g) => g.items.length),
    [all],
  );
  const current = selected ? all.find((i) => i.id === selected) : undefined;
  const outOfStock = all.filter((i) => !i.inStock).length;

  const quick = (i: AdminIngredient, patch: Partial<IngredientFields>, done: string) =>
    changeThenRefresh(() => update.mutateAsync({ id: i.id, ...patch }), refresh, { done });
  const move = (items: AdminIngredient[], from: number, to: number) =>
    changeThenRefresh(() => reorder.mutateAsync({ ids: moved(items, from, to).map((i) => i.id) }), refresh, {
      failed: 'Order not saved',
    });

  return (
    <CatalogueListPage
      page="admin/ingredients"
      title="Ingredients"
      intro="What the shake builder offers. An ingredient out of stock is shown greyed out and cannot be chosen or ordered."
      addLabel="Add an ingredient"
      searchPlaceholder="Name, slug or category"
      route={route}
      summary={list.data ? `${all.length} ingredients${outOfStock ? `, ${outOfStock} out of stock` : ''}` : ''}
      error={list.isError ? messageOf(list.error, 'Ingredients could not be loaded.') : null}
      editor={
        creating ? (
          <IngredientEditor key="new" onClose={() => open(null)} onSaved={(i) => open(i.id)} />
        ) : current ? (
          <IngredientEditor key={current.id} ingredient={current} onClose={() => open(null)} onSaved={() => undefined} />
        ) : null
      }
    >
      <div className="stack">
        {groups.map((g) => (
          <section key={g.category} className="stack stack--sm" aria-labelledby={`cat-${g.category}`}>
            <h2 className="admin-group-title" id={`cat-${g.category}`}>
              {CATEGORY_LABELS[g.category]} <span className="text-subtle">{g.items.length}</span>
            </h2>
            <ul className="list-reset admin-rows">
              {g.items.map((i, idx) => (
                <CatalogueRow
                  key={i.id}
                  item={i}
                  selected={i.id === selected}
                  compact
                  testId="ingredient-row"
                  slug={i.slug}
                  meta={
                    <>
                      <span className="tabular">
                        {i.price ? `${i.category === 'base' ? '+' : ''}${formatRupees(i.price)}` : 'No charge'}
                      </span>
                      <span aria-hidden="true"> · </span>
                      <span className="tabular">{Math.round(i.nutrition.kcal)} kcal</span>
                      {i.hydroponic ? <span className="badge badge--green">Hydroponic</span> : null}
                    </>
                  }
                  activeLabel="Offered"
                  activeDone="offered"
                  onOpen={() => open(i.id)}
                  onQuick={(patch, done) => quick(i, patch, done)}
                  move={
                    query
                      ? null
                      : { index: idx, count: g.items.length, onMove: (to) => move(g.items, idx, to), disabled: reorder.isPending }
                  }
                />
              ))}
            </ul>
          </section>
        ))}
        {list.data && all.length === 0 ? <p className="card card--padded text-muted">No ingredient matches “{query}”.</p> : null}
      </div>
    </CatalogueListPage>
  );
}

interface FormState {
  name: string;
  slug: string;
  category: IngredientCategory;
  description: string;
  price: string;
  kcal: string;
  protein: string;
  carbs: string;
  fat: string;
  fibre: string;
  sugar: string;
  allergens: Allergen[];
  vegan: boolean;
  hydroponic: boolean;
  inStock: boolean;
  active: boolean;
  sortOrder: string;
  stockUnit: StockUnit;
  portionQty: string;
}

const toForm = (i?: AdminIngredient): FormState => ({
  name: i?.name ?? '',
  slug: i?.slug ?? '',
  category: i?.category ?? 'greens',
  description: i?.description ?? '',
  price: i ? rupeesInput(i.price) : '',
  kcal: i ? String(i.nutrition.kcal) : '',
  protein: i ? String(i.nutrition.protein) : '',
  carbs: i ? String(i.nutrition.carbs) : '',
  fat: i ? String(i.nutrition.fat) : '',
  fibre: i ? String(i.nutrition.fibre) : '0',
  sugar: i ? String(i.nutrition.sugar) : '0',
  allergens: i?.allergens ?? [],
  // Unticked for a new item: a wrong Vegan badge misleads shoppers; the admin states it.
  vegan: i?.vegan ?? false,
  hydroponic: i?.hydroponic ?? false,
  inStock: i?.inStock ?? true,
  active: i?.active ?? true,
  sortOrder: i ? String(i.sortOrder) : '',
  stockUnit: i?.stockUnit ?? 'g',
  portionQty: i ? String(i.portionQty) : '',
});

function IngredientEditor({
  ingredient,
  onClose,
  onSaved,
}: {
  ingredient?: AdminIngredient;
  onClose(): void;
  onSaved(i: AdminIngredient): void;
}) {
  const { f, set, patch, errors, problem, submit } = useEditorForm<FormState>(() => toForm(ingredient));
  const utils = trpc.useUtils();
  const create = trpc.adminCatalogue.createIngredient.useMutation();
  const update = trpc.adminCatalogue.updateIngredient.useMutation();

  async function onSubmit(e: FormEvent) {
    const saved = await submit(e, {
      schema: IngredientFieldsSchema,
      candidate: () => {
        const siblings = (utils.adminCatalogue.ingredients.getData({ search: undefined }) ?? []).filter((i) => i.category === f.category);
        return {
          name: f.name,
          slug: f.slug,
          category: f.category,
          description: f.description,
          price: paiseFrom(f.price),
          nutrition: {
            kcal: numberOrNaN(f.kcal),
            protein: numberOrNaN(f.protein),
            carbs: numberOrNaN(f.carbs),
            fat: numberOrNaN(f.fat),
            fibre: numberOrNaN(f.fibre),
            sugar: numberOrNaN(f.sugar),
          },
          allergens: f.allergens,
          vegan: f.vegan,
          hydroponic: f.hydroponic,
          inStock: f.inStock,
          active: f.active,
          stockUnit: f.stockUnit,
          portionQty: f.portionQty.trim() === '' ? 0 : numberOrNaN(f.portionQty),
          sortOrder: f.sortOrder.trim() === '' ? Math.max(0, ...siblings.map((s) => s.sortOrder)) + 10 : numberOrNaN(f.sortOrder),
        };
      },
      save: async (data) => {
        const saved = ingredient ? await update.mutateAsync({ id: ingredient.id, ...data }) : await create.mutateAsync(data);
        await utils.adminCatalogue.ingredients.invalidate();
        return saved;
      },
      failed: 'The ingredient could not be saved. Please try again.',
    });
    if (!saved) return;
    toast({
      title: ingredient ? 'Ingredient saved' : 'Ingredient added',
      description: `${saved.name}${saved.inStock ? '' : ' (out of stock)'}.`,
      variant: 'success',
    });
    onSaved(saved);
  }

  return (
    <EditorPanel
      title={ingredient ? `Edit ${ingredient.name}` : 'New ingredient'}
      onClose={onClose}
      onSubmit={onSubmit}
      problem={problem}
      saving={create.isPending || update.isPending}
      submitLabel={ingredient ? 'Save changes' : 'Add ingredient'}
    >
      <NameSlugFields name={f.name} slug={f.slug} errors={errors} existing={!!ingredient} onChange={patch} />
      <Field label="Category" error={errors.category}>
        {(p) => (
          <Select {...p} name="category" value={f.category} onChange={(e) => set('category', e.target.value as IngredientCategory)}>
            {INGREDIENT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {CATEGORY_LABELS[c]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <RupeeField
        label={f.category === 'base' ? 'Surcharge' : 'Price per portion'}
        name="price"
        value={f.price}
        onChange={(v) => set('price', v)}
        error={errors.price}
        hint={f.category === 'base' ? 'Added to the size price; 0 for no charge' : 'Multiplied by the size factor for a large shake'}
      />
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '0 16px' }}>
        <Field label="Stock unit" error={errors.stockUnit}>
          {(p) => (
            <Select {...p} name="stockUnit" value={f.stockUnit} onChange={(e) => set('stockUnit', e.target.value as StockUnit)}>
              {STOCK_UNITS.map((u) => (
                <option key={u} value={u}>
                  {STOCK_UNIT_NAMES[u]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          label={`Portion (${STOCK_UNIT_LABELS[f.stockUnit]})`}
          error={errors.portionQty}
          hint={f.category === 'base' ? 'The glass of a regular bottle; Large takes 1.4×' : 'One builder portion; Large takes 1.4×'}
        >
          {(p) => (
            <Input {...p} name="portionQty" inputMode="numeric" value={f.portionQty} onChange={(e) => set('portionQty', e.target.value)} />
          )}
        </Field>
      </div>
      <DescriptionField value={f.description} onChange={(v) => set('description', v)} error={errors.description} rows={2} />
      <NutritionFields
        legend="Nutrition per portion"
        name={(n) => n}
        value={(n) => f[n]}
        error={(n) => errors[`nutrition.${n}`]}
        onChange={(n, v) => set(n, v)}
      />
      <AllergenChecks value={f.allergens} onChange={(v) => set('allergens', v)} />
      <div className="admin-checks">
        <Toggle label="Vegan" checked={f.vegan} onChange={(v) => set('vegan', v)} error={errors.vegan} />
        <Toggle label="Hydroponic" checked={f.hydroponic} onChange={(v) => set('hydroponic', v)} hint="Grown in our racks" />
        <Toggle label="Offered" checked={f.active} onChange={(v) => set('active', v)} />
        <Toggle label="In stock" checked={f.inStock} onChange={(v) => set('inStock', v)} />
      </div>
      <SortOrderField
        value={f.sortOrder}
        onChange={(v) => set('sortOrder', v)}
        error={errors.sortOrder}
        hint="Within its category; lower comes first"
      />
    </EditorPanel>
  );
}
