import { shopWorker } from '../../lib/service-worker';

/**
 * This browser's web push subscription (PRODUCT.md §22, decision 270): the worker that shows the
 * notifications (the shop's one worker, /sw.js: lib/service-worker.ts) and the browser's PushManager.
 * The server is told through the shop's tRPC client (the one fetch path) by the caller; this file only
 * talks to the browser.
 */

/** The browser can show the shop's notifications: a service worker, the Push API, notifications. */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The person said no in the browser's prompt: only the browser's site settings can undo it. */
export function pushBlocked(): boolean {
  return pushSupported() && Notification.permission === 'denied';
}

/** The browser's current subscription, or null (no worker yet, or never subscribed). */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration('/');
  return reg ? reg.pushManager.getSubscription() : null;
}

/** VAPID keys travel as URL-safe base64; the browser wants the bytes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

export class PushRefused extends Error {}

/**
 * Asks the browser (its own permission prompt) and subscribes with the shop's key; answers the
 * subscription's JSON for POST /api/user/push-subscriptions.
 */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscriptionJSON> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushRefused('Notifications are blocked for this site in your browser’s settings.');
  const reg = await shopWorker();
  const sub =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  return sub.toJSON();
}

/** Ends this browser's subscription at its push service; answers the endpoint it had (to remove it on the server). */
export async function unsubscribeThisBrowser(): Promise<string | null> {
  const sub = await currentPushSubscription();
  if (!sub) return null;
  await sub.unsubscribe();
  return sub.endpoint;
}
