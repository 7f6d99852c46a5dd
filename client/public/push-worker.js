/* global self, URL */
/*
 * The shop's notifications on this device (PRODUCT.md §22, decision 270): a push message carries the
 * inbox message's title, body and link (JSON, encrypted by the server for this browser); tapping the
 * notification opens that page, in a tab of the shop already open when there is one. Imported by the
 * shop's one service worker, /sw.js (Workbox, vite.config.ts, decision 285), which does the caching.
 */

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: 'Hydro Shakes', body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || 'Hydro Shakes', {
      body: data.body || '',
      tag: data.tag,
      renotify: Boolean(data.tag),
      icon: '/apple-touch-icon.png',
      badge: '/favicon.svg',
      data: { url: data.url || '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((tabs) => {
      const tab = tabs.find((c) => new URL(c.url).origin === self.location.origin);
      if (tab) return tab.navigate(url).then((c) => (c || tab).focus());
      return self.clients.openWindow(url);
    }),
  );
});
