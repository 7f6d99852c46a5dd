import { type FormEvent } from 'react';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../../components/page-title';
import { Field, Input } from '../../components/input';
import { toast } from '../../components/toast';
import { messageOf } from '../../lib/errors';
import { formatRupees, rupeesInput } from '../../../../shared/rules/money';
import { ShakeFieldsSchema, type AdminShake, type ShakeFields } from '../../../../shared/schemas/catalogue-admin';
import type { Allergen } from '../../../../shared/schemas/catalogue';
import { SHAKE_PLACEHOLDER_IMAGE } from '../../components/shake-card';
import { AllergenChecks, ImagePicker, RupeeField, Toggle, listFrom, moved, numberOrNaN, paiseFrom } from './catalogue-form';
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
  type Nutrient,
} from './catalogue-editor';
import { ShakeRecipeEditor } from './shake-recipe';
import './admin-catalogue.css';

/** /admin/shakes: the signature shakes, active or not — search, reorder, switch on/off, edit every field. */
export default function AdminShakesPage() {
  usePageTitle('Shakes');
  const route = useCatalogueRoute('/shakes');
  const { selected, creating, query, open } = route;
  const utils = trpc.useUtils();
  const list = trpc.adminCatalogue.shakes.useQuery({ search: query || undefined }, { placeholderData: (p) => p });
  const update = trpc.adminCatalogue.updateShake.useMutation();
  const reorder = trpc.adminCatalogue.reorderShakes.useMutation();
  const refresh = () => utils.adminCatalogue.shakes.invalidate();
  const shakes = list.data ?? [];
  const current = selected ? shakes.find((s) => s.id === selected) : undefined;

  const quick = (s: AdminShake, patch: Partial<ShakeFields>, done: string) =>
    changeThenRefresh(() => update.mutateAsync({ id: s.id, ...patch }), refresh, { done });
  const move = (from: number, to: number) =>
    changeThenRefresh(() => reorder.mutateAsync({ ids: moved(shakes, from, to).map((s) => s.id) }), refresh, {
      failed: 'Order not saved',
    });

  return (
    <CatalogueListPage
      page="admin/shakes"
      title="Shakes"
      intro="What the shop sells on /signature-shakes, in this order. Switch a shake off to hide it; mark it out of stock to stop orders."
      addLabel="Add a shake"
      searchPlaceholder="Name, slug or tag"
      route={route}
      summary={
        list.data ? `${shakes.length} ${shakes.length === 1 ? 'shake' : 'shakes'}, ${shakes.filter((s) => s.active).length} on sale` : ''
      }
      error={list.isError ? messageOf(list.error, 'Shakes could not be loaded.') : null}
      editor={
        creating ? (
          <ShakeEditor key="new" onClose={() => open(null)} onSaved={(s) => open(s.id)} />
        ) : current ? (
          <ShakeEditor key={current.id} shake={current} onClose={() => open(null)} onSaved={() => undefined} />
        ) : null
      }
    >
      <ul className="list-reset admin-rows" aria-label="Shakes">
        {shakes.map((s, i) => (
          <CatalogueRow
            key={s.id}
            item={s}
            selected={s.id === selected}
            testId="shake-row"
            image={<img className="admin-row__img" src={s.image || SHAKE_PLACEHOLDER_IMAGE} alt="" width={96} height={72} loading="lazy" />}
            meta={
              <>
                <span className="tabular">{formatRupees(s.price)}</span>
                <span aria-hidden="true"> · </span>
                <span>{s.slug}</span>
              </>
            }
            activeLabel="On sale"
            activeDone="on sale"
            onOpen={() => open(s.id)}
            onQuick={(patch, done) => quick(s, patch, done)}
            move={query ? null : { index: i, count: shakes.length, onMove: (to) => move(i, to), disabled: reorder.isPending }}
          />
        ))}
        {list.data && shakes.length === 0 ? (
          <li className="card card--padded text-muted">{query ? `No shake matches “${query}”.` : 'No shakes yet. Add the first one.'}</li>
        ) : null}
      </ul>
    </CatalogueListPage>
  );
}

interface FormState {
  name: string;
  slug: string;
  price: string;
  image: string;
  description: string;
  calories: string;
  protein: string;
  carbs: string;
  fat: string;
  fibre: string;
  sugar: string;
  ingredients: string;
  allergens: Allergen[];
  vegan: boolean;
  tags: string;
  active: boolean;
  inStock: boolean;
  sortOrder: string;
}

const toForm = (s?: AdminShake): FormState => ({
  name: s?.name ?? '',
  slug: s?.slug ?? '',
  price: s ? rupeesInput(s.price) : '',
  image: s?.image ?? '',
  description: s?.description ?? '',
  calories: s ? String(s.calories) : '',
  protein: s ? String(s.protein) : '',
  carbs: s ? String(s.carbs) : '',
  fat: s ? String(s.fat) : '',
  fibre: s ? String(s.fibre) : '0',
  sugar: s ? String(s.sugar) : '0',
  ingredients: s?.ingredients.join(', ') ?? '',
  allergens: s?.allergens ?? [],
  // Unticked for a new item: a wrong Vegan badge misleads shoppers; the admin states it.
  vegan: s?.vegan ?? false,
  tags: s?.tags.join(', ') ?? '',
  active: s?.active ?? true,
  inStock: s?.inStock ?? true,
  sortOrder: s ? String(s.sortOrder) : '',
});

function ShakeEditor({ shake, onClose, onSaved }: { shake?: AdminShake; onClose(): void; onSaved(s: AdminShake): void }) {
  const { f, set, patch, errors, problem, submit } = useEditorForm<FormState>(() => toForm(shake));
  const utils = trpc.useUtils();
  const create = trpc.adminCatalogue.createShake.useMutation();
  const update = trpc.adminCatalogue.updateShake.useMutation();

  async function onSubmit(e: FormEvent) {
    const saved = await submit(e, {
      schema: ShakeFieldsSchema,
      candidate: () => {
        const maxOrder = Math.max(0, ...(utils.adminCatalogue.shakes.getData({ search: undefined }) ?? []).map((s) => s.sortOrder));
        return {
          name: f.name,
          slug: f.slug,
          price: paiseFrom(f.price),
          image: f.image || SHAKE_PLACEHOLDER_IMAGE,
          description: f.description,
          calories: numberOrNaN(f.calories),
          protein: numberOrNaN(f.protein),
          carbs: numberOrNaN(f.carbs),
          fat: numberOrNaN(f.fat),
          fibre: numberOrNaN(f.fibre),
          sugar: numberOrNaN(f.sugar),
          ingredients: listFrom(f.ingredients),
          allergens: f.allergens,
          vegan: f.vegan,
          tags: listFrom(f.tags),
          active: f.active,
          inStock: f.inStock,
          sortOrder: f.sortOrder.trim() === '' ? maxOrder + 10 : numberOrNaN(f.sortOrder),
        };
      },
      save: async (data) => {
        const saved = shake ? await update.mutateAsync({ id: shake.id, ...data }) : await create.mutateAsync(data);
        await utils.adminCatalogue.shakes.invalidate();
        return saved;
      },
      failed: 'The shake could not be saved. Please try again.',
    });
    if (!saved) return;
    toast({
      title: shake ? 'Shake saved' : 'Shake added',
      description: `${saved.name} is ${saved.active ? 'on sale' : 'saved, hidden from the shop'}.`,
      variant: 'success',
    });
    onSaved(saved);
  }

  return (
    <EditorPanel
      title={shake ? `Edit ${shake.name}` : 'New shake'}
      onClose={onClose}
      onSubmit={onSubmit}
      problem={problem}
      saving={create.isPending || update.isPending}
      submitLabel={shake ? 'Save changes' : 'Add shake'}
    >
      <NameSlugFields
        name={f.name}
        slug={f.slug}
        errors={errors}
        slugHint="The shake’s address: /shakes/your-slug"
        existing={!!shake}
        onChange={patch}
      />
      <RupeeField label="Price" name="price" value={f.price} onChange={(v) => set('price', v)} error={errors.price} />
      <ImagePicker value={f.image} onChange={(v) => set('image', v)} error={errors.image} />
      <DescriptionField value={f.description} onChange={(v) => set('description', v)} error={errors.description} rows={3} />
      <NutritionFields
        legend="Nutrition per shake"
        name={shakeNutrient}
        value={(n) => f[shakeNutrient(n)]}
        error={(n) => errors[shakeNutrient(n)]}
        onChange={(n, v) => set(shakeNutrient(n), v)}
      />
      <Field label="Ingredients" hint="Separate with commas, in the order shown" error={errors.ingredients} optional>
        {(p) => <Input {...p} name="ingredients" value={f.ingredients} onChange={(e) => set('ingredients', e.target.value)} />}
      </Field>
      <AllergenChecks value={f.allergens} onChange={(v) => set('allergens', v)} />
      <Field label="Tags" hint="Separate with commas, e.g. green, high-protein" error={errors.tags} optional>
        {(p) => <Input {...p} name="tags" value={f.tags} onChange={(e) => set('tags', e.target.value)} />}
      </Field>
      <div className="admin-checks">
        <Toggle label="Vegan" checked={f.vegan} onChange={(v) => set('vegan', v)} error={errors.vegan} />
        <Toggle label="On sale" checked={f.active} onChange={(v) => set('active', v)} />
        <Toggle label="In stock" checked={f.inStock} onChange={(v) => set('inStock', v)} />
      </div>
      <SortOrderField
        value={f.sortOrder}
        onChange={(v) => set('sortOrder', v)}
        error={errors.sortOrder}
        hint="Lower comes first; empty puts it last"
      />
      {shake ? <ShakeRecipeEditor shakeId={shake.id} /> : null}
    </EditorPanel>
  );
}

/** A shake stores its energy as `calories`; the other nutrients keep their names. */
const shakeNutrient = (n: Nutrient) => (n === 'kcal' ? 'calories' : n);
