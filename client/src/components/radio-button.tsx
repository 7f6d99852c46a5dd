import type { ButtonHTMLAttributes } from 'react';

/** One choice of a role="radiogroup" drawn as a button (date chips, slot times, builder cards, address cards): `checked` is read out as aria-checked. */
export function RadioButton({ checked, ...rest }: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'role'> & { checked: boolean }) {
  return <button type="button" role="radio" aria-checked={checked} {...rest} />;
}
