import type { SVGProps } from 'react';

/** The Hydro Shakes mark: a droplet holding a leaf. */
export function BrandMark(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 40 40" aria-hidden="true" focusable="false" {...props}>
      <rect width="40" height="40" rx="12" fill="#1e6742" />
      <path d="M20 7.5c5.2 6.4 9 11.3 9 16a9 9 0 0 1-18 0c0-4.7 3.8-9.6 9-16z" fill="#e5f2e9" />
      <path d="M15.5 27.5c.4-5.6 3.6-9.2 9.3-10.4-.3 6-3.6 9.6-9.3 10.4z" fill="#3d9963" />
      <path d="M15.5 27.5c2-3 4.2-5 7-6.6" stroke="#c3dd5f" strokeWidth="1.2" strokeLinecap="round" fill="none" />
    </svg>
  );
}
