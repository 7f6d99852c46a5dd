import type { CSSProperties, ReactNode } from 'react';

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

/**
 * A column heading: its text, or the text with the heading cell's class. `hidden`: a heading only
 * screen readers read (the actions column); `false`/`null`: a column this table leaves out.
 */
type Column = string | { label: string; className?: string; hidden?: boolean; title?: string; key?: string } | false | null;

/**
 * The back office's table: a scrolling region named `label` (keyboard users can scroll it), the
 * column headings, and the rows the screen gives. `wrapClassName` adds to the region (`card` and
 * friends), `className` to the table.
 */
export function AdminTable({
  label,
  columns,
  wrapClassName,
  className,
  style,
  testId,
  caption,
  foot,
  after,
  children,
}: {
  label: string;
  columns: Column[];
  wrapClassName?: string;
  className?: string;
  style?: CSSProperties;
  testId?: string;
  caption?: ReactNode;
  /** The table's `<tfoot>` (totals). */
  foot?: ReactNode;
  /** Below the table, inside its region (a note on what it leaves out). */
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={wrapClassName ? `table-wrap ${wrapClassName}` : 'table-wrap'} tabIndex={0} role="region" aria-label={label}>
      <table className={className ? `table ${className}` : 'table'} style={style} data-testid={testId}>
        {caption}
        <thead>
          <tr>
            {columns.map((c) => {
              if (!c) return null;
              const { label: text, className: cell, hidden, title, key } = typeof c === 'string' ? { label: c } : c;
              return (
                <th key={key ?? text} scope="col" className={cell} title={title}>
                  {hidden ? <span className="visually-hidden">{text}</span> : text}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{children}</tbody>
        {foot}
      </table>
      {after}
    </div>
  );
}
