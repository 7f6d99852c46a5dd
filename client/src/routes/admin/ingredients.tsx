import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../../components/page-title';
import { Button } from '../../components/button';
import { Field, Input, Select, Textarea } from '../../components/input';
import { toast } from '../../components/toast';
import { CloseIcon, PlusIcon } from '../../components/icons';
import { FormAlert, fieldErrorsOf, messageOf } from '../../features/auth/forms';
import { formatRupees } from '../../../../shared/rules/money';
import { IngredientFieldsSchema, type AdminIngredient, type IngredientFields } from '../../../../shared/schemas/catalogue-admin';
import { INGREDIENT_CATEGORIES, type Allergen, type IngredientCategory } from '../../../../shared/schemas/catalogue';
import {
  useRevealEditor,
  AllergenChecks,
  MoveButtons,
  NumberField,
  RupeeField,
  Toggle,
  moved,
  numberOrNaN,
  paiseFrom,
  rupeesText,
  slugify,
} from './catalogue-form';
import { issuesByField } from './form-errors';
import './admin-catalogue.css';

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
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const selected = params.get('id');
  const creating = params.has('new');
  const [term, setTerm] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setQuery(term.trim()), 250);
    return () => clearTimeout(t);
  }, [term]);

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
  const open = (id: string | 'new' | null) => navigate(id === 'new' ? '/ingredients?new' : id ? `/ingredients?id=${id}` : '/ingredients');
  const outOfStock = all.filter((i) => !i.inStock).length;

  async function quick(i: AdminIngredient, patch: Partial<IngredientFields>, done: string) {
    try {
      await update.mutateAsync({ id: i.id, ...patch });
      toast({ title: done, variant: 'success' });
    } catch (e) {
      toast({ title: 'Not saved', description: messageOf(e, 'Please try again.'), variant: 'destructive' });
    } finally {
      await refresh();
    }
  }

  async function move(items: AdminIngredient[], from: number, to: number) {
    try {
      await reorder.mutateAsync({ ids: moved(items, from, to).map((i) => i.id) });
    } catch (e) {
      toast({ title: 'Order not saved', description: messageOf(e, 'Please try again.'), variant: 'destructive' });
    } finally {
      await refresh();
    }
  }

  return (
    <section className="admin-page" data-page="admin/ingredients">
      <header className="admin-page__header admin-page__header--row">
        <div className="stack stack--sm">
          <p className="eyebrow">Catalogue</p>
          <h1 className="h2">Ingredients</h1>
          <p className="text-muted">
            What the shake builder offers. An ingredient out of stock is shown greyed out and cannot be chosen or ordered.
          </p>
        </div>
        <Button onClick={() => open('new')}>
          <PlusIcon aria-hidden="true" /> Add an ingredient
        </Button>
      </header>
      <div className="admin-toolbar">
        <Field label="Search">
          {(p) => (
            <Input
              {...p}
              type="search"
              placeholder="Name, slug or category"
              value={term}
              onChange={(e) => setTerm(e.target.value)}
              maxLength={60}
            />
          )}
        </Field>
        <p className="text-sm text-subtle" aria-live="polite">
          {list.data ? `${all.length} ingredients${outOfStock ? `, ${outOfStock} out of stock` : ''}` : ''}
        </p>
      </div>
      {list.isError ? <FormAlert kind="danger">{messageOf(list.error, 'Ingredients could not be loaded.')}</FormAlert> : null}

      <div className={`admin-split${selected || creating ? ' admin-split--open' : ''}`}>
        <div className="stack">
          {groups.map((g) => (
            <section key={g.category} className="stack stack--sm" aria-labelledby={`cat-${g.category}`}>
              <h2 className="admin-group-title" id={`cat-${g.category}`}>
                {CATEGORY_LABELS[g.category]} <span className="text-subtle">{g.items.length}</span>
              </h2>
              <ul className="list-reset admin-rows">
                {g.items.map((i, idx) => (
                  <li
                    key={i.id}
                    className={`admin-row admin-row--compact card${i.id === selected ? ' is-selected' : ''}${i.active ? '' : ' is-off'}`}
                    data-testid="ingredient-row"
                    data-slug={i.slug}
                  >
                    <div className="admin-row__main">
                      <button type="button" className="admin-row__name" onClick={() => open(i.id)}>
                        {i.name}
                      </button>
                      <p className="admin-row__meta">
                        <span className="tabular">
                          {i.price ? `${i.category === 'base' ? '+' : ''}${formatRupees(i.price)}` : 'No charge'}
                        </span>
                        <span aria-hidden="true"> · </span>
                        <span className="tabular">{Math.round(i.nutrition.kcal)} kcal</span>
                        {i.hydroponic ? <span className="badge badge--green">Hydroponic</span> : null}
                        {!i.active ? <span className="badge">Hidden</span> : null}
                        {!i.inStock ? <span className="badge badge--warning">Out of stock</span> : null}
                      </p>
                    </div>
                    <div className="admin-row__actions">
                      <Toggle
                        label="Offered"
                        checked={i.active}
                        onChange={(v) => quick(i, { active: v }, v ? `${i.name} is offered` : `${i.name} is hidden`)}
                      />
                      <Toggle
                        label="In stock"
                        checked={i.inStock}
                        onChange={(v) => quick(i, { inStock: v }, v ? `${i.name} is in stock` : `${i.name} is out of stock`)}
                      />
                      {query ? null : (
                        <MoveButtons
                          name={i.name}
                          index={idx}
                          count={g.items.length}
                          onMove={(to) => move(g.items, idx, to)}
                          disabled={reorder.isPending}
                        />
                      )}
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          ))}
          {list.data && all.length === 0 ? <p className="card card--padded text-muted">No ingredient matches “{query}”.</p> : null}
        </div>
        {creating ? (
          <IngredientEditor key="new" onClose={() => open(null)} onSaved={(i) => open(i.id)} />
        ) : current ? (
          <IngredientEditor key={current.id} ingredient={current} onClose={() => open(null)} onSaved={() => undefined} />
        ) : null}
      </div>
    </section>
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
}

const toForm = (i?: AdminIngredient): FormState => ({
  name: i?.name ?? '',
  slug: i?.slug ?? '',
  category: i?.category ?? 'greens',
  description: i?.description ?? '',
  price: i ? rupeesText(i.price) : '',
  kcal: i ? String(i.nutrition.kcal) : '',
  protein: i ? String(i.nutrition.protein) : '',
  carbs: i ? String(i.nutrition.carbs) : '',
  fat: i ? String(i.nutrition.fat) : '',
  fibre: i ? String(i.nutrition.fibre) : '0',
  sugar: i ? String(i.nutrition.sugar) : '0',
  allergens: i?.allergens ?? [],
  vegan: i?.vegan ?? true,
  hydroponic: i?.hydroponic ?? false,
  inStock: i?.inStock ?? true,
  active: i?.active ?? true,
  sortOrder: i ? String(i.sortOrder) : '',
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
  const [f, setF] = useState<FormState>(() => toForm(ingredient));
  const [slugTouched, setSlugTouched] = useState(!!ingredient);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const utils = trpc.useUtils();
  const create = trpc.adminCatalogue.createIngredient.useMutation();
  const update = trpc.adminCatalogue.updateIngredient.useMutation();
  const set = <K extends keyof FormState>(k: K, v: FormState[K]) => setF((x) => ({ ...x, [k]: v }));
  const panel = useRef<HTMLElement>(null);
  useRevealEditor(panel);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setProblem(null);
    const siblings = (utils.adminCatalogue.ingredients.getData({ search: undefined }) ?? []).filter((i) => i.category === f.category);
    const candidate = {
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
      sortOrder: f.sortOrder.trim() === '' ? Math.max(0, ...siblings.map((s) => s.sortOrder)) + 10 : numberOrNaN(f.sortOrder),
    };
    const parsed = IngredientFieldsSchema.safeParse(candidate);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error));
      setProblem('Some fields need a look.');
      return;
    }
    setErrors({});
    try {
      const saved = ingredient ? await update.mutateAsync({ id: ingredient.id, ...parsed.data }) : await create.mutateAsync(parsed.data);
      await utils.adminCatalogue.ingredients.invalidate();
      toast({
        title: ingredient ? 'Ingredient saved' : 'Ingredient added',
        description: `${saved.name}${saved.inStock ? '' : ' (out of stock)'}.`,
        variant: 'success',
      });
      onSaved(saved);
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      setProblem(messageOf(err, 'The ingredient could not be saved. Please try again.'));
    }
  }

  return (
    <aside
      ref={panel}
      className="card card--padded admin-detail admin-editor"
      aria-label={ingredient ? `Edit ${ingredient.name}` : 'New ingredient'}
    >
      <div className="cluster" style={{ justifyContent: 'space-between' }}>
        <h2 className="h4" tabIndex={-1}>
          {ingredient ? `Edit ${ingredient.name}` : 'New ingredient'}
        </h2>
        <Button variant="ghost" size="sm" icon aria-label="Close the editor" onClick={onClose}>
          <CloseIcon />
        </Button>
      </div>
      <form className="stack" onSubmit={submit} noValidate>
        {problem ? <FormAlert kind="danger">{problem}</FormAlert> : null}
        <Field label="Name" error={errors.name}>
          {(p) => (
            <Input
              {...p}
              name="name"
              value={f.name}
              maxLength={60}
              onChange={(e) => {
                set('name', e.target.value);
                if (!slugTouched) set('slug', slugify(e.target.value));
              }}
            />
          )}
        </Field>
        <Field label="Slug" error={errors.slug}>
          {(p) => (
            <Input
              {...p}
              name="slug"
              value={f.slug}
              maxLength={60}
              onChange={(e) => {
                setSlugTouched(true);
                set('slug', e.target.value);
              }}
            />
          )}
        </Field>
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
        <Field label="Description" error={errors.description} optional>
          {(p) => (
            <Textarea
              {...p}
              name="description"
              rows={2}
              maxLength={600}
              value={f.description}
              onChange={(e) => set('description', e.target.value)}
            />
          )}
        </Field>
        <fieldset className="admin-fieldset">
          <legend className="label">Nutrition per portion</legend>
          <div className="admin-grid-3">
            <NumberField
              label="Calories"
              unit="kcal"
              name="kcal"
              value={f.kcal}
              onChange={(v) => set('kcal', v)}
              error={errors['nutrition.kcal']}
            />
            <NumberField
              label="Protein"
              unit="g"
              name="protein"
              value={f.protein}
              onChange={(v) => set('protein', v)}
              error={errors['nutrition.protein']}
            />
            <NumberField
              label="Carbs"
              unit="g"
              name="carbs"
              value={f.carbs}
              onChange={(v) => set('carbs', v)}
              error={errors['nutrition.carbs']}
            />
            <NumberField label="Fat" unit="g" name="fat" value={f.fat} onChange={(v) => set('fat', v)} error={errors['nutrition.fat']} />
            <NumberField
              label="Fibre"
              unit="g"
              name="fibre"
              value={f.fibre}
              onChange={(v) => set('fibre', v)}
              error={errors['nutrition.fibre']}
            />
            <NumberField
              label="Sugar"
              unit="g"
              name="sugar"
              value={f.sugar}
              onChange={(v) => set('sugar', v)}
              error={errors['nutrition.sugar']}
            />
          </div>
        </fieldset>
        <AllergenChecks value={f.allergens} onChange={(v) => set('allergens', v)} />
        <div className="admin-checks">
          <Toggle label="Vegan" checked={f.vegan} onChange={(v) => set('vegan', v)} />
          <Toggle label="Hydroponic" checked={f.hydroponic} onChange={(v) => set('hydroponic', v)} hint="Grown in our racks" />
          <Toggle label="Offered" checked={f.active} onChange={(v) => set('active', v)} />
          <Toggle label="In stock" checked={f.inStock} onChange={(v) => set('inStock', v)} />
        </div>
        <NumberField
          label="Sort order"
          name="sortOrder"
          value={f.sortOrder}
          onChange={(v) => set('sortOrder', v)}
          error={errors.sortOrder}
          hint="Within its category; lower comes first"
        />
        <div className="cluster">
          <Button type="submit" loading={create.isPending || update.isPending}>
            {ingredient ? 'Save changes' : 'Add ingredient'}
          </Button>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </aside>
  );
}
