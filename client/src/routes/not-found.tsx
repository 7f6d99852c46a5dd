import { NotFoundCard } from '../components/not-found-card';
import { usePageTitle } from '../components/page-title';

export default function NotFoundPage() {
  usePageTitle('Page Not Found');
  return <NotFoundCard />;
}
