import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useLocation } from 'wouter';
import { SiteHeader } from './header';
import { SiteFooter } from './footer';
import { Toaster } from './toast';

/** Spec §2 Shell: the footer is hidden on the custom shake builder. */
export const FOOTERLESS_ROUTES = ['/custom-shake'];

/** The admin area (/admin/*, not its login page) and the rider app (/rider) have their own compact shells: no shop header or footer. */
export const isAdminArea = (location: string) => /^\/(admin|rider)(\/|$)/.test(location) && !/^\/admin\/login\/?$/.test(location);

/** New page: start at the top (or at the #anchor) and tell assistive tech where we are. */
function useRouteFocus(location: string, main: RefObject<HTMLElement | null>) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const hash = window.location.hash.slice(1);
    const target = hash ? document.getElementById(hash) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
    main.current?.focus({ preventScroll: true });
  }, [location, main]);
}

export function Layout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const main = useRef<HTMLElement>(null);
  useRouteFocus(location, main);
  const showFooter = !FOOTERLESS_ROUTES.includes(location.replace(/\/+$/, '') || '/');
  if (isAdminArea(location)) {
    return (
      <div className="site site--admin">
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        {children}
        <Toaster />
      </div>
    );
  }
  return (
    <div className="site">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="site-main" tabIndex={-1} ref={main}>
        {children}
      </main>
      {showFooter ? <SiteFooter /> : null}
      <Toaster />
    </div>
  );
}
