import { renderToStaticMarkup } from 'react-dom/server';
import { Router } from 'wouter';
import { Providers } from '../providers';
import { SiteHeader } from '../components/header';
import { HomeHero } from '../features/catalogue/home-hero';

/**
 * The first view of "/" as static HTML, rendered at build time (vite.config.ts, plugin
 * `first-view`) from the real header and hero, signed out, with an empty cart. It mirrors
 * Layout's wrappers (.site > header + main > [data-page=home]) so every box sits where the
 * app will put it; it is built into #root, so React's first commit there (the home page: main.tsx
 * loads its chunk before rendering) replaces it. Shown to
 * guests only (start.ts): a signed-in shopper would see "Login" until then.
 */
export function renderFirstView(): string {
  const html = renderToStaticMarkup(
    <Providers>
      <Router ssrPath="/">
        <div className="site">
          <a className="skip-link" href="#main">
            Skip to content
          </a>
          <SiteHeader />
          <main id="main" className="site-main" tabIndex={-1}>
            <div data-page="home">
              <HomeHero />
            </div>
          </main>
        </div>
      </Router>
    </Providers>,
  );
  return (
    html
      // Ids of its own: a lookup of #hero-title or #main means the app has mounted (it replaces this
      // view in its first commit, so both are never in the document together).
      .replace(/ (id|aria-labelledby|aria-controls)="([^"]+)"/g, ' $1="first-view-$2"')
      .replace(/ href="#([^"]+)"/g, ' href="#first-view-$1"')
      // Links work as plain links; the menu button does nothing until the app runs, and says so.
      .replace(/<button ([^>]*class="header-icon menu-toggle")/, '<button aria-disabled="true" $1')
  );
}
