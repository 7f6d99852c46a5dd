import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { ZodType } from 'zod';
import { Button } from '../../components/button';
import { Field, Input, Textarea } from '../../components/input';
import { toast } from '../../components/toast';
import { CloseIcon, PlusIcon } from '../../components/icons';
import { FormAlert } from '../../features/auth/forms';
import { fieldErrorsOf, messageOf } from '../../lib/errors';
import { MoveButtons, NumberField, Toggle, slugify, useRevealEditor } from './catalogue-form';
import { issuesByField } from './form-errors';
import { AdminPage, ListCount, SearchFilter, useSearchTerm } from './admin-ui';

/**
 * The list + editor scaffolding shared by the catalogue pages (/admin/shakes, /admin/ingredients):
 * the selection in the address (?id=… or ?new), the debounced search, the quick toggles, the page
 * frame and the editor panel with its validate-then-save flow.
 */

/** Which row is open (from the address) and the search term, debounced before it reaches the server. */
export function useCatalogueRoute(base: string) {
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const selected = params.get('id');
  const creating = params.has('new');
  const { term, setTerm, query } = useSearchTerm();
  const open = (id: string | 'new' | null) => navigate(id === 'new' ? `${base}?new` : id ? `${base}?id=${id}` : base);
  return { selected, creating, term, setTerm, query, open };
}

/** Runs a quick change from the list (a toggle, a move), says how it went, and reloads the list either way. */
export async function changeThenRefresh(
  change: () => Promise<unknown>,
  refresh: () => Promise<unknown>,
  { done, failed = 'Not saved' }: { done?: string; failed?: string } = {},
) {
  try {
    await change();
    if (done) toast({ title: done, variant: 'success' });
  } catch (e) {
    toast({ title: failed, description: messageOf(e, 'Please try again.'), variant: 'destructive' });
  } finally {
    await refresh();
  }
}

/** The two switches on every catalogue row: offered (or on sale) and in stock. */
function QuickToggles({
  name,
  active,
  inStock,
  activeLabel,
  activeDone,
  onChange,
}: {
  name: string;
  active: boolean;
  inStock: boolean;
  /** 'On sale', 'Offered' */
  activeLabel: string;
  /** how the switched-on state is told: 'on sale', 'offered' */
  activeDone: string;
  onChange(patch: { active: boolean } | { inStock: boolean }, done: string): void;
}) {
  return (
    <>
      <Toggle
        label={activeLabel}
        checked={active}
        onChange={(v) => onChange({ active: v }, v ? `${name} is ${activeDone}` : `${name} is hidden`)}
      />
      <Toggle
        label="In stock"
        checked={inStock}
        onChange={(v) => onChange({ inStock: v }, v ? `${name} is in stock` : `${name} is out of stock`)}
      />
    </>
  );
}

/**
 * One row of a catalogue list: the name that opens the editor, the item's own facts (`meta`) followed
 * by the hidden / out-of-stock badges, the quick toggles, and the move buttons while the list is not filtered.
 */
export function CatalogueRow({
  item,
  selected,
  compact,
  testId,
  slug,
  image,
  meta,
  activeLabel,
  activeDone,
  onOpen,
  onQuick,
  move,
}: {
  item: { id: string; name: string; active: boolean; inStock: boolean };
  selected: boolean;
  compact?: boolean;
  testId: string;
  slug?: string;
  image?: ReactNode;
  meta: ReactNode;
  activeLabel: string;
  activeDone: string;
  onOpen(): void;
  onQuick(patch: { active: boolean } | { inStock: boolean }, done: string): void;
  move: { index: number; count: number; onMove(to: number): void; disabled: boolean } | null;
}) {
  return (
    <li
      className={`admin-row${compact ? ' admin-row--compact' : ''} card${selected ? ' is-selected' : ''}${item.active ? '' : ' is-off'}`}
      data-testid={testId}
      data-slug={slug}
    >
      {image}
      <div className="admin-row__main">
        <button type="button" className="admin-row__name" onClick={onOpen}>
          {item.name}
        </button>
        <p className="admin-row__meta">
          {meta}
          {!item.active ? <span className="badge">Hidden</span> : null}
          {!item.inStock ? <span className="badge badge--warning">Out of stock</span> : null}
        </p>
      </div>
      <div className="admin-row__actions">
        <QuickToggles
          name={item.name}
          active={item.active}
          inStock={item.inStock}
          activeLabel={activeLabel}
          activeDone={activeDone}
          onChange={onQuick}
        />
        {move ? <MoveButtons name={item.name} {...move} /> : null}
      </div>
    </li>
  );
}

/** A catalogue page: title and add button, search with a count, the list, and the editor beside it. */
export function CatalogueListPage({
  page,
  title,
  intro,
  addLabel,
  searchPlaceholder,
  route,
  summary,
  error,
  children,
  editor,
}: {
  page: string;
  title: string;
  intro: ReactNode;
  addLabel: string;
  searchPlaceholder: string;
  route: ReturnType<typeof useCatalogueRoute>;
  summary: string;
  error: ReactNode;
  children: ReactNode;
  editor: ReactNode;
}) {
  return (
    <AdminPage
      page={page}
      eyebrow="Catalogue"
      title={title}
      intro={intro}
      actions={
        <Button onClick={() => route.open('new')}>
          <PlusIcon aria-hidden="true" /> {addLabel}
        </Button>
      }
    >
      <div className="admin-toolbar">
        <SearchFilter label="Search" placeholder={searchPlaceholder} value={route.term} onChange={route.setTerm} maxLength={60} />
        <ListCount>{summary}</ListCount>
      </div>
      {error ? <FormAlert kind="danger">{error}</FormAlert> : null}

      <div className={`admin-split${route.selected || route.creating ? ' admin-split--open' : ''}`}>
        {children}
        {editor}
      </div>
    </AdminPage>
  );
}

/**
 * An editor's form state with its field errors and problem line; `submit` checks the candidate with
 * the shared schema first (the server checks again) and only then saves.
 */
export function useEditorForm<F>(initial: () => F) {
  const [f, setF] = useState<F>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const set = <K extends keyof F>(k: K, v: F[K]) => setF((x) => ({ ...x, [k]: v }));
  const patch = (p: Partial<F>) => setF((x) => ({ ...x, ...p }));

  async function submit<D, S>(
    e: FormEvent,
    { schema, candidate, save, failed }: { schema: ZodType<D>; candidate: () => unknown; save(data: D): Promise<S>; failed: string },
  ): Promise<S | undefined> {
    e.preventDefault();
    setProblem(null);
    const parsed = schema.safeParse(candidate());
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error));
      setProblem('Some fields need a look.');
      return undefined;
    }
    setErrors({});
    try {
      return await save(parsed.data);
    } catch (err) {
      setErrors(fieldErrorsOf(err));
      setProblem(messageOf(err, failed));
      return undefined;
    }
  }

  return { f, set, patch, errors, problem, submit };
}

/** The editor panel beside the list: its title, a close button, the form and its save/cancel buttons. */
export function EditorPanel({
  title,
  onClose,
  onSubmit,
  problem,
  saving,
  submitLabel,
  children,
}: {
  title: string;
  onClose(): void;
  onSubmit(e: FormEvent): void;
  problem: string | null;
  saving: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  const panel = useRef<HTMLElement>(null);
  useRevealEditor(panel);
  return (
    <aside ref={panel} className="card card--padded admin-detail admin-editor" aria-label={title}>
      <div className="cluster" style={{ justifyContent: 'space-between' }}>
        <h2 className="h4" tabIndex={-1}>
          {title}
        </h2>
        <Button variant="ghost" size="sm" icon aria-label="Close the editor" onClick={onClose}>
          <CloseIcon />
        </Button>
      </div>
      <form className="stack" onSubmit={onSubmit} noValidate>
        {problem ? <FormAlert kind="danger">{problem}</FormAlert> : null}
        {children}
        <div className="cluster">
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </aside>
  );
}

/** Name and slug: the slug follows the name until someone edits it (a saved item keeps its slug). */
export function NameSlugFields({
  name,
  slug,
  errors,
  slugHint,
  existing,
  onChange,
}: {
  name: string;
  slug: string;
  errors: Record<string, string>;
  slugHint?: string;
  existing: boolean;
  onChange(patch: { name?: string; slug?: string }): void;
}) {
  const [slugTouched, setSlugTouched] = useState(existing);
  return (
    <>
      <Field label="Name" error={errors.name}>
        {(p) => (
          <Input
            {...p}
            name="name"
            value={name}
            maxLength={60}
            onChange={(e) => onChange(slugTouched ? { name: e.target.value } : { name: e.target.value, slug: slugify(e.target.value) })}
          />
        )}
      </Field>
      <Field label="Slug" hint={slugHint} error={errors.slug}>
        {(p) => (
          <Input
            {...p}
            name="slug"
            value={slug}
            maxLength={60}
            onChange={(e) => {
              setSlugTouched(true);
              onChange({ slug: e.target.value });
            }}
          />
        )}
      </Field>
    </>
  );
}

export type Nutrient = 'kcal' | 'protein' | 'carbs' | 'fat' | 'fibre' | 'sugar';
const NUTRIENTS: { key: Nutrient; label: string; unit: string }[] = [
  { key: 'kcal', label: 'Calories', unit: 'kcal' },
  { key: 'protein', label: 'Protein', unit: 'g' },
  { key: 'carbs', label: 'Carbs', unit: 'g' },
  { key: 'fat', label: 'Fat', unit: 'g' },
  { key: 'fibre', label: 'Fibre', unit: 'g' },
  { key: 'sugar', label: 'Sugar', unit: 'g' },
];

/** The six nutrition numbers, with the form's own field names and error keys. */
export function NutritionFields({
  legend,
  name,
  value,
  error,
  onChange,
}: {
  legend: string;
  name(n: Nutrient): string;
  value(n: Nutrient): string;
  error(n: Nutrient): string | undefined;
  onChange(n: Nutrient, v: string): void;
}) {
  return (
    <fieldset className="admin-fieldset">
      <legend className="label">{legend}</legend>
      <div className="admin-grid-3">
        {NUTRIENTS.map((n) => (
          <NumberField
            key={n.key}
            label={n.label}
            unit={n.unit}
            name={name(n.key)}
            value={value(n.key)}
            onChange={(v) => onChange(n.key, v)}
            error={error(n.key)}
          />
        ))}
      </div>
    </fieldset>
  );
}

/** The optional description, up to 600 characters. */
export function DescriptionField({
  value,
  onChange,
  error,
  rows,
}: {
  value: string;
  onChange(v: string): void;
  error?: string;
  rows: number;
}) {
  return (
    <Field label="Description" error={error} optional>
      {(p) => <Textarea {...p} name="description" rows={rows} maxLength={600} value={value} onChange={(e) => onChange(e.target.value)} />}
    </Field>
  );
}

/** Where the item stands in its list; the editor fills an empty one in as last. */
export function SortOrderField({
  value,
  onChange,
  error,
  hint,
}: {
  value: string;
  onChange(v: string): void;
  error?: string;
  hint: string;
}) {
  return <NumberField label="Sort order" name="sortOrder" value={value} onChange={onChange} error={error} hint={hint} />;
}
