import type { ReactNode } from 'react';
import { Button } from '../../components/button';

/** "Page N of M" with Previous / Next under an admin table. */
export function AdminPager({ page, pages, onPage }: { page: number; pages: number; onPage(page: number): void }) {
  return (
    <div className="admin-pager">
      <span className="text-sm text-subtle">
        Page {page} of {pages}
      </span>
      <div className="cluster">
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </div>
  );
}

/** The one row an admin table shows when nothing matches. */
export function EmptyRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="text-muted">
        {children}
      </td>
    </tr>
  );
}
