import { useEffect } from 'react';
import { usePageTitle } from './page-title';

const DEFAULT_DESCRIPTION =
  'Premium shakes made from hydroponically grown greens, picked the morning we blend them and delivered cold across Bengaluru.';

/** A page's own title and meta description (restored to the shop's when the page leaves). */
export function usePageMeta(title: string | null, description: string | null): void {
  usePageTitle(title);
  useEffect(() => {
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    const before = meta.content || DEFAULT_DESCRIPTION;
    if (description) meta.content = description;
    return () => {
      meta.content = before;
    };
  }, [description]);
}
