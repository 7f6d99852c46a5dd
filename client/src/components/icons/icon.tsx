import type { SVGProps } from 'react';
import sprite from './sprite.svg?url';

export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/**
 * An icon from the sprite. Stroke and fill are set on the outer <svg> and inherited by the
 * symbol, so callers can still override them (e.g. fill="currentColor" for a filled heart).
 */
export function icon(id: string, filled = false) {
  return function Icon({ size = 24, ...rest }: IconProps) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill={filled ? 'currentColor' : 'none'}
        stroke={filled ? 'none' : 'currentColor'}
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...rest}
      >
        <use href={`${sprite}#${id}`} />
      </svg>
    );
  };
}
