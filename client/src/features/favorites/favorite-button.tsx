import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { trpc } from '../../lib/trpc';
import { useAuth } from '../auth/auth-context';
import { rememberReturnTo } from '../auth/guards';
import { toast } from '../../components/toast';
import { HeartIcon } from '../../components/icons';
import './favorites.css';

/** Favourites of the signed-in customer, shared by every heart on the page (one request). */
export function useFavorites() {
  const { status } = useAuth();
  return trpc.favorites.list.useQuery(undefined, { enabled: status === 'authenticated' });
}

/**
 * Heart toggle for a signature shake (spec §2: the card's Favorite button). Signed in: adds or removes
 * at once (optimistic, rolled back on failure). Guest: a "Sign in" invite beside the heart links to /auth.
 */
export function FavoriteButton({ shakeId, shakeName }: { shakeId: string; shakeName?: string }) {
  const { status } = useAuth();
  const utils = trpc.useUtils();
  const favorites = useFavorites();
  const isFavorite = !!favorites.data?.some((f) => f.shakeId === shakeId);
  const [invite, setInvite] = useState(false);
  useEffect(() => {
    if (!invite) return;
    const t = setTimeout(() => setInvite(false), 6000);
    return () => clearTimeout(t);
  }, [invite]);

  // Both changes are shown at once and rolled back to the list as it was when one fails.
  const keep = async () => {
    await utils.favorites.list.cancel();
    return { before: utils.favorites.list.getData() };
  };
  const rollback = (e: { message: string }, _v: unknown, ctx: { before?: ReturnType<typeof utils.favorites.list.getData> } | undefined) => {
    utils.favorites.list.setData(undefined, ctx?.before);
    toast({ title: 'Error', description: e.message || 'Could not update your favourites. Please try again.', variant: 'destructive' });
  };
  const add = trpc.favorites.add.useMutation({
    onMutate: keep,
    onSuccess: (fav) => {
      utils.favorites.list.setData(undefined, (list) => [fav, ...(list ?? []).filter((f) => f.shakeId !== fav.shakeId)]);
      toast({ title: 'Added to favourites', description: fav.shake.name, variant: 'success' });
    },
    onError: rollback,
  });
  const remove = trpc.favorites.remove.useMutation({
    onMutate: async () => {
      const kept = await keep();
      utils.favorites.list.setData(undefined, (list) => (list ?? []).filter((f) => f.shakeId !== shakeId));
      return kept;
    },
    onSuccess: () => toast({ title: 'Removed from favourites', description: shakeName }),
    onError: rollback,
  });
  const busy = add.isPending || remove.isPending;
  const label = `${isFavorite ? 'Remove' : 'Add'} ${shakeName ?? 'this shake'} ${isFavorite ? 'from' : 'to'} favourites`;

  const onClick = () => {
    if (status !== 'authenticated') {
      // One message: the invite beside the heart (with its Sign in link, announced as a status), not a toast too.
      setInvite(true);
      return;
    }
    if (busy) return;
    if (isFavorite) remove.mutate({ id: shakeId });
    else add.mutate({ shakeId });
  };

  return (
    <span className="favorite">
      <button
        type="button"
        className="icon-button favorite__button"
        aria-pressed={isFavorite}
        aria-label={label}
        title={label}
        onClick={onClick}
        data-testid="favorite-button"
      >
        <HeartIcon fill={isFavorite ? 'currentColor' : 'none'} />
      </button>
      {invite ? (
        <span className="favorite__invite" role="status">
          <Link href="/auth" onClick={() => rememberReturnTo(window.location.pathname + window.location.search)}>
            Sign in
          </Link>{' '}
          to save favourites
        </span>
      ) : null}
    </span>
  );
}
