import { useEffect } from 'react';

/**
 * The rider app installs on its own (decision 298): its manifest, /rider.webmanifest (start URL /rider),
 * is linked from the rider's pages only. The server sends /rider with it already linked (server/app.ts);
 * this keeps the link right when the app moves to /rider from another page and back.
 */
export const RIDER_MANIFEST = '/rider.webmanifest';
const SHOP_MANIFEST = '/manifest.webmanifest';

export function useRiderManifest(): void {
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    if (!link) return;
    link.setAttribute('href', RIDER_MANIFEST);
    return () => link.setAttribute('href', SHOP_MANIFEST);
  }, []);
}
