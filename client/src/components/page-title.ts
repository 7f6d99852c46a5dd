import { useEffect } from 'react';

const SITE = 'Hydro Shakes';

/** Sets document.title for a page: "<title> · Hydro Shakes" (the home page passes null). */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} · ${SITE}` : `${SITE} — fresh hydroponic shakes`;
  }, [title]);
}
