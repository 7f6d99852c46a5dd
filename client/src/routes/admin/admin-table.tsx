import type { ReactNode } from 'react';

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
