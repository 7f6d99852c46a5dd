import type { ReactNode } from 'react';

/** Nothing to list yet (an empty cart, no orders, no favourites …): an icon, a heading, a line and what to do next (`children`). */
export function EmptyState({
  icon,
  title,
  heading: Heading,
  headingClassName,
  className,
  testId,
  children,
}: {
  icon: ReactNode;
  title: ReactNode;
  /** The page's outline decides: h1 when it is all the page shows, h3 inside a profile tab. */
  heading: 'h1' | 'h2' | 'h3';
  headingClassName?: string;
  /** Classes besides empty-state. */
  className?: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div className={className ? `empty-state ${className}` : 'empty-state'} data-testid={testId}>
      <span className="empty-state__icon" aria-hidden="true">
        {icon}
      </span>
      <Heading className={headingClassName}>{title}</Heading>
      {children}
    </div>
  );
}
