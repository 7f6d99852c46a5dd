import { useEffect, useRef, useState, type FormEvent } from 'react';
import { trpc } from '../../lib/trpc';
import { messageOf } from '../../lib/errors';
import { useFormSubmit } from '../../lib/use-form-submit';
import { Button, LinkButton } from '../../components/button';
import { Field, Input } from '../../components/input';
import { useAuth } from './auth-context';
import { AuthCardHeader, FormAlert } from './forms';

/** /auth?verify_email=…: the e-mailed link, confirmed once on arrival (signed in or not). */
export function VerifyEmailView({ token }: { token: string }) {
  const { status, refreshUser } = useAuth();
  const confirm = trpc.auth.verifyEmailConfirm.useMutation();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // The link is spent either way: keep it out of the history.
    window.history.replaceState(null, '', '/auth?verified=1');
    confirm.mutate({ token }, { onSuccess: () => void refreshUser().catch(() => {}) });
  }, [confirm, token, refreshUser]);

  return (
    <div className="stack" data-testid="verify-email">
      <AuthCardHeader id="auth-title" title={confirm.isSuccess ? 'E-mail confirmed' : confirm.isError ? 'This link does not work' : 'Confirming your e-mail…'} />
      {confirm.isSuccess ? <FormAlert kind="success">{confirm.data.message}</FormAlert> : null}
      {confirm.isError ? <FormAlert kind="danger">{messageOf(confirm.error, 'Your e-mail could not be confirmed. Please try again.')}</FormAlert> : null}
      {confirm.isPending ? <span className="skeleton" style={{ height: '3rem' }} aria-busy="true" /> : null}
      {!confirm.isPending ? (
        <LinkButton href={status === 'authenticated' ? '/profile' : '/auth'} size="lg">
          {status === 'authenticated' ? 'Go to my profile' : 'Sign in'}
        </LinkButton>
      ) : null}
    </div>
  );
}

/**
 * The profile's e-mail: verified badge, or "Not verified" with the link sent again; a change (or a first
 * address for an account started from a mobile number) takes effect when the new address is confirmed.
 */
export function EmailCard({ email, verified }: { email: string; verified: boolean }) {
  const ask = trpc.auth.verifyEmailRequest.useMutation();
  const [changing, setChanging] = useState(!email);
  const [next, setNext] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const { busy, error, fields, run } = useFormSubmit();

  async function send(e?: FormEvent, to?: string) {
    e?.preventDefault();
    setSent(null);
    const ok = await run(async () => setSent((await ask.mutateAsync(to ? { email: to } : {})).message), {
      fallback: 'We could not send the link. Please try again.',
    });
    if (ok && to) setChanging(false);
  }

  return (
    <div className="profile-verify stack" data-testid="email-status">
      {error ? <FormAlert kind="danger">{error}</FormAlert> : null}
      {sent ? <FormAlert kind="success">{sent}</FormAlert> : null}
      {email ? (
        <div className="cluster">
          {verified ? <span className="badge badge--green">E-mail verified</span> : <span className="badge badge--warning">E-mail not verified</span>}
          {!verified ? (
            <Button size="sm" variant="secondary" loading={busy && !changing} onClick={() => void send()}>
              Send the link again
            </Button>
          ) : null}
          {!changing ? (
            <Button size="sm" variant="ghost" onClick={() => setChanging(true)}>
              Change e-mail
            </Button>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-muted">Add an e-mail for receipts and order updates. It is saved once you open the link we send to it.</p>
      )}
      {changing ? (
        <form className="stack" noValidate aria-label="New e-mail" onSubmit={(e) => void send(e, next)}>
          <Field label={email ? 'New e-mail' : 'E-mail'} error={fields.email}>
            {(f) => <Input {...f} name="new-email" type="email" autoComplete="email" value={next} onChange={(e) => setNext(e.target.value)} maxLength={254} />}
          </Field>
          <div className="cluster">
            <Button type="submit" size="sm" loading={busy}>
              Send confirmation link
            </Button>
            {email ? (
              <Button type="button" size="sm" variant="ghost" onClick={() => setChanging(false)}>
                Cancel
              </Button>
            ) : null}
          </div>
        </form>
      ) : null}
    </div>
  );
}
