import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../../components/page-title';
import { Button } from '../../components/button';
import { Field, Input, Textarea } from '../../components/input';
import { toast } from '../../components/toast';
import { CloseIcon, PlusIcon } from '../../components/icons';
import { FormAlert, fieldErrorsOf, messageOf } from '../../features/auth/forms';
import { formatRupees } from '../../../../shared/rules/money';
import { ShakeFieldsSchema, type AdminShake, type ShakeFields } from '../../../../shared/schemas/catalogue-admin';
import type { Allergen } from '../../../../shared/schemas/catalogue';
import { SHAKE_PLACEHOLDER_IMAGE } from '../../components/shake-card';
import {
  AllergenChecks,
  useRevealEditor,
  ImagePicker,
  MoveButtons,
  NumberField,
  RupeeField,
  Toggle,
  listFrom,
  moved,
  numberOrNaN,
  paiseFrom,
  rupeesText,
  slugify,
} from './catalogue-form';
import { issuesByField } from './form-errors';
import './admin-catalogue.css';

/** /admin/shakes: the signature shakes, active or not — search, reorder, switch on/off, edit every field. */
export default function AdminShakesPage() {
  usePageTitle('Shakes');
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
  const list = trpc.adminCatalogue.shakes.useQuery({ search: query || undefined }, { placeholderData: (p) => p });
  const update = trpc.adminCatalogue.updateShake.useMutation();
  const reorder = trpc.adminCatalogue.reorderShakes.useMutation();
  const refresh = () => utils.adminCatalogue.shakes.invalidate();
  const shakes = list.data ?? [];
  const current = selected ? shakes.find((s) => s.id === selected) : undefined;
  const open = (id: string | 'new' | null) => navigate(id === 'new' ? '/shakes?new' : id ? `/shakes?id=${id}` : '/shakes');

  async function quick(s: AdminShake, patch: Partial<ShakeFields>, done: string) {
    try {
      await update.mutateAsync({ id: s.id, ...patch });
      toast({ title: done, variant: 'success' });
    } catch (e) {
      toast({ title: 'Not saved', description: messageOf(e, 'Please try again.'), variant: 'destructive' });
    } finally {
      await refresh();
    }
  }

  async function move(from: number, to: number) {
    try {
      await reorder.mutateAsync({ ids: moved(shakes, from, to).map((s) => s.id) });
    } catch (e) {
      toast({ title: 'Order not saved', description: messageOf(e, 'Please try again.'), variant: 'destructive' });
    } finally {
      await refresh();
    }
  }

  return (
    <section className="admin-page" data-page="admin/shakes">
      <header className="admin-page__header admin-page__header--row">
        <div className="stack stack--sm">
          <p className="eyebrow">Catalogue</p>
          <h1 className="h2">Shakes</h1>
          <p className="text-muted">
            What the shop sells on /signature-shakes, in this order. Switch a shake off to hide it; mark it out of stock to stop orders.
          </p>
        </div>
        <Button onClick={() => open('new')}>
          <PlusIcon aria-hidden="true" /> Add a shake
        </Button>
      </header>
      <div className="admin-toolbar">
        <Field label="Search">
          {(p) => (
            <Input
              {...p}
              type="search"
              placeholder="Name, slug or tag"
              value={term}
              onChange={(e) => setTerm(e.target.value)}
              maxLength={60}
            />
          )}
        </Field>
        <p className="text-sm text-subtle" aria-live="polite">
          {list.data
            ? `${shakes.length} ${shakes.length === 1 ? 'shake' : 'shakes'}, ${shakes.filter((s) => s.active).length} on sale`
            : ''}
        </p>
      </div>
      {list.isError ? <FormAlert kind="danger">{messageOf(list.error, 'Shakes could not be loaded.')}</FormAlert> : null}

      <div className={`admin-split${selected || creating ? ' admin-split--open' : ''}`}>
        <ul className="list-reset admin-rows" aria-label="Shakes">
          {shakes.map((s, i) => (
            <li
              key={s.id}
              className={`admin-row card${s.id === selected ? ' is-selected' : ''}${s.active ? '' : ' is-off'}`}
              data-testid="shake-row"
            >
              <img className="admin-row__img" src={s.image || SHAKE_PLACEHOLDER_IMAGE} alt="" width={96} height={72} loading="lazy" />
              <div className="admin-row__main">
                <button type="button" className="admin-row__name" onClick={() => open(s.id)}>
                  {s.name}
                </button>
                <p className="admin-row__meta">
                  <span className="tabular">{formatRupees(s.price)}</span>
                  <span aria-hidden="true"> · </span>
                  <span>{s.slug}</span>
                  {!s.active ? <span className="badge">Hidden</span> : null}
                  {!s.inStock ? <span className="badge badge--warning">Out of stock</span> : null}
                </p>
              </div>
              <div className="admin-row__actions">
                <Toggle
                  label="On sale"
                  checked={s.active}
                  onChange={(v) => quick(s, { active: v }, v ? `${s.name} is on sale` : `${s.name} is hidden`)}
                />
                <Toggle
                  label="In stock"
                  checked={s.inStock}
                  onChange={(v) => quick(s, { inStock: v }, v ? `${s.name} is in stock` : `${s.name} is out of stock`)}
                />
                {query ? null : (
                  <MoveButtons name={s.name} index={i} count={shakes.length} onMove={(to) => move(i, to)} disabled={reorder.isPending} />
                )}
              </div>
            </li>
          ))}
          {list.data && shakes.length === 0 ? (
            <li className="card card--padded text-muted">{query ? `No shake matches “${query}”.` : 'No shakes yet. Add the first one.'}</li>
          ) : null}
        </ul>
        {creating ? (
          <ShakeEditor key="new" onClose={() => open(null)} onSaved={(s) => open(s.id)} />
        ) : current ? (
          <ShakeEditor key={current.id} shake={current} onClose={() => open(null)} onSaved={() => undefined} />
        ) : null}
      </div>
    </section>
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
  price: s ? rupeesText(s.price) : '',
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
  vegan: s?.vegan ?? true,
  tags: s?.tags.join(', ') ?? '',
  active: s?.active ?? true,
  inStock: s?.inStock ?? true,
  sortOrder: s ? String(s.sortOrder) : '',
});

function ShakeEditor({ shake, onClose, onSaved }: { shake?: AdminShake; onClose(): void; onSaved(s: AdminShake): void }) {
  const [f, setF] = useState<FormState>(() => toForm(shake));
  const [slugTouched, setSlugTouched] = useState(!!shake);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const utils = trpc.useUtils();
  const create = trpc.adminCatalogue.createShake.useMutation();
  const update = trpc.adminCatalogue.updateShake.useMutation();
  const set = <K extends keyof FormState>(k: K, v: FormState[K]) => setF((x) => ({ ...x, [k]: v }));
  const panel = useRef<HTMLElement>(null);
  useRevealEditor(panel);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setProblem(null);
    const maxOrder = Math.max(0, ...(utils.adminCatalogue.shakes.getData({ search: undefined }) ?? []).map((s) => s.sortOrder));
    const candidate = {
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
    const parsed = ShakeFieldsSchema.safeParse(candidate);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error));
      setProblem('Some fields need a look.');
      return;
    }
    setErrors({});
    try {
      const saved = shake ? await update.mutateAsync({ id: shake.id, ...parsed.data }) : await create.mutateAsync(parsed.data);
      await utils.adminCatalogue.shakes.invalidate();
      toast({
        title: shake ? 'Shake saved' : 'Shake added',
        description: `${saved.name} is ${saved.active ? 'on sale' : 'saved, hidden from the shop'}.`,
        variant: 'success',
      });
      onSaved(saved);
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      setProblem(messageOf(err, 'The shake could not be saved. Please try again.'));
    }
  }

  return (
    <aside ref={panel} className="card card--padded admin-detail admin-editor" aria-label={shake ? `Edit ${shake.name}` : 'New shake'}>
      <div className="cluster" style={{ justifyContent: 'space-between' }}>
        <h2 className="h4" tabIndex={-1}>
          {shake ? `Edit ${shake.name}` : 'New shake'}
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
        <Field label="Slug" hint="The shake’s address: /shakes/your-slug" error={errors.slug}>
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
        <RupeeField label="Price" name="price" value={f.price} onChange={(v) => set('price', v)} error={errors.price} />
        <ImagePicker value={f.image} onChange={(v) => set('image', v)} error={errors.image} />
        <Field label="Description" error={errors.description} optional>
          {(p) => (
            <Textarea
              {...p}
              name="description"
              rows={3}
              maxLength={600}
              value={f.description}
              onChange={(e) => set('description', e.target.value)}
            />
          )}
        </Field>
        <fieldset className="admin-fieldset">
          <legend className="label">Nutrition per shake</legend>
          <div className="admin-grid-3">
            <NumberField
              label="Calories"
              unit="kcal"
              name="calories"
              value={f.calories}
              onChange={(v) => set('calories', v)}
              error={errors.calories}
            />
            <NumberField
              label="Protein"
              unit="g"
              name="protein"
              value={f.protein}
              onChange={(v) => set('protein', v)}
              error={errors.protein}
            />
            <NumberField label="Carbs" unit="g" name="carbs" value={f.carbs} onChange={(v) => set('carbs', v)} error={errors.carbs} />
            <NumberField label="Fat" unit="g" name="fat" value={f.fat} onChange={(v) => set('fat', v)} error={errors.fat} />
            <NumberField label="Fibre" unit="g" name="fibre" value={f.fibre} onChange={(v) => set('fibre', v)} error={errors.fibre} />
            <NumberField label="Sugar" unit="g" name="sugar" value={f.sugar} onChange={(v) => set('sugar', v)} error={errors.sugar} />
          </div>
        </fieldset>
        <Field label="Ingredients" hint="Separate with commas, in the order shown" error={errors.ingredients} optional>
          {(p) => <Input {...p} name="ingredients" value={f.ingredients} onChange={(e) => set('ingredients', e.target.value)} />}
        </Field>
        <AllergenChecks value={f.allergens} onChange={(v) => set('allergens', v)} />
        <Field label="Tags" hint="Separate with commas, e.g. green, high-protein" error={errors.tags} optional>
          {(p) => <Input {...p} name="tags" value={f.tags} onChange={(e) => set('tags', e.target.value)} />}
        </Field>
        <div className="admin-checks">
          <Toggle label="Vegan" checked={f.vegan} onChange={(v) => set('vegan', v)} />
          <Toggle label="On sale" checked={f.active} onChange={(v) => set('active', v)} />
          <Toggle label="In stock" checked={f.inStock} onChange={(v) => set('inStock', v)} />
        </div>
        <NumberField
          label="Sort order"
          name="sortOrder"
          value={f.sortOrder}
          onChange={(v) => set('sortOrder', v)}
          error={errors.sortOrder}
          hint="Lower comes first; empty puts it last"
        />
        <div className="cluster">
          <Button type="submit" loading={create.isPending || update.isPending}>
            {shake ? 'Save changes' : 'Add shake'}
          </Button>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </aside>
  );
}
