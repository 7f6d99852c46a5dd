import { useMemo } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { usePageTitle } from '../components/page-title';
import { ShakeCard, ShakeCardSkeleton } from '../components/shake-card';
import { CheckIcon, LeafIcon, SlidersIcon } from '../components/icons';
import { useSignatureShakes } from '../features/catalogue/use-signature-shakes';
import { favoriteSlot } from '../features/catalogue/favorite-slot';
import { catalogueSearch, FILTERS, filterAndSort, parseCatalogueParams, SORTS, type FilterKey, type SortKey } from '../features/catalogue/filters';
import { countSentenceStart } from '../features/subscriptions/plan-value';
import '../styles/pages/catalogue.css';
import { LoadError } from '../components/load-error';
import { ratingSlot, useRatings } from '../features/reviews/card-rating';
import { EmptyState } from '../components/empty-state';

/** PRODUCT §3: all active shakes; filters (vegan, high protein, under 250 kcal, allergen-free) and sort. */
export default function SignatureShakesPage() {
  usePageTitle('Signature Shakes');
  const q = useSignatureShakes();
  const ratings = useRatings();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const { active, sort } = useMemo(() => parseCatalogueParams(new URLSearchParams(search)), [search]);
  const shown = useMemo(() => (q.data ? filterAndSort(q.data, active, sort) : []), [q.data, active, sort]);

  const update = (nextActive: Set<FilterKey>, nextSort: SortKey) =>
    navigate(`${location}${catalogueSearch(nextActive, nextSort)}`, { replace: true });
  const toggle = (key: FilterKey) => {
    const next = new Set(active);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    update(next, sort);
  };
  const clear = () => update(new Set(), sort);

  const total = q.data?.length ?? 0;
  return (
    <div data-page="signature-shakes" className="catalogue">
      <header className="catalogue__header">
        <div className="container">
          <p className="eyebrow">The menu</p>
          <h1>Signature Shakes</h1>
          <p className="lead">
            {total ? `${countSentenceStart(total, 'recipe', 'recipes')} balanced` : 'Recipes balanced'} by our nutritionist, each built on greens
            from our hydroponic towers. Prices include GST; every shake is blended to order.
          </p>
        </div>
      </header>

      <div className="container catalogue__body">
        <div className="toolbar" role="group" aria-label="Filter and sort shakes">
          <div className="toolbar__filters">
            <span className="toolbar__label" aria-hidden="true">
              <SlidersIcon /> Filter
            </span>
            {FILTERS.map((f) => (
              <button key={f.key} type="button" className="chip" aria-pressed={active.has(f.key)} onClick={() => toggle(f.key)} data-filter={f.key}>
                {active.has(f.key) ? <CheckIcon /> : null}
                {f.label}
              </button>
            ))}
            {active.size > 0 ? (
              <button type="button" className="btn btn--ghost btn--sm" onClick={clear}>
                Clear filters
              </button>
            ) : null}
          </div>
          <div className="toolbar__sort">
            <label htmlFor="shake-sort" className="label">
              Sort by
            </label>
            <select id="shake-sort" className="select" value={sort} onChange={(e) => update(active, e.target.value as SortKey)}>
              {SORTS.map((s) => (
                <option key={s.key} value={s.key}>
                  {s.label}
                </option>
              ))}
            </select>
          </div>
        </div>

        <p className="catalogue__count" role="status" aria-live="polite" data-testid="result-count">
          {q.data ? (active.size ? `${shown.length} of ${total} shakes` : `${total} shakes`) : '\u00a0'}
        </p>

        {q.isError ? (
          <LoadError message="We couldn’t load the menu just now." onRetry={() => void q.refetch()} />
        ) : q.isPending ? (
          <ul className="grid grid--3 list-reset" role="list" aria-busy="true">
            {Array.from({ length: 6 }, (_, i) => (
              <li key={i}>
                <ShakeCardSkeleton />
              </li>
            ))}
          </ul>
        ) : shown.length === 0 ? (
          <EmptyState icon={<LeafIcon />} title="No shakes match these filters" heading="h2" headingClassName="h3" testId="empty-state">
            <p>Try removing a filter — or build your own shake with exactly the ingredients you want.</p>
            <div className="cluster">
              <button type="button" className="btn btn--primary" onClick={clear}>
                Clear filters
              </button>
              <Link href="/custom-shake" className="btn btn--ghost">
                Build your own
              </Link>
            </div>
          </EmptyState>
        ) : (
          <ul className="grid grid--3 list-reset" role="list" data-testid="shake-grid">
            {shown.map((s, i) => (
              <li key={s.id}>
                <ShakeCard shake={s} favoriteSlot={favoriteSlot(s.id, s.name)} ratingSlot={ratingSlot(ratings.get(s.id))} headingLevel={2} imageLoading={i < 3 ? 'eager' : 'lazy'} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
