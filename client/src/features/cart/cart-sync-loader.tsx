import { useLayoutEffect, useState, type ComponentType, type ReactElement } from 'react';
import { useAuth } from '../auth/auth-context';
import { cartOwner, setCartSyncLoading } from './cart-sync-state';

const loadCartSync = () => import('./cart-sync');

/**
 * Mounts the cart's server sync (cart-sync.tsx) once it has something to do: a signed-in customer, or
 * a local cart that still mirrors an account's (signed out in another tab, or the session ended). A
 * guest who never signed in on this device never loads it. Once mounted it stays, so it sees the
 * sign-out that follows a sign-in. Until its code has arrived and started, the cart counts as still
 * settling (the cart and payment pages wait), so nothing is changed or paid for ahead of the merge.
 */
export function CartSyncWhenNeeded(): ReactElement | null {
  const { user, status } = useAuth();
  const [Sync, setSync] = useState<ComponentType | null>(null);
  const needed = status !== 'loading' && (user !== null || cartOwner() !== null);
  // Before paint: a page rendered in the same commit must not show a settled cart for a frame.
  useLayoutEffect(() => {
    if (!needed || Sync) return;
    let live = true;
    setCartSyncLoading(true);
    loadCartSync().then(
      (m) => {
        if (live) setSync(() => m.CartSync);
      },
      () => {
        // Offline or a new deploy: the local cart stays as it is and the pages stop waiting; the next
        // sign-in state change tries again.
        if (live) setCartSyncLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [needed, Sync, user?.id]);
  return Sync ? <Sync /> : null;
}
