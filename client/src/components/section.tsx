import type { HTMLAttributes, ReactNode } from 'react';

type SectionProps = Omit<HTMLAttributes<HTMLElement>, 'title'> & {
  /** The heading's id: the section is named by its h2 (aria-labelledby), so a screen reader and a test find the region by its title. */
  titleId: string;
  title: ReactNode;
  /** The heading's class ('h4' on the cards). */
  headingClassName?: string;
  /** With a head: the heading and `aside` (a note, filters) share a wrapper of this class. */
  headClassName?: string;
  aside?: ReactNode;
  'data-testid'?: string;
};

/** A titled region of a page (the order's cards, the profile's cards, the shake's details …): one h2 that names it. */
export function Section({ titleId, title, headingClassName = 'h4', headClassName, aside, children, ...rest }: SectionProps) {
  const heading = (
    <h2 className={headingClassName} id={titleId}>
      {title}
    </h2>
  );
  return (
    <section {...rest} aria-labelledby={titleId}>
      {headClassName ? (
        <div className={headClassName}>
          {heading}
          {aside}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
