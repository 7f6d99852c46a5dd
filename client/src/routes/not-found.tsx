import { lazy, Suspense } from 'react';
import { useLocation } from 'wouter';
import { NotFoundCard } from '../components/not-found-card';
import { usePageTitle } from '../components/page-title';
import { PageLoader } from '../components/page-loader';

/**
 * Pages without a line in the shell's route table come through here: the home page's bundle has no
 * bytes to spare for one more route (decision 250). /privacy is such a page, in its own chunk.
 */
const PrivacyPage = lazy(() => import('./privacy'));

export default function NotFoundPage() {
  const [path] = useLocation();
  if (path === '/privacy')
    return (
      <Suspense fallback={<PageLoader />}>
        <PrivacyPage />
      </Suspense>
    );
  return <Missing />;
}

function Missing() {
  usePageTitle('Page Not Found');
  return <NotFoundCard />;
}
