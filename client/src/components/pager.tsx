import { Button } from './button';

/**
 * The one pager, under every paged list in the shop and the back office: "Page N of M" with Previous / Next.
 * Nothing to show for a single page, unless the address asked for a later one (then Previous leads back).
 */
export function Pager({ page, pages, onPage, label }: { page: number; pages: number; onPage(page: number): void; label: string }) {
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav className="list-head" aria-label={label}>
      <span className="text-sm text-subtle" data-testid="pager-status">
        Page {page} of {pages}
      </span>
      <div className="cluster">
        <Button
          variant="secondary"
          size="sm"
          disabled={page <= 1}
          onClick={() => onPage(Math.min(page - 1, pages))}
          data-testid="pager-previous"
        >
          Previous
        </Button>
        <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)} data-testid="pager-next">
          Next
        </Button>
      </div>
    </nav>
  );
}
