import { Link } from 'wouter';
import { ArrowRightIcon, HomeIcon } from './icons';

/** Spec §2: any other path shows a card titled "Page Not Found". */
export function NotFoundCard({ message }: { message?: string }) {
  return (
    <div className="status-screen">
      <section className="status-card" aria-labelledby="not-found-title" data-testid="not-found">
        <p className="status-card__code" aria-hidden="true">
          404
        </p>
        <h1 id="not-found-title">Page Not Found</h1>
        <p>{message ?? 'This page may have moved, or the link has a typo. Everything fresh is still one click away.'}</p>
        <div className="cluster">
          <Link href="/" className="btn btn--primary">
            <HomeIcon />
            Back to home
          </Link>
          <Link href="/signature-shakes" className="btn btn--ghost">
            Browse shakes
            <ArrowRightIcon />
          </Link>
        </div>
      </section>
    </div>
  );
}
