import { Link, useRoute } from 'wouter';
import { usePageTitle } from '../components/page-title';
import DeliveriesView from '../features/schedules/schedules-view';
import { ScheduleFormPage } from '../features/schedules/schedule-form';

/**
 * /deliveries: standing deliveries (PRODUCT.md §15) — the calendar; /deliveries/new (?shake=<id> from a
 * shake page) sets one up, /deliveries/:id/edit changes it. Signed-in only (RequireAuth in app.tsx).
 */
export default function DeliveriesPage() {
  const [isNew] = useRoute('/deliveries/new');
  const [isEdit, params] = useRoute<{ id: string }>('/deliveries/:id/edit');
  const title = isNew ? 'New standing delivery' : isEdit ? 'Edit standing delivery' : 'My deliveries';
  usePageTitle(title);
  return (
    <div className="container page dl-page" data-page="deliveries">
      <header className="dl-page__header">
        {isNew || isEdit ? (
          <Link href="/deliveries" className="link text-sm">
            ← My deliveries
          </Link>
        ) : (
          <p className="eyebrow">Standing deliveries</p>
        )}
        <h1 className="h2">{title}</h1>
        {isNew ? (
          <p className="text-muted">
            Four steps: your shakes, the days, a delivery time and the address. Paid from your wallet each evening.
          </p>
        ) : null}
      </header>
      {isNew ? <ScheduleFormPage /> : isEdit ? <ScheduleFormPage id={params.id} /> : <DeliveriesView />}
    </div>
  );
}
