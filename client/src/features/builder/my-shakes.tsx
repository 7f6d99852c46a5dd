import { useLocation } from 'wouter';
import { formatRupees } from '../../../../shared/rules/money';
import { CUSTOM_SHAKE_IMAGE } from '../../../../shared/schemas/builder';
import { customItemId } from '../../../../shared/rules/shake-builder';
import { trpc } from '../../lib/trpc';
import { useCart } from '../cart/cart-store';
import { toast } from '../../components/toast';
import { LinkButton } from '../../components/button';
import { BlenderIcon } from '../../components/icons';
import { ListSkeleton, SavedItem } from '../favorites/favorites-list';
import { describeRecipe } from './recipe-summary';
import { saveBuilderDraft } from './use-builder';
import '../favorites/favorites.css';
import { EmptyState } from '../../components/empty-state';

/**
 * "My shakes": the customer's saved custom recipes (GET /api/user/custom-shakes), each with today's
 * price, Add to Cart, Open in builder and Delete. A profile tab, lazy-loaded by profile-tabs.ts (default export).
 */
export default function MyShakes() {
  const saved = trpc.builder.saved.useQuery();
  const ingredients = trpc.catalogue.ingredients.useQuery();
  const pricing = trpc.catalogue.pricing.useQuery();
  const utils = trpc.useUtils();
  const { addItem } = useCart();
  const [, navigate] = useLocation();
  const remove = trpc.builder.remove.useMutation({
    onSuccess: () => {
      void utils.builder.saved.invalidate();
      toast({ title: 'Recipe deleted', description: 'It has been removed from My shakes.' });
    },
    onError: (e) => toast({ title: 'Error', description: e.message, variant: 'destructive' }),
  });

  if (saved.isPending) return <ListSkeleton />;
  if (saved.isError) return <p className="alert alert--danger">We couldn&rsquo;t load your shakes. Please refresh the page.</p>;
  if (!saved.data.length) {
    return (
      <EmptyState icon={<BlenderIcon />} title="No saved shakes yet" heading="h3" testId="my-shakes-empty">
        <p>Build a shake and tap &ldquo;Save recipe&rdquo; to order it again in one tap.</p>
        <LinkButton href="/custom-shake" variant="secondary">
          Build your own
        </LinkButton>
      </EmptyState>
    );
  }
  return (
    <ul className="saved-list" role="list" data-testid="my-shakes">
      {saved.data.map((s) => (
        <SavedItem
          key={s.id}
          testId="saved-shake"
          media={<img src={CUSTOM_SHAKE_IMAGE} alt="" width={72} height={72} loading="lazy" />}
          name={s.name}
          canAdd={s.available && s.price !== null}
          onAdd={() =>
            addItem({
              id: customItemId(s.recipe),
              type: 'custom',
              name: s.name,
              price: s.price ?? 0,
              image: CUSTOM_SHAKE_IMAGE,
              recipe: { ...s.recipe, name: s.name },
            })
          }
          actions={
            <>
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                onClick={() => {
                  saveBuilderDraft({ ...s.recipe, name: s.name });
                  navigate('/custom-shake');
                }}
              >
                Open in builder
              </button>
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                onClick={() => remove.mutate({ id: s.id })}
                disabled={remove.isPending}
                aria-label={`Delete ${s.name}`}
              >
                Delete
              </button>
            </>
          }
        >
          <p className="saved-item__meta">{describeRecipe(s.recipe, ingredients.data, pricing.data)}</p>
          {s.available && s.price !== null ? (
            <p className="price">{formatRupees(s.price)}</p>
          ) : (
            <p className="saved-item__reason">{s.reason}</p>
          )}
        </SavedItem>
      ))}
    </ul>
  );
}
