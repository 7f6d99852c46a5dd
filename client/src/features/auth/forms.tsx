import { useState, type FormEvent, type ReactNode } from 'react';
import { ApiError, apiFetch } from '../../lib/api-fetch';
import { useFormSubmit } from '../../lib/use-form-submit';
import { Checkbox, Field, Input } from '../../components/input';
import { AlertIcon, CheckIcon } from '../../components/icons';
import { Button } from '../../components/button';
import { passwordProblem } from '../../../../shared/rules/password';
import { NOTICE_ITEMS, NOTICE_VERSION, PURPOSE_LABELS } from '../../../../shared/rules/privacy-notice';

export function FormAlert({ kind, children }: { kind: 'danger' | 'success'; children: ReactNode }) {
  return (
    <div className={`alert alert--${kind}`} role={kind === 'danger' ? 'alert' : 'status'}>
      {kind === 'danger' ? <AlertIcon aria-hidden="true" /> : <CheckIcon aria-hidden="true" />}
      <span>{children}</span>
    </div>
  );
}

/** The top of an auth card: its title (the card's name, by `id`) and a line under it. */
export function AuthCardHeader({ id, title, children }: { id: string; title: ReactNode; children?: ReactNode }) {
  return (
    <header className="auth-card__header">
      <h1 id={id} className="h2">
        {title}
      </h1>
      {children ? <p className="text-muted">{children}</p> : null}
    </header>
  );
}

/** A password input with a show/hide toggle (typing on a phone is hard enough). */
export function PasswordField(props: {
  label: string;
  name: string;
  value: string;
  onChange(v: string): void;
  error?: string;
  hint?: ReactNode;
  autoComplete: 'current-password' | 'new-password';
}) {
  const [shown, setShown] = useState(false);
  return (
    <Field label={props.label} error={props.error} hint={props.hint}>
      {(p) => (
        <div className="auth-password">
          <Input
            {...p}
            name={props.name}
            type={shown ? 'text' : 'password'}
            autoComplete={props.autoComplete}
            value={props.value}
            onChange={(e) => props.onChange(e.target.value)}
            maxLength={128}
            required
          />
          <button
            type="button"
            className="auth-password__toggle"
            onClick={() => setShown((s) => !s)}
            aria-pressed={shown}
            aria-label={shown ? 'Hide password' : 'Show password'}
          >
            {shown ? 'Hide' : 'Show'}
          </button>
        </div>
      )}
    </Field>
  );
}

/** The e-mail field of every auth form. */
export function EmailField({ value, onChange, error }: { value: string; onChange(v: string): void; error?: string }) {
  return (
    <Field label="E-mail" error={error}>
      {(p) => (
        <Input
          {...p}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          maxLength={254}
          required
        />
      )}
    </Field>
  );
}

/** A mobile number with the +91 before it: sign-up, sign-in by code, the profile. */
export function MobileField(props: {
  label?: string;
  value: string;
  onChange(v: string): void;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  readOnly?: boolean;
}) {
  return (
    <Field label={props.label ?? 'Mobile'} error={props.error} hint={props.hint}>
      {(p) => (
        <div className="auth-mobile">
          <span className="auth-mobile__prefix" aria-hidden="true">
            +91
          </span>
          <Input
            {...p}
            name="mobile"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            value={props.value}
            onChange={(e) => props.onChange(e.target.value)}
            maxLength={32}
            required={props.required}
            readOnly={props.readOnly}
          />
        </div>
      )}
    </Field>
  );
}

export const PASSWORD_HINT = '8 to 128 characters. A short sentence is easy to remember and hard to guess.';

/** Spec §7: try reset-password-brevo; on any failure but a rate limit, fall back to reset-password. */
export async function requestPasswordReset(email: string): Promise<string> {
  const call = async (path: string) => {
    const body = await apiFetch<{ message?: string } | undefined>(path, { method: 'POST', json: { email } });
    return body?.message ?? 'If an account exists for that e-mail, we have sent a link to reset the password.';
  };
  try {
    return await call('/api/auth/reset-password-brevo');
  } catch (e) {
    // Spec §7: any failure falls back, a refused e-mail included (the second call answers it again).
    // Except a rate limit: both calls share it, so it is shown as it is instead of spending another try.
    if (e instanceof ApiError && e.status === 429) throw e;
    return call('/api/auth/reset-password');
  }
}

/** The e-mail form that asks for a reset link (on /auth and on /reset-password); shows the answer once sent. */
export function ResetLinkRequestForm({ submitLabel }: { submitLabel: string }) {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const { busy, error, fields, run } = useFormSubmit();

  async function submit(e: FormEvent) {
    e.preventDefault();
    await run(async () => setSent(await requestPasswordReset(email)), { fallback: 'We could not send the link. Please try again.' });
  }

  if (sent) return <FormAlert kind="success">{sent}</FormAlert>;
  return (
    <form className="stack auth-form" onSubmit={submit} noValidate aria-label="Reset password">
      {error ? <FormAlert kind="danger">{error}</FormAlert> : null}
      <EmailField value={email} onChange={setEmail} error={fields.email} />
      <Button type="submit" size="lg" block loading={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}

/**
 * THE form that sets a password from a link: the reset page's and the invitation's (/join).
 * Same labels, the same rule as the server (shared/rules/password.ts, checked before the call so the
 * sentence is the server's own), the same errors; the page says what the password is for and where
 * it leads. `save` makes the call and moves on; a refusal shows beside its field or above the form.
 */
export function SetPasswordForm(props: {
  /** The form's name for assistive technology ("Set a new password"). */
  label: string;
  submitLabel: string;
  /** A line above the fields, when the page needs one. */
  intro?: ReactNode;
  /** The account's e-mail when the page knows it: the rule refuses its name part as a password. */
  email?: string | null;
  /** Said when the server gives no sentence of its own. */
  fallback: string;
  save(password: string): Promise<void>;
  /** Anything else a refusal means for the page (a spent link). */
  onRefused?(err: unknown): void;
}) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { busy, error, fields, run, setError, setFields } = useFormSubmit();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = passwordProblem(password, { email: props.email ?? undefined });
    if (problem || password !== confirm) {
      setError(null);
      setFields(problem ? { password: problem } : { confirm: 'The two passwords are not the same.' });
      return;
    }
    await run(() => props.save(password), { fallback: props.fallback, onRefused: props.onRefused });
  }

  return (
    <form className="stack auth-form" onSubmit={submit} noValidate aria-label={props.label}>
      {error ? <FormAlert kind="danger">{error}</FormAlert> : null}
      {props.intro ? <p className="text-sm text-muted">{props.intro}</p> : null}
      <PasswordField
        label="New password"
        name="password"
        value={password}
        onChange={setPassword}
        error={fields.password}
        hint={PASSWORD_HINT}
        autoComplete="new-password"
      />
      <PasswordField
        label="Repeat the new password"
        name="confirm"
        value={confirm}
        onChange={setConfirm}
        error={fields.confirm}
        autoComplete="new-password"
      />
      <Button type="submit" size="lg" block loading={busy}>
        {props.submitLabel}
      </Button>
    </form>
  );
}


// ---------- the privacy notice (decision 250): beside the forms it is part of, in their chunk ----------

/** The itemised notice (what, why, how long), as sign-up and /privacy show it. */
export function NoticeItems() {
  return (
    <ul className="privacy-notice list-reset" data-testid="privacy-notice">
      {NOTICE_ITEMS.map((i) => (
        <li key={i.what}>
          <strong>{i.what}</strong>
          <span>{i.why}.</span>
          <span className="text-xs text-subtle">
            {PURPOSE_LABELS[i.purpose].title} · kept: {i.kept.toLowerCase()}
          </span>
        </li>
      ))}
    </ul>
  );
}

export interface SignupChoices {
  account: boolean;
  whatsapp: boolean;
  marketing: boolean;
}

/**
 * The notice folded under its summary, and the three consents: the account (needed to go on), WhatsApp
 * and offers (each optional, each unticked until the person ticks it).
 */
export function SignupConsent({ value, onChange, error }: { value: SignupChoices; onChange(v: SignupChoices): void; error?: string }) {
  const set = (k: keyof SignupChoices) => (e: { target: { checked: boolean } }) => onChange({ ...value, [k]: e.target.checked });
  return (
    <fieldset className="privacy-consent stack stack--sm" data-notice-version={NOTICE_VERSION}>
      <legend className="text-sm">What we keep about you, and what you agree to</legend>
      <details className="privacy-consent__notice">
        <summary className="text-sm">Read our privacy notice (version {NOTICE_VERSION})</summary>
        <NoticeItems />
        <p className="text-xs text-subtle">
          You can download your data, withdraw a consent or delete your account at any time under Privacy in your profile. Questions:{' '}
          <a href="/privacy">our grievance officer</a>.
        </p>
      </details>
      <Checkbox name="consent-account" checked={value.account} onChange={set('account')} label={<>I have read the notice and agree to it for my account and deliveries</>} />
      {error ? (
        <p className="field__error text-sm" role="alert">
          {error}
        </p>
      ) : null}
      <Checkbox name="consent-whatsapp" checked={value.whatsapp} onChange={set('whatsapp')} label={PURPOSE_LABELS.whatsapp.title} />
      <Checkbox name="consent-marketing" checked={value.marketing} onChange={set('marketing')} label={PURPOSE_LABELS.marketing.title} />
    </fieldset>
  );
}

export const NEEDS_ACCOUNT_CONSENT = 'Tick the box to agree to the notice: your account needs it.';
