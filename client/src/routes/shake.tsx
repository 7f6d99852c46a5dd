import { useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { trpc } from '../lib/trpc';
import { usePageMeta } from '../components/page-meta';
import { NotFoundCard } from '../components/not-found-card';
import { PageLoader } from '../components/page-loader';
import { LoadError } from '../components/load-error';
import { Button } from '../components/button';
import { HIGH_PROTEIN_G, ShakeImage } from '../components/shake-card';
import { BagIcon, CheckIcon, LeafIcon, SlidersIcon } from '../components/icons';
import { QuantityStepper } from '../features/cart/quantity-stepper';
import { useCart } from '../features/cart/cart-store';
import { FavoriteButton } from '../features/favorites/favorite-button';
import { saveBuilderDraft } from '../features/builder/use-builder';
import { RatingLine } from '../features/reviews/stars';
import { ShakeReviews } from '../features/reviews/shake-reviews';
import { useRatings } from '../features/reviews/card-rating';
import { appCodeOf } from '../features/checkout/errors';
import { formatRupees } from '../../../shared/rules/money';
import { similarRecipe } from '../../../shared/rules/similar-recipe';
import type { ShakeDetail } from '../../../shared/schemas/catalogue';
import '../styles/pages/shake.css';
import { SOLD_OUT_LABEL } from '../../../shared/rules/stock';
import { Section } from '../components/section';

const grams = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 });
const ALLERGEN_LABEL: Record<string, string> = { dairy: 'Dairy', nuts: 'Nuts', soy: 'Soy', gluten: 'Gluten' };

/** "/signature-shakes/{slug}": one shake, everything about it, and its reviews. */
export default function ShakePage() {
  const { slug } = useParams<{ slug: string }>();
  const q = trpc.catalogue.shake.useQuery({ id: slug ?? '' }, { enabled: !!slug, retry: (n, e) => appCodeOf(e) !== 'NOT_FOUND' && n < 1 });
  const s = q.data;
  usePageMeta(s ? s.name : q.isError ? 'Page Not Found' : 'Signature shake', s ? metaDescription(s) : null);

  if (q.isPending) return <PageLoader />;
  if (q.isError) {
    if (appCodeOf(q.error) === 'NOT_FOUND' || appCodeOf(q.error) === 'BAD_REQUEST')
      return (
        <NotFoundCard message="We couldn’t find that shake. It may have left the menu — the others are still blended fresh every morning." />
      );
    return (
      <div className="container page">
        <LoadError message="We couldn’t load this shake just now." onRetry={() => void q.refetch()} />
      </div>
    );
  }
  return <ShakeView shake={q.data} />;
}

function metaDescription(s: ShakeDetail): string {
  const text = `${s.name}: ${s.description} ${Math.round(s.calories)} kcal, ${grams.format(s.protein)} g protein, ${s.vegan ? 'vegan, ' : ''}${formatRupees(s.price)}.`;
  return text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text;
}

function ShakeView({ shake }: { shake: ShakeDetail }) {
  const { addItem } = useCart();
  const [qty, setQty] = useState(1);
  const [added, setAdded] = useState(false);
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const rating = useRatings().get(shake.id);
  const soldOut = !shake.inStock || shake.soldOut;
  const hydroponic = shake.ingredientDetails.filter((i) => i.hydroponic).length;

  const add = () => {
    addItem({ id: shake.id, type: 'signature', name: shake.name, price: shake.price, image: shake.image }, qty);
    setAdded(true);
    setTimeout(() => setAdded(false), 1200);
  };
  const buildLikeThis = async () => {
    const ingredients = await utils.catalogue.ingredients.fetch();
    saveBuilderDraft(similarRecipe(shake.ingredients, ingredients, shake.name));
    navigate('/custom-shake');
  };

  return (
    <div className="container page shake-page" data-testid="shake-page">
      <nav aria-label="Breadcrumb" className="shake-page__crumbs">
        <Link href="/signature-shakes">Signature shakes</Link>
        <span aria-hidden="true"> / </span>
        <span aria-current="page">{shake.name}</span>
      </nav>

      <div className="shake-page__top">
        <div className="shake-page__media">
          <ShakeImage src={shake.image} loading="eager" priority />
        </div>
        <div className="shake-page__info">
          <div className="cluster">
            {shake.vegan ? (
              <span className="badge badge--green" data-testid="vegan-badge">
                <LeafIcon /> Vegan
              </span>
            ) : null}
            {shake.protein >= HIGH_PROTEIN_G ? <span className="badge">High protein</span> : null}
            {hydroponic ? (
              <span className="badge badge--accent">
                {hydroponic} hydroponic {hydroponic === 1 ? 'ingredient' : 'ingredients'}
              </span>
            ) : null}
          </div>
          <h1 className="shake-page__name">{shake.name}</h1>
          {rating?.count ? (
            <a href="#reviews" className="shake-page__rating">
              <RatingLine summary={rating} />
            </a>
          ) : null}
          <p className="price shake-page__price" data-testid="shake-price">
            {formatRupees(shake.price)}
          </p>
          <p className="shake-page__description">{shake.description}</p>
          <p className="shake-page__allergens" data-testid="allergens">
            <strong>Allergens: </strong>
            {shake.allergens.length ? shake.allergens.map((a) => ALLERGEN_LABEL[a] ?? a).join(', ') : 'none of dairy, nuts, soy or gluten'}
          </p>
          <div className="shake-page__buy">
            <QuantityStepper value={qty} onChange={(n) => setQty(Math.max(1, n))} label={shake.name} disabled={soldOut} />
            <Button size="lg" onClick={add} disabled={soldOut} data-testid="add-to-cart">
              {added ? <CheckIcon /> : <BagIcon />}
              {soldOut
                ? shake.inStock
                  ? SOLD_OUT_LABEL
                  : 'Out of stock'
                : added
                  ? 'Added'
                  : `Add to Cart · ${formatRupees(shake.price * qty)}`}
            </Button>
            <FavoriteButton shakeId={shake.id} shakeName={shake.name} />
          </div>
          <Button variant="secondary" onClick={() => void buildLikeThis()} data-testid="build-like-this">
            <SlidersIcon /> Build something like this
          </Button>
          <Link href={`/deliveries/new?shake=${shake.id}`} className="link text-sm" data-testid="deliver-every">
            Deliver this every morning, or on the days you choose →
          </Link>
        </div>
      </div>

      <div className="shake-page__details">
        <Section className="shake-section" titleId="ingredients-title" title="Ingredients" headingClassName="h3">
          <ul className="ingredient-list list-reset" role="list" data-testid="ingredients">
            {shake.ingredientDetails.map((i) => (
              <li key={i.name} data-hydroponic={i.hydroponic}>
                <span>{i.name}</span>
                {i.hydroponic ? (
                  <span className="badge badge--green">
                    <LeafIcon /> Hydroponic
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
          <p className="text-sm text-subtle">Hydroponic greens are grown in our Bengaluru towers and picked the morning we blend.</p>
        </Section>

        <Section className="shake-section" titleId="nutrition-title" title="Nutrition" headingClassName="h3">
          <table className="nutrition-table" data-testid="nutrition">
            <caption className="sr-only">Nutrition per shake</caption>
            <tbody>
              <tr>
                <th scope="row">Energy</th>
                <td>{Math.round(shake.calories)} kcal</td>
              </tr>
              {(
                [
                  ['Protein', shake.protein],
                  ['Carbohydrates', shake.carbs],
                  ['of which sugars', shake.sugar],
                  ['Fat', shake.fat],
                  ['Fibre', shake.fibre],
                ] as const
              ).map(([label, v]) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  <td>{grams.format(v)} g</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="text-sm text-subtle">Per shake, as blended.</p>
        </Section>
      </div>

      <ShakeReviews shakeId={shake.id} shakeName={shake.name} />
    </div>
  );
}
