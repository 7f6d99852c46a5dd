import { useEffect, useRef, useState } from 'react';
import { trpc } from '../../lib/trpc';
import { STALE_CART_MS } from '../../lib/query';
import { newId } from '../../lib/ids';
import { useAuth } from '../auth/auth-context';
import type { ServerCart } from '../../../../shared/schemas/cart';
import { getCartItems, replaceCart, subscribeCart, type CartItem } from './cart-store';
import { ls, OWNER_KEY, setCartSyncing, setCartSyncLoading } from './cart-sync-state';

/**
 * Keeps a signed-in customer's cart on the server so it follows them across devices (PRODUCT §5).
 *
 * The local cart remembers whose server cart it mirrors (`cart_owner`), the server version it last saw,
 * and whether it has changes not yet saved. On sign-in:
 *  - a guest cart is merged into the server cart (POST /api/user/cart/merge) — once, even when the page
 *    is left before the answer comes (the merge is sent again with its id on the next load);
 *  - the customer's own mirror is pushed if it has unsaved changes, else replaced by the server copy;
 *  - another customer's leftover cart is dropped.
 * While signed in, changes are saved with a debounced PUT; the server copy is re-read when it is older
 * than STALE_CART_MS, and adopted when another device changed it. Sign-out empties the local cart
 * (it stays on the server). Loaded and mounted by cart-sync-loader.tsx once there is an account to sync
 * with; whether it is reconciling is cart-sync-state.ts's.
 */
const VERSION_KEY = 'cart_version';
const DIRTY_KEY = 'cart_dirty';
/** The id of the guest-cart merge this device has started; kept until the server confirms it. */
const MERGE_KEY = 'cart_merge_id';
export const CART_PUT_DEBOUNCE_MS = 600;

const toLines = (items: readonly CartItem[]) =>
  items.map((i) => ({ id: i.id, type: i.type, quantity: i.quantity, ...(i.recipe ? { recipe: i.recipe } : {}) }));

/** Server lines → local items, keeping what the local copy knew about lines the server can no longer price. */
export function fromServer(cart: ServerCart, local: readonly CartItem[]): CartItem[] {
  return cart.lines.map((l) => {
    const mine = local.find((i) => i.id === l.id && i.type === l.type);
    return {
      id: l.id,
      type: l.type,
      name: l.name || mine?.name || 'Unavailable item',
      price: l.available ? l.unitPrice : (mine?.price ?? 0),
      image: l.image || mine?.image || '',
      quantity: l.quantity,
      isFreeUnit: false,
      freeUnitPrice: 0,
      ...(l.recipe ? { recipe: l.recipe } : mine?.recipe ? { recipe: mine.recipe } : {}),
    };
  });
}

type Utils = ReturnType<typeof trpc.useUtils>;

/** One reconciliation per customer at a time, shared by effects that run twice (StrictMode) or overlap. */
let inFlight: { userId: string; promise: Promise<ServerCart> } | null = null;

function reconcile(utils: Utils, userId: string): Promise<ServerCart> {
  if (inFlight?.userId === userId) return inFlight.promise;
  const run = async (): Promise<ServerCart> => {
    const owner = ls.get(OWNER_KEY);
    const local = getCartItems();
    // A guest-cart merge this device started and never heard back from — the page was left or reloaded
    // while it was on its way (signing in and going straight to checkout does that). The local cart still
    // holds the guest lines: send them again with the same id, which the server applies at most once.
    const unfinished = owner === userId && ls.get(MERGE_KEY) !== null;
    if (owner === userId && !unfinished) {
      return ls.get(DIRTY_KEY) ? utils.client.cart.put.mutate({ lines: toLines(local) }) : utils.client.cart.get.query();
    }
    // Another customer's leftover cart: neither its lines nor its unfinished merge belong to this one.
    if (owner && owner !== userId) ls.set(MERGE_KEY, null);
    // Claim the cart before the request: a second tab must not merge the same guest cart again.
    ls.set(OWNER_KEY, userId);
    const guestLines = owner && !unfinished ? [] : toLines(local);
    if (!guestLines.length) return utils.client.cart.get.query();
    const mergeId = ls.get(MERGE_KEY) ?? newId();
    ls.set(MERGE_KEY, mergeId);
    try {
      const cart = await utils.client.cart.merge.mutate({ lines: guestLines, mergeId });
      ls.set(MERGE_KEY, null);
      return cart;
    } catch (err) {
      // Not merged (or the answer was lost): stay a guest cart, so the next attempt merges it — with the
      // same id, so the server applies it once. Never mark it unsaved: a PUT would overwrite the account's cart.
      if (ls.get(OWNER_KEY) === userId) ls.set(OWNER_KEY, null);
      throw err;
    }
  };
  const promise = run().finally(() => {
    if (inFlight?.promise === promise) inFlight = null;
  });
  inFlight = { userId, promise };
  return promise;
}

export function CartSync(): null {
  const { user, status } = useAuth();
  const utils = trpc.useUtils();
  const userId = user?.id ?? null;
  /** The customer this tab has reconciled with the server for. */
  const [readyFor, setReadyFor] = useState<string | null>(null);
  const readyRef = useRef<string | null>(null);
  readyRef.current = readyFor;
  const applyingRemote = useRef(false);
  const changeSeq = useRef(0);

  const adopt = (cart: ServerCart) => {
    applyingRemote.current = true;
    try {
      replaceCart(fromServer(cart, getCartItems()));
    } finally {
      applyingRemote.current = false;
    }
    ls.set(VERSION_KEY, String(cart.version));
  };

  // Sign-in / sign-out.
  useEffect(() => {
    if (status === 'loading') return;
    if (!userId) {
      setReadyFor(null);
      if (ls.get(OWNER_KEY)) {
        // Signed out (or the session ended): the cart stays with the account, not on this device.
        applyingRemote.current = true;
        replaceCart([]);
        applyingRemote.current = false;
        ls.set(OWNER_KEY, null);
        ls.set(VERSION_KEY, null);
        ls.set(DIRTY_KEY, null);
        ls.set(MERGE_KEY, null);
      }
      return;
    }
    if (readyRef.current === userId) return;
    let current = true;
    const before = getCartItems();
    setCartSyncing(true);
    reconcile(utils, userId)
      .then((cart) => {
        if (!current) return;
        utils.cart.get.setData(undefined, cart);
        // A shake added while this ran stays, unsaved: the next change or load pushes it.
        if (getCartItems() !== before) return ls.set(DIRTY_KEY, '1');
        adopt(cart);
        ls.set(DIRTY_KEY, null);
      })
      .catch(() => {
        // Offline, server trouble or the page being left: keep the local cart as it is. Unsaved changes
        // stay marked and are pushed on the next change or sign-in; a copy with no changes is never
        // pushed (it would overwrite what other devices saved).
      })
      .finally(() => {
        if (!current) return;
        setReadyFor(userId);
        setCartSyncing(false);
      });
    return () => {
      current = false;
    };
  }, [userId, status, utils]);

  // Declared after the sign-in effect, so the reconciliation it starts is marked before the wait for
  // this code ends (cart-sync-loader.tsx).
  useEffect(() => setCartSyncLoading(false), []);

  // Local changes → debounced PUT.
  useEffect(() => {
    if (!userId || readyFor !== userId) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = subscribeCart(() => {
      if (applyingRemote.current) return;
      ls.set(DIRTY_KEY, '1');
      const seq = ++changeSeq.current;
      clearTimeout(timer);
      timer = setTimeout(() => {
        utils.client.cart.put
          .mutate({ lines: toLines(getCartItems()) })
          .then((cart) => {
            ls.set(VERSION_KEY, String(cart.version));
            utils.cart.get.setData(undefined, cart);
            if (seq === changeSeq.current) ls.set(DIRTY_KEY, null);
          })
          .catch(() => {
            /* stays dirty: pushed on the next change or sign-in */
          });
      }, CART_PUT_DEBOUNCE_MS);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [userId, readyFor, utils]);

  // Another device changed the cart: adopt the server copy when it is newer and nothing here is unsaved.
  const remote = trpc.cart.get.useQuery(undefined, {
    enabled: !!userId && readyFor === userId,
    refetchInterval: STALE_CART_MS,
    refetchIntervalInBackground: false,
  });
  useEffect(() => {
    const cart = remote.data;
    if (!cart || !userId || readyFor !== userId || ls.get(DIRTY_KEY)) return;
    if (cart.version > Number(ls.get(VERSION_KEY) ?? 0)) adopt(cart);
  }, [remote.data, userId, readyFor]);

  return null;
}
