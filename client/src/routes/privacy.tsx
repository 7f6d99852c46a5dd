import { Link } from 'wouter';
import { trpc } from '../lib/trpc';
import { usePageTitle } from '../components/page-title';
import { NoticeItems } from '../features/auth/forms';
import { NOTICE_VERSION } from '../../../shared/rules/privacy-notice';
import '../features/auth/auth.css';

/** /privacy: the notice in full, the person's rights and the grievance officer (DPDP Act 2023, Rules 2025). */
export default function PrivacyPage() {
  usePageTitle('Privacy');
  const notice = trpc.privacy.notice.useQuery();
  const n = notice.data;
  return (
    <div className="container page stack privacy-page" data-page="privacy">
      <header className="stack stack--sm">
        <p className="eyebrow">Your data</p>
        <h1>Privacy at Hydro Shakes</h1>
        <p className="text-muted">What we keep about you, why, and for how long. Notice version {NOTICE_VERSION}.</p>
      </header>
      <section className="card card--padded stack" aria-labelledby="privacy-kept">
        <h2 className="h4" id="privacy-kept">What we keep</h2>
        <NoticeItems />
        <p className="text-sm text-muted">
          An account nobody signs into for {n?.inactiveYears ?? 3} years is erased; we tell you at least 48 hours before. Sign-in records are kept 1 year.
        </p>
      </section>
      <section className="card card--padded stack" aria-labelledby="privacy-rights">
        <h2 className="h4" id="privacy-rights">Your choices</h2>
        <p>
          Under <Link href="/profile?tab=privacy">Privacy in your profile</Link> you can withdraw or give a consent (it takes effect at once), download
          everything we hold about you, and delete your account.
        </p>
      </section>
      <section className="card card--padded stack" aria-labelledby="privacy-officer" data-testid="grievance-officer">
        <h2 className="h4" id="privacy-officer">Questions and complaints</h2>
        {n ? (
          <>
            <p>
              Our grievance officer: <strong>{n.officer.name}</strong>, <a href={`mailto:${n.officer.email}`}>{n.officer.email}</a>
              {n.officer.phone ? <>, {n.officer.phone}</> : null}.
            </p>
            <p>
              Or send your complaint from <Link href="/profile?tab=privacy">Privacy in your profile</Link>: you get an acknowledgement at once
              with the date of our answer.
            </p>
            <p className="text-muted">We answer within {n.answerDays} days. If you are not satisfied, you may complain to the Data Protection Board of India.</p>
          </>
        ) : (
          <span className="skeleton" style={{ height: '3rem' }} aria-hidden="true" />
        )}
      </section>
    </div>
  );
}
