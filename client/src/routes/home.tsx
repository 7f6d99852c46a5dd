import { lazy, Suspense } from 'react';
import { usePageTitle } from '../components/page-title';
import { useAuth } from '../features/auth/auth-context';
import { HomeHero } from '../features/catalogue/home-hero';
import { FeaturedShakes } from '../features/catalogue/featured-shakes';
import { DeferredHomeSections } from '../features/catalogue/deferred-home-sections';
import '../styles/pages/home.css';

// Only signed-in customers can have an order on its way: guests never download the banner's code.
const ActiveOrderBanner = lazy(() => import('../features/orders/active-order-banner').then((m) => ({ default: m.ActiveOrderBanner })));

/** Spec §2 "/": hero, stats, the first 3 signature shakes, then the sections loaded after first view. */
export default function HomePage() {
  usePageTitle(null);
  const { user } = useAuth();
  return (
    <div data-page="home">
      <HomeHero />
      <FeaturedShakes />
      <DeferredHomeSections />
      {user ? (
        <Suspense fallback={null}>
          <ActiveOrderBanner floating />
        </Suspense>
      ) : null}
    </div>
  );
}
