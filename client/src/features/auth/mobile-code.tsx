import { useEffect, useRef, useState, type FormEvent } from 'react';
import { trpc } from '../../lib/trpc';
import { useFormSubmit } from '../../lib/use-form-submit';
import { Button } from '../../components/button';
import { Field, Input } from '../../components/input';
import { formatIndianMobile } from '../../../../shared/rules/india';
import { useAuth, type AuthAnswerLike } from './auth-context';
import { FormAlert, MobileField, NEEDS_ACCOUNT_CONSENT, SignupConsent, type SignupChoices } from './forms';
import { tokens } from './session';
import { RETURN_TO_KEY } from './guards';
import { NOTICE_VERSION } from '../../../../shared/rules/privacy-notice';

/** Seconds left before another code may be asked for (counts down once a second). */
function useCountdown(): [number, (s: number) => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft((x) => x - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);
  return [left, setLeft];
}

interface CodeFlowProps {
  /** Sends a code to the number; resolves with the server's answer. */
  request(mobile: string): Promise<{ message: string; resend_after: number }>;
  /** Checks the code. */
  verify(mobile: string, code: string): Promise<void>;
  numberLabel: string;
  sendLabel: string;
  verifyLabel: string;
  initialMobile?: string;
  onCancel?(): void;
}

/**
 * A number, then the 6-digit code sent to it: sign-in on /auth and a number change in the profile.
 * The resend button waits out the server's 30 s; "Change number" goes back to the first step.
 */
export function MobileCodeFlow(p: CodeFlowProps) {
  const [mobile, setMobile] = useState(p.initialMobile ?? '');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [wait, setWait] = useCountdown();
  const { busy, error, fields, run } = useFormSubmit();
  const codeInput = useRef<HTMLInputElement>(null);

  async function send(e?: FormEvent) {
    e?.preventDefault();
    await run(
      async () => {
        const r = await p.request(mobile);
        setSentTo(mobile);
        setNotice(r.message);
        setCode('');
        setWait(r.resend_after);
        setTimeout(() => codeInput.current?.focus(), 0);
      },
      { fallback: 'We could not send a code. Please try again.' },
    );
  }

  async function check(e: FormEvent) {
    e.preventDefault();
    await run(() => p.verify(sentTo!, code), { fallback: 'That code could not be checked. Please try again.' });
  }

  if (sentTo === null)
    return (
      <form className="stack auth-form" onSubmit={send} noValidate aria-label={p.sendLabel}>
        {error ? <FormAlert kind="danger">{error}</FormAlert> : null}
        <MobileField label={p.numberLabel} value={mobile} onChange={setMobile} error={fields.mobile} hint="We text you a 6-digit code." required />
        <div className="cluster">
          <Button type="submit" size="lg" block={!p.onCancel} loading={busy}>
            {p.sendLabel}
          </Button>
          {p.onCancel ? (
            <Button type="button" variant="ghost" onClick={p.onCancel}>
              Cancel
            </Button>
          ) : null}
        </div>
      </form>
    );

  return (
    <form className="stack auth-form" onSubmit={check} noValidate aria-label={p.verifyLabel}>
      {error ? <FormAlert kind="danger">{error}</FormAlert> : notice ? <FormAlert kind="success">{notice}</FormAlert> : null}
      <Field label="6-digit code" error={fields.code}>
        {(f) => (
          <Input
            {...f}
            ref={codeInput}
            name="code"
            className="auth-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
            maxLength={6}
            required
          />
        )}
      </Field>
      <Button type="submit" size="lg" block loading={busy} disabled={code.length !== 6}>
        {p.verifyLabel}
      </Button>
      <div className="auth-code__actions">
        <button type="button" className="link" disabled={wait > 0 || busy} onClick={() => void send()}>
          {wait > 0 ? `Send a new code in ${wait} s` : 'Send a new code'}
        </button>
        <button
          type="button"
          className="link"
          onClick={() => {
            setSentTo(null);
            setNotice(null);
          }}
        >
          Change number ({formatIndianMobile(`+91${sentTo.replace(/\D/g, '').slice(-10)}`)})
        </button>
      </div>
    </form>
  );
}

/** Where this sign-in should come back to: on /auth, the page that sent us here; elsewhere (checkout), this page. */
function startedFrom(): string | null {
  const { pathname, search } = window.location;
  return pathname === '/auth' ? sessionStorage.getItem(RETURN_TO_KEY) : pathname + search;
}

/**
 * /auth and checkout: sign in (or start an account) with a mobile number and an SMS code. The page
 * the sign-in started from goes with the code (decision 226): whichever tab enters the code — this
 * one, or another opened on /auth — is sent back there (the server keeps only a path on this site).
 * `returnTo`: that page, when the caller knows it (the invitation page: the role's first screen);
 * `onSignedIn`: instead of the return path, the caller decides where to go.
 */
export function MobileSignIn({
  returnTo,
  initialMobile,
  onSignedIn,
}: { returnTo?: string; initialMobile?: string; onSignedIn?(answer: AuthAnswerLike & { return_to: string | null }): void } = {}) {
  const { acceptSession } = useAuth();
  const ask = trpc.auth.otpRequest.useMutation();
  const check = trpc.auth.otpVerify.useMutation();
  return (
    <MobileCodeFlow
      numberLabel="Mobile number"
      sendLabel="Send code"
      verifyLabel="Verify and continue"
      initialMobile={initialMobile}
      request={(mobile) => ask.mutateAsync({ mobile, return_to: returnTo ?? startedFrom() })}
      verify={async (mobile, code) => {
        const answer = (await check.mutateAsync({ mobile, code })) as AuthAnswerLike & { return_to: string | null };
        // A tab that did not ask (opened on /auth) learns the page from the code; a tab that asked keeps its own.
        if (answer.return_to && window.location.pathname === '/auth' && !sessionStorage.getItem(RETURN_TO_KEY))
          sessionStorage.setItem(RETURN_TO_KEY, answer.return_to);
        acceptSession(answer);
        onSignedIn?.(answer);
      }}
    />
  );
}

/** After a first sign-in with a number: the account has no name yet, and the notice is agreed to here (a mobile sign-up). */
export function NameStep({ onDone }: { onDone(): void }) {
  const { refreshUser } = useAuth();
  const save = trpc.auth.updateProfile.useMutation();
  const agree = trpc.privacy.updateConsents.useMutation();
  const [name, setName] = useState('');
  const [consent, setConsent] = useState<SignupChoices>({ account: false, whatsapp: false, marketing: false });
  const [consentError, setConsentError] = useState<string | undefined>();
  const { busy, error, fields, run } = useFormSubmit();
  return (
    <form
      className="stack auth-form"
      noValidate
      aria-label="Your name"
      onSubmit={async (e) => {
        e.preventDefault();
        setConsentError(consent.account ? undefined : NEEDS_ACCOUNT_CONSENT);
        if (!consent.account) return;
        const ok = await run(async () => {
          await agree.mutateAsync({ notice_version: NOTICE_VERSION, account: true, whatsapp: consent.whatsapp, marketing: consent.marketing, channel: 'mobile-signup' });
          await save.mutateAsync({ name });
          // The access token carries the name its session started with (''): a fresh one carries this
          // one, so an order placed right away (checkout's guest step) is addressed to it.
          await tokens.refresh(tokens.read().accessToken);
          await refreshUser();
        }, { fallback: 'Your name could not be saved. Please try again.' });
        if (ok) onDone();
      }}
    >
      {error ? <FormAlert kind="danger">{error}</FormAlert> : null}
      <Field label="Full name" error={fields.name} hint="For your deliveries and our messages to you.">
        {(f) => <Input {...f} name="name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} maxLength={80} required autoFocus />}
      </Field>
      <SignupConsent value={consent} onChange={setConsent} error={consentError} />
      <Button type="submit" size="lg" block loading={busy}>
        Continue
      </Button>
    </form>
  );
}
