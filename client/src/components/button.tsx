import { forwardRef, type AnchorHTMLAttributes, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { Link } from 'wouter';

export type ButtonVariant = 'primary' | 'secondary' | 'soft' | 'ghost' | 'accent' | 'light' | 'outline-light' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface StyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
  /** Square icon-only button: give it an aria-label. */
  icon?: boolean;
}

/** The .btn class list for a variant; use it on any element (e.g. a wouter <Link>). */
export function buttonClass({ variant = 'primary', size = 'md', block, icon }: StyleProps = {}, extra?: string): string {
  return ['btn', `btn--${variant}`, size !== 'md' && `btn--${size}`, block && 'btn--block', icon && 'btn--icon', extra]
    .filter(Boolean)
    .join(' ');
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & StyleProps & { loading?: boolean };

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, block, icon, loading, className, type = 'button', disabled, children, ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={buttonClass({ variant, size, block, icon }, className)}
      disabled={disabled || loading}
      data-loading={loading ? 'true' : undefined}
      aria-busy={loading || undefined}
      {...rest}
    >
      {children}
    </button>
  );
});

type LinkButtonProps = AnchorHTMLAttributes<HTMLAnchorElement> & StyleProps & { href: string; children: ReactNode };

/** A client-side link that looks like a button (navigation, not an action). */
export function LinkButton({ variant, size, block, icon, className, href, children, ...rest }: LinkButtonProps) {
  return (
    <Link href={href} className={buttonClass({ variant, size, block, icon }, className)} {...rest}>
      {children}
    </Link>
  );
}
