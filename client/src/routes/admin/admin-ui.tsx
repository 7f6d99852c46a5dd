import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { Button } from '../../components/button';
import { Field, Input, Select } from '../../components/input';

/**
 * The parts every back-office screen repeats — its page header, the filter bar (search box,
 * status and other selects, the count of what matched) and a dialog's buttons — so that screens
 * read and behave alike. Tables are in admin-table.tsx. Lazy-loaded with the back office only.
 */

/** A screen's frame: `<section data-page>` and its header (eyebrow, title, intro; `actions` sit on the right). */
export function AdminPage({
  page,
  className,
  children,
  ...header
}: { page: string; className?: string; children: ReactNode } & HeaderProps) {
  return (
    <section className={className ? `admin-page ${className}` : 'admin-page'} data-page={page}>
      <AdminPageHeader {...header} />
      {children}
    </section>
  );
}

interface HeaderProps {
  eyebrow: string;
  title: ReactNode;
  intro?: ReactNode;
  /** The intro's text style (most screens: muted). */
  introClassName?: string;
  actions?: ReactNode;
}

export function AdminPageHeader({ eyebrow, title, intro, introClassName = 'text-muted', actions }: HeaderProps) {
  const text = (
    <>
      <p className="eyebrow">{eyebrow}</p>
      <h1 className="h2">{title}</h1>
      {intro ? <p className={introClassName}>{intro}</p> : null}
    </>
  );
  if (!actions) return <header className="admin-page__header">{text}</header>;
  return (
    <header className="admin-page__header admin-page__header--row">
      <div className="stack stack--sm">{text}</div>
      {actions}
    </header>
  );
}

/**
 * What the search box holds (`term`) and, `ms` after the last keystroke, the trimmed text the list
 * asks for (`query`): search as you type without a request per keystroke. `onSettle` runs with each
 * new query (back to the first page).
 */
export function useSearchTerm(initial = '', { ms = 250, onSettle }: { ms?: number; onSettle?(): void } = {}) {
  const [term, setTerm] = useState(initial);
  const [query, setQuery] = useState(initial);
  const settle = useEffectEvent((q: string) => {
    setQuery(q);
    onSettle?.();
  });
  useEffect(() => {
    const t = setTimeout(() => settle(term.trim()), ms);
    return () => clearTimeout(t);
  }, [term, ms]);
  return { term, setTerm, query };
}

/** The filter bar's search box. */
export function SearchFilter({
  label,
  placeholder,
  value,
  onChange,
  maxLength,
  testId,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange(v: string): void;
  maxLength?: number;
  testId?: string;
}) {
  return (
    <Field label={label}>
      {(p) => (
        <Input
          {...p}
          type="search"
          placeholder={placeholder}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          maxLength={maxLength}
          data-testid={testId}
        />
      )}
    </Field>
  );
}

/** A filter's select: the empty choice first (`any`, e.g. "Any status"), then the options. */
export function FilterSelect<V extends string>({
  label,
  value,
  onChange,
  any,
  options,
  testId,
}: {
  label: string;
  value: V | '';
  onChange(v: V | ''): void;
  any: string;
  options: readonly { value: V; label: ReactNode }[] | undefined;
  testId?: string;
}) {
  return (
    <Field label={label}>
      {(p) => (
        <Select {...p} value={value} onChange={(e) => onChange(e.target.value as V | '')} data-testid={testId}>
          <option value="">{any}</option>
          {options?.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

/** The delivery-slot filter (kitchen, deliveries, orders, schedules): every slot, or one. */
export function SlotFilter({
  value,
  onChange,
  slots,
  any = 'All slots',
  testId,
}: {
  value: string;
  onChange(v: string): void;
  slots: readonly { id: string; label: string }[] | undefined;
  any?: string;
  testId?: string;
}) {
  return (
    <FilterSelect
      label="Slot"
      value={value}
      onChange={onChange}
      any={any}
      options={slots?.map((s) => ({ value: s.id, label: s.label }))}
      testId={testId}
    />
  );
}

/** A card holding a screen's one filter (a date, a "show" choice), as narrow as a field. */
export function FilterCard({ children }: { children: ReactNode }) {
  return (
    <div className="card card--padded" style={{ maxWidth: 280 }}>
      {children}
    </div>
  );
}

/** How many rows matched, read out when it changes; empty until the list has loaded. */
export function ListCount({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p className="text-sm text-subtle" aria-live="polite" data-testid={testId}>
      {children}
    </p>
  );
}

/** "1 schedule", "1,204 schedules" (Indian digit grouping). */
export const countOf = (n: number, one: string, many: string) => `${n.toLocaleString('en-IN')} ${n === 1 ? one : many}`;

/** A dialog's buttons: the way out first (`cancel`), then the dialog's own action(s). */
export function DialogButtons({
  cancel,
  onCancel,
  cancelVariant = 'secondary',
  children,
}: {
  cancel: ReactNode;
  onCancel(): void;
  cancelVariant?: 'secondary' | 'ghost';
  children: ReactNode;
}) {
  return (
    <>
      <Button variant={cancelVariant} onClick={onCancel}>
        {cancel}
      </Button>
      {children}
    </>
  );
}
