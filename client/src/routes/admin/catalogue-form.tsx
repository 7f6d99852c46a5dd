import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Field, Input } from '../../components/input';
import { Button } from '../../components/button';
import { apiFetch } from '../../lib/api-fetch';
import { messageOf } from '../../lib/errors';
import { ALLERGENS, type Allergen } from '../../../../shared/schemas/catalogue';
import { IMAGE_UPLOAD, type UploadedImage } from '../../../../shared/schemas/catalogue-admin';
import { formatRupees, parseRupees } from '../../../../shared/rules/money';
import { SHAKE_PLACEHOLDER_IMAGE } from '../../components/shake-card';
// RupeeField's ₹ prefix (.admin-money) travels with it, whichever screen uses it.
import './admin-catalogue.css';

/** Pieces shared by the shake and ingredient editors (/admin/shakes, /admin/ingredients). */

export const ALLERGEN_LABELS: Record<Allergen, string> = { dairy: 'Dairy', nuts: 'Nuts', soy: 'Soy', gluten: 'Gluten' };

/** Text in a form, numbers on the wire: '' stays '' so a cleared field is reported, not sent as 0. */
export const numberOrNaN = (s: string): number => (s.trim() === '' ? Number.NaN : Number(s.replace(/,/g, '')));
/** Rupees typed → paise by the shop's one parser (shared/rules/money.ts); NaN when it is not an amount, so the form says "Enter a price". */
export const paiseFrom = (s: string): number => parseRupees(s) ?? Number.NaN;
export const listFrom = (s: string): string[] =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

export function RupeeField(props: {
  label: string;
  value: string;
  onChange(v: string): void;
  error?: string;
  hint?: ReactNode;
  name: string;
}) {
  const shown = paiseFrom(props.value);
  return (
    <Field
      label={props.label}
      error={props.error}
      hint={props.hint ?? (Number.isFinite(shown) ? `Shown as ${formatRupees(shown)}` : 'In rupees')}
    >
      {(p) => (
        <div className="admin-money">
          <span aria-hidden="true">₹</span>
          <Input {...p} name={props.name} inputMode="decimal" value={props.value} onChange={(e) => props.onChange(e.target.value)} />
        </div>
      )}
    </Field>
  );
}

export function NumberField(props: {
  label: string;
  value: string;
  onChange(v: string): void;
  error?: string;
  name: string;
  unit?: string;
  hint?: string;
}) {
  return (
    <Field label={props.unit ? `${props.label} (${props.unit})` : props.label} error={props.error} hint={props.hint}>
      {(p) => <Input {...p} name={props.name} inputMode="decimal" value={props.value} onChange={(e) => props.onChange(e.target.value)} />}
    </Field>
  );
}

export function AllergenChecks({ value, onChange }: { value: Allergen[]; onChange(v: Allergen[]): void }) {
  const id = useId();
  return (
    <fieldset className="admin-fieldset" aria-labelledby={id}>
      <legend id={id} className="label">
        Allergens
      </legend>
      <div className="admin-checks">
        {ALLERGENS.map((a) => (
          <label key={a} className="checkbox">
            <input
              type="checkbox"
              checked={value.includes(a)}
              onChange={(e) => onChange(e.target.checked ? [...value, a] : value.filter((x) => x !== a))}
            />
            <span>{ALLERGEN_LABELS[a]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function Toggle({
  label,
  checked,
  onChange,
  hint,
  error,
}: {
  label: string;
  checked: boolean;
  onChange(v: boolean): void;
  hint?: string;
  error?: string;
}) {
  const errorId = useId();
  return (
    <label className="checkbox admin-toggle">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      <span>
        {label}
        {hint ? <small className="admin-toggle__hint">{hint}</small> : null}
        {error ? (
          <small className="field__error admin-toggle__error" id={errorId} role="alert">
            {error}
          </small>
        ) : null}
      </span>
    </label>
  );
}

/** Upload a picture: the server checks the bytes, re-encodes and answers the immutable URL with its size. */
export function ImagePicker({ value, onChange, error }: { value: string; onChange(url: string): void; error?: string }) {
  const file = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [info, setInfo] = useState<UploadedImage | null>(null);
  const id = useId();

  async function upload(f: File) {
    setProblem(null);
    if (f.size > IMAGE_UPLOAD.maxBytes) {
      setProblem(`That picture is ${(f.size / 1024 / 1024).toFixed(1)} MiB; pictures are at most 5 MiB.`);
      return;
    }
    setBusy(true);
    try {
      const img = await apiFetch<UploadedImage>('/api/admin/images', {
        method: 'POST',
        body: f,
        headers: { 'content-type': f.type || 'application/octet-stream' },
      });
      setInfo(img);
      onChange(img.url);
    } catch (e) {
      setProblem(messageOf(e, 'The picture could not be uploaded. Please try again.'));
    } finally {
      setBusy(false);
      if (file.current) file.current.value = '';
    }
  }

  const shown = problem ?? error;
  return (
    <div className="admin-image" role="group" aria-labelledby={id}>
      <p id={id} className="label">
        Picture
      </p>
      <div className="admin-image__row">
        <img
          className="admin-image__preview"
          src={value || SHAKE_PLACEHOLDER_IMAGE}
          alt=""
          width={IMAGE_UPLOAD.width}
          height={IMAGE_UPLOAD.height}
          onError={(e) => {
            if (!e.currentTarget.src.endsWith(SHAKE_PLACEHOLDER_IMAGE)) e.currentTarget.src = SHAKE_PLACEHOLDER_IMAGE;
          }}
        />
        <div className="stack stack--sm">
          <input
            ref={file}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(e) => {
              const f = e.target.files?.[0];
              if (f) void upload(f);
            }}
            data-testid="image-file"
          />
          <Button variant="secondary" size="sm" loading={busy} onClick={() => file.current?.click()}>
            {value ? 'Replace picture' : 'Upload picture'}
          </Button>
          <p className="text-xs text-subtle">
            {info
              ? `Saved as WebP, ${info.width} × ${info.height}, ${Math.round(info.bytes / 1024)} KB.`
              : `${IMAGE_UPLOAD.accepted}, up to 5 MiB. Cropped to 4:3.`}
          </p>
        </div>
      </div>
      {shown ? (
        <p className="field__error" role="alert">
          {shown}
        </p>
      ) : null}
    </div>
  );
}

/** Up/down buttons that move a row one place (the server stores the whole new order). */
export function MoveButtons({
  name,
  index,
  count,
  onMove,
  disabled,
}: {
  name: string;
  index: number;
  count: number;
  onMove(to: number): void;
  disabled?: boolean;
}) {
  return (
    <span className="admin-move">
      <button type="button" aria-label={`Move ${name} up`} disabled={disabled || index === 0} onClick={() => onMove(index - 1)}>
        ↑
      </button>
      <button type="button" aria-label={`Move ${name} down`} disabled={disabled || index === count - 1} onClick={() => onMove(index + 1)}>
        ↓
      </button>
    </span>
  );
}

export function moved<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

export const slugify = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);

/** The editor opens below the list on narrow screens: bring it into view and put focus in it. */
export function useRevealEditor(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (window.matchMedia('(max-width: 71.99rem)').matches) el.scrollIntoView({ block: 'start' });
    el.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
  }, [ref]);
}
