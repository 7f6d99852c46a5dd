import { memo, useId, useState, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { Link } from 'wouter';
import { formatRupees } from '../../../shared/rules/money';
import { BUILDER_LIMITS, CUSTOM_SHAKE_IMAGE, DEFAULT_SHAKE_NAME, type ShakeSize } from '../../../shared/schemas/builder';
import type { Allergen, Ingredient, IngredientCategory } from '../../../shared/schemas/catalogue';
import { ALLERGENS } from '../../../shared/schemas/catalogue';
import { canonicalAddIns, type BuilderResult } from '../../../shared/rules/shake-builder';
import { useBuilder, type Builder } from '../features/builder/use-builder';
import { useCart } from '../features/cart/cart-store';
import { QuantityStepper } from '../features/cart/quantity-stepper';
import { useAuth } from '../features/auth/auth-context';
import { RETURN_TO_KEY } from '../features/auth/guards';
import { trpc } from '../lib/trpc';
import { toast } from '../components/toast';
import { usePageTitle } from '../components/page-title';
import { Button } from '../components/button';
import { RadioButton } from '../components/radio-button';
import { BagIcon, CheckIcon, LeafIcon, RefreshIcon, SproutIcon } from '../components/icons';
import '../features/builder/builder.css';
import { SOLD_OUT_LABEL } from '../../../shared/rules/stock';

const ADD_IN_GROUPS: { category: IngredientCategory; title: string; note: string }[] = [
  { category: 'greens', title: 'Hydroponic greens', note: 'Grown in our towers, picked the morning we blend.' },
  { category: 'fruit', title: 'Fruit', note: 'Ripe, never from concentrate.' },
  { category: 'protein', title: 'Protein', note: 'For staying power.' },
  { category: 'superfood', title: 'Superfoods', note: 'Seeds, powders and oats.' },
  { category: 'sweetener', title: 'Sweetener', note: 'One per shake, if you like it sweeter.' },
];
const ALLERGEN_LABEL: Record<Allergen, string> = { dairy: 'Dairy', nuts: 'Nuts', soy: 'Soy', gluten: 'Gluten' };
const grams = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 });
/** The summary's nutrients in grams, in the order it lists them (kcal first, apart). */
const GRAM_NUTRIENTS = [
  ['Protein', 'protein'],
  ['Carbs', 'carbs'],
  ['Fat', 'fat'],
  ['Fibre', 'fibre'],
  ['Sugar', 'sugar'],
] as const;

export default function CustomShakePage() {
  usePageTitle('Build your own shake');
  const b = useBuilder();
  return (
    <div className="builder" data-page="custom-shake">
      <div className="container">
        <header className="builder__intro">
          <p className="eyebrow">Build your own</p>
          <h1>Blend it your way</h1>
          <p className="lead">
            Choose a size and a base, then up to {BUILDER_LIMITS.maxAddInPortions} add-in portions. Price and nutrition update as you go.
          </p>
        </header>
        {b.error ? (
          <div className="alert alert--danger" role="alert">
            <p>We couldn&rsquo;t load the ingredients. Please refresh the page.</p>
          </div>
        ) : !b.ready ? (
          <BuilderSkeleton />
        ) : (
          <div className="builder__layout">
            <div className="builder__steps">
              <SizeStep b={b} />
              <BaseStep b={b} />
              <AddInsStep b={b} />
            </div>
            <SummaryPanel b={b} result={b.result!} />
          </div>
        )}
      </div>
      {b.ready ? <MobileBar b={b} result={b.result!} /> : null}
    </div>
  );
}

function Step({ n, title, aside, children }: { n: number; title: string; aside?: React.ReactNode; children: React.ReactNode }) {
  const id = useId();
  return (
    <section className="builder-step" aria-labelledby={id}>
      <div className="builder-step__head">
        <span className="builder-step__n" aria-hidden="true">
          {n}
        </span>
        <h2 id={id} className="h3">
          {title}
        </h2>
        {aside ? <div className="builder-step__aside">{aside}</div> : null}
      </div>
      {children}
    </section>
  );
}

function SizeStep({ b }: { b: Builder }) {
  const { data: pricing } = trpc.catalogue.pricing.useQuery();
  if (!pricing) return null;
  return (
    <Step n={1} title="Size">
      <div className="grid choice-grid choice-grid--2" role="radiogroup" aria-label="Size">
        {(['regular', 'large'] as ShakeSize[]).map((size) => {
          const s = pricing.sizes[size];
          const selected = b.recipe.size === size;
          return (
            <Choice
              key={size}
              selected={selected}
              onClick={() => b.setSize(size)}
              data-testid={`size-${size}`}
              title={
                <>
                  {s.label} <span className="choice__ml">{s.ml} ml</span>
                </>
              }
              price={formatRupees(s.price)}
              note={s.factor > 1 ? `${s.factor}× add-ins and nutrition` : 'A generous glass'}
            />
          );
        })}
      </div>
    </Step>
  );
}

/** A card of the size and base steps: one of a radiogroup, ticked when chosen. */
function Choice({
  selected,
  title,
  price,
  note,
  ...rest
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'title'> & { selected: boolean; title: ReactNode; price: ReactNode; note: ReactNode }) {
  return (
    <RadioButton checked={selected} className="choice" {...rest}>
      <span className="choice__check" aria-hidden="true">
        {selected ? <CheckIcon /> : null}
      </span>
      <span className="choice__title">{title}</span>
      <span className="choice__price">{price}</span>
      <span className="choice__note">{note}</span>
    </RadioButton>
  );
}

function BaseStep({ b }: { b: Builder }) {
  const bases = b.ingredients.filter((i) => i.category === 'base');
  return (
    <Step n={2} title="Base" aside={<span className="text-sm text-subtle">Exactly one</span>}>
      <div className="grid choice-grid" role="radiogroup" aria-label="Base">
        {bases.map((base) => {
          const selected = b.recipe.baseId === base.id;
          return (
            <Choice
              key={base.id}
              selected={selected}
              disabled={!base.inStock || base.soldOut}
              onClick={() => b.setBase(base.id)}
              data-testid="base-option"
              title={base.name}
              price={base.price > 0 ? `+${formatRupees(base.price)}` : 'Included'}
              note={
                !base.inStock
                  ? 'Out of stock'
                  : base.soldOut
                    ? SOLD_OUT_LABEL
                    : base.description || `${Math.round(base.nutrition.kcal)} kcal`
              }
            />
          );
        })}
      </div>
    </Step>
  );
}

function AddInsStep({ b }: { b: Builder }) {
  const used = b.result!.addInPortions;
  const full = used >= BUILDER_LIMITS.maxAddInPortions;
  const factor = b.pricing?.sizes[b.recipe.size].factor ?? 1;
  return (
    <Step
      n={3}
      title="Add-ins"
      aside={
        <span className="portion-meter" data-testid="portion-meter" aria-live="polite">
          <span className="portion-meter__dots" aria-hidden="true">
            {Array.from({ length: BUILDER_LIMITS.maxAddInPortions }, (_, i) => (
              <span key={i} className={i < used ? 'is-on' : ''} />
            ))}
          </span>
          {used} of {BUILDER_LIMITS.maxAddInPortions} portions
        </span>
      }
    >
      <p className="builder-step__rules text-sm text-muted">
        1 to {BUILDER_LIMITS.maxAddInPortions} portions in total, at most {BUILDER_LIMITS.maxPortionsPerIngredient} of one ingredient, one
        sweetener.
      </p>
      {full ? (
        <p className="alert alert--success builder-full" role="status">
          Your shake is full. Take a portion out to add something else.
        </p>
      ) : null}
      {ADD_IN_GROUPS.map((g) => {
        const list = b.ingredients.filter((i) => i.category === g.category);
        if (!list.length) return null;
        return (
          <div key={g.category} className="addin-group">
            <div className="addin-group__head">
              <h3 className="h4">{g.title}</h3>
              <p className="text-sm text-subtle">{g.note}</p>
            </div>
            <ul className="addin-list" role="list">
              {list.map((ing) => (
                <AddInRow
                  key={ing.id}
                  ing={ing}
                  portions={b.portionsOf(ing.id)}
                  reason={b.blockReason(ing)}
                  setPortions={b.setPortions}
                  factor={factor}
                  full={full}
                />
              ))}
            </ul>
          </div>
        );
      })}
    </Step>
  );
}

/** Memoised: a change re-renders only the rows whose portions or limit reason changed. */
const AddInRow = memo(function AddInRow({
  ing,
  portions,
  reason,
  setPortions,
  factor,
  full,
}: {
  ing: Ingredient;
  portions: number;
  reason: string | null;
  setPortions: Builder['setPortions'];
  factor: number;
  full: boolean;
}) {
  const reasonId = useId();
  // The "shake is full" reason is said once above the list, not on every row.
  const out = !ing.inStock || ing.soldOut;
  const showReason = reason && !out && !(full && portions < BUILDER_LIMITS.maxPortionsPerIngredient);
  return (
    <li className={`addin${portions ? ' is-chosen' : ''}${out ? ' is-out' : ''}`} data-testid="addin" data-slug={ing.slug}>
      <div className="addin__info">
        <p className="addin__name">
          {ing.name}
          {ing.hydroponic ? (
            <span className="addin__tag" title="Grown hydroponically in our own towers">
              <SproutIcon /> Hydroponic
            </span>
          ) : null}
        </p>
        <p className="addin__meta">
          {Math.round(ing.nutrition.kcal * factor)} kcal · {grams.format(ing.nutrition.protein * factor)} g protein
          {ing.allergens.length ? ` · ${ing.allergens.map((a) => ALLERGEN_LABEL[a]).join(', ')}` : ''}
        </p>
        {out ? <p className="addin__out">{ing.inStock ? SOLD_OUT_LABEL : 'Out of stock'}</p> : null}
        {showReason ? (
          <p className="addin__reason" id={reasonId}>
            {reason}
          </p>
        ) : null}
      </div>
      <span className="addin__price">+{formatRupees(ing.price * factor)}</span>
      {portions === 0 ? (
        <button
          type="button"
          className="btn btn--secondary btn--sm addin__add"
          onClick={() => setPortions(ing.id, 1)}
          disabled={!!reason}
          aria-describedby={showReason ? reasonId : undefined}
          aria-label={`Add ${ing.name}`}
          title={reason ?? undefined}
        >
          Add
        </button>
      ) : (
        <QuantityStepper
          value={portions}
          min={0}
          max={reason ? portions : BUILDER_LIMITS.maxPortionsPerIngredient}
          label={ing.name}
          onChange={(n) => setPortions(ing.id, n)}
        />
      )}
    </li>
  );
});

function useAddToCart(b: Builder, result: BuilderResult) {
  const { addItem } = useCart();
  return () => {
    if (!result.valid) return;
    addItem({
      id: result.id,
      type: 'custom',
      name: result.name,
      price: result.price,
      image: CUSTOM_SHAKE_IMAGE,
      recipe: { size: b.recipe.size, baseId: b.recipe.baseId, addIns: canonicalAddIns(b.recipe.addIns), name: result.name },
    });
  };
}

function SummaryPanel({ b, result }: { b: Builder; result: BuilderResult }) {
  const nameId = useId();
  const problemsId = useId();
  const addToCart = useAddToCart(b, result);
  const { status } = useAuth();
  const utils = trpc.useUtils();
  const [saved, setSaved] = useState<string | null>(null);
  const save = trpc.builder.save.useMutation({
    onSuccess: (r) => {
      setSaved(result.id);
      void utils.builder.saved.invalidate();
      toast({ title: 'Saved to My shakes', description: r.name, variant: 'success' });
    },
    onError: (e) => toast({ title: 'Could not save the recipe', description: e.message, variant: 'destructive' }),
  });
  const chosen = canonicalAddIns(b.recipe.addIns);
  const base = b.byId.get(b.recipe.baseId);
  const contains = result.allergens;
  const nameLength = (b.recipe.name ?? '').length;
  const n = result.nutrition;
  // "Add at least one add-in" is the normal starting point, not an error: say it gently.
  const problems = result.problems;

  return (
    <aside className="builder-summary card" aria-label="Your shake" data-testid="builder-summary">
      <div className="builder-summary__head">
        <img src={CUSTOM_SHAKE_IMAGE} alt="" width={80} height={80} aria-hidden="true" />
        <div>
          <p className="builder-summary__label">Your shake</p>
          <p className="builder-summary__price">
            <span className="price price--lg" data-testid="builder-price">
              {formatRupees(result.price)}
            </span>
            <span className="text-sm text-subtle">incl. GST</span>
          </p>
        </div>
      </div>
      <div className="builder-summary__recipe text-sm">
        <p>
          <strong>{b.recipe.size === 'large' ? 'Large' : 'Regular'}</strong> · {base?.name ?? 'No base yet'}
        </p>
        {chosen.length ? (
          <ul className="builder-summary__chips" role="list">
            {chosen.map((a) => (
              <li key={a.ingredientId} className="badge badge--outline">
                {b.byId.get(a.ingredientId)?.name}
                {a.portions > 1 ? ` ×${a.portions}` : ''}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-subtle">No add-ins yet.</p>
        )}
      </div>

      <dl className="nutrition" data-testid="builder-nutrition">
        <div>
          <dt>kcal</dt>
          <dd data-nutrient="kcal">{n.kcal}</dd>
        </div>
        {GRAM_NUTRIENTS.map(([label, key]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd data-nutrient={key}>{grams.format(n[key])} g</dd>
          </div>
        ))}
      </dl>

      <div className="cluster builder-summary__badges" data-testid="builder-badges">
        {result.vegan ? (
          <span className="badge badge--success">
            <LeafIcon /> Vegan
          </span>
        ) : (
          <span className="badge">Not vegan</span>
        )}
        {contains.length ? (
          <span className="badge badge--warning">Contains {contains.map((a) => ALLERGEN_LABEL[a].toLowerCase()).join(', ')}</span>
        ) : (
          <span className="badge badge--success">Free from {ALLERGENS.map((a) => ALLERGEN_LABEL[a].toLowerCase()).join(', ')}</span>
        )}
      </div>

      <div className="field">
        <div className="builder-summary__name-row">
          <label className="label" htmlFor={nameId}>
            Name your shake
          </label>
          <span className="text-xs text-subtle" aria-live="polite">
            {nameLength}/{BUILDER_LIMITS.maxNameLength}
          </span>
        </div>
        <input
          id={nameId}
          className="input"
          value={b.recipe.name ?? ''}
          placeholder={DEFAULT_SHAKE_NAME}
          maxLength={BUILDER_LIMITS.maxNameLength}
          onChange={(e) => b.setName(e.target.value)}
          data-testid="shake-name"
        />
      </div>

      {problems.length ? (
        <ul className="builder-summary__problems" id={problemsId} role="list" aria-live="polite" data-testid="builder-problems">
          {problems.map((p) => (
            <li key={p.code + p.message}>{p.message}</li>
          ))}
        </ul>
      ) : null}

      <Button
        size="lg"
        block
        onClick={addToCart}
        disabled={!result.valid}
        aria-describedby={problems.length ? problemsId : undefined}
        data-testid="builder-add"
      >
        <BagIcon /> Add to Cart · {formatRupees(result.price)}
      </Button>
      <div className="list-head">
        {status === 'authenticated' ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => save.mutate({ recipe: { ...b.recipe, addIns: chosen } })}
            disabled={!result.valid || saved === result.id}
            loading={save.isPending}
            data-testid="builder-save"
          >
            {saved === result.id ? (
              <>
                <CheckIcon /> Saved
              </>
            ) : (
              'Save recipe'
            )}
          </Button>
        ) : (
          <Link href="/auth" className="link text-sm" onClick={() => sessionStorage.setItem(RETURN_TO_KEY, '/custom-shake')}>
            Sign in to save your recipes
          </Link>
        )}
        <button type="button" className="btn btn--ghost btn--sm" onClick={b.reset}>
          <RefreshIcon /> Start over
        </button>
      </div>
    </aside>
  );
}

/** Phones: price and Add to Cart stay in reach while scrolling through the add-ins (the footer is hidden here). */
function MobileBar({ b, result }: { b: Builder; result: BuilderResult }) {
  const addToCart = useAddToCart(b, result);
  return (
    <div className="builder-bar" aria-hidden="false">
      <div>
        <p className="price">{formatRupees(result.price)}</p>
        <p className="text-xs text-subtle">
          {result.nutrition.kcal} kcal · {result.addInPortions}/{BUILDER_LIMITS.maxAddInPortions} add-ins
        </p>
      </div>
      <Button onClick={addToCart} disabled={!result.valid}>
        <BagIcon /> Add to Cart
      </Button>
    </div>
  );
}

function BuilderSkeleton() {
  return (
    <div className="builder__layout" aria-busy="true" aria-label="Loading ingredients">
      <div className="builder__steps">
        {[0, 1, 2].map((i) => (
          <div key={i} className="builder-step">
            <span className="skeleton skeleton--title" style={{ width: '30%', height: '1.75rem' }} />
            <span className="skeleton" style={{ height: '6rem', marginTop: '1rem' }} />
          </div>
        ))}
      </div>
      <div className="builder-summary card">
        <span className="skeleton" style={{ height: '20rem' }} />
      </div>
    </div>
  );
}
