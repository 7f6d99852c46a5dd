import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { trpc } from '../../lib/trpc';
import { messageOf } from '../../lib/errors';
import { toast } from '../../components/toast';
import { Section } from '../../components/section';
import { Button } from '../../components/button';
import { downloadFile } from '../orders/download-file';
import { useAuth } from '../auth/auth-context';
import { FormAlert, PasswordField } from '../auth/forms';
import { Field, Input, Textarea } from '../../components/input';
import { useFormSubmit } from '../../lib/use-form-submit';
import { formatDate } from '../../../../shared/rules/dates';
import { NOTICE_VERSION, PURPOSE_LABELS, type ConsentPurpose } from '../../../../shared/rules/privacy-notice';
import { GRIEVANCE_LIMITS, type Grievance } from '../../../../shared/schemas/privacy';
import '../notifications/notifications.css';
import '../auth/auth.css';

const CHANNEL_WORDS: Record<string, string> = {
  'email-signup': 'at sign-up',
  'mobile-signup': 'at sign-up',
  profile: 'here',
  'notification-preferences': 'in your message settings',
  checkout: 'at checkout',
  api: 'through the API',
};

/** /profile?tab=privacy: each consent with a switch (withdrawing is one tap, as giving is), then the person's data rights. */
export default function PrivacyTab() {
  return (
    <div className="privacy-tab stack">
      <ConsentsCard />
      <DataExportCard />
      <DataAccessCard />
      <GrievanceCard />
      <DeleteAccountCard />
      <p className="text-sm text-muted">
        What we keep and why: <Link href="/privacy">our privacy notice</Link> (version {NOTICE_VERSION}), with our grievance officer’s
        contact.
      </p>
    </div>
  );
}

function ConsentsCard() {
  const utils = trpc.useUtils();
  const consents = trpc.privacy.consents.useQuery();
  const save = trpc.privacy.updateConsents.useMutation({ onSuccess: (data) => utils.privacy.consents.setData(undefined, data) });
  const c = consents.data;
  const change = (purpose: 'whatsapp' | 'marketing', given: boolean) =>
    save.mutate(
      { notice_version: NOTICE_VERSION, [purpose]: given, channel: 'profile' },
      {
        onSuccess: () => {
          toast({
            title: given
              ? `${PURPOSE_LABELS[purpose].title}: yes, from now on`
              : `${PURPOSE_LABELS[purpose].title}: withdrawn, from now on`,
            variant: 'success',
          });
          if (purpose === 'whatsapp') void utils.notifications.preferences.invalidate();
        },
        onError: (e) => toast({ title: messageOf(e, 'Sorry, that change was not saved.'), variant: 'destructive' }),
      },
    );
  return (
    <Section className="card card--padded profile-card stack" data-testid="consents" titleId="consents-h" title="What you agreed to">
      {!c ? (
        <span className="skeleton" style={{ height: '8rem' }} aria-hidden="true" />
      ) : (
        c.consents.map((s) => {
          const label = PURPOSE_LABELS[s.purpose as ConsentPurpose];
          const when = s.at
            ? `${s.given ? 'Given' : 'Withdrawn'} ${CHANNEL_WORDS[s.channel ?? 'api'] ?? ''} on ${formatDate(s.at, 'longDate')}`
            : 'Not given';
          return (
            <label key={s.purpose} className="switch notify-switch" data-testid={`consent-${s.purpose}`}>
              <input
                type="checkbox"
                role="switch"
                aria-label={label.title}
                aria-describedby={`consent-${s.purpose}-hint`}
                checked={s.given}
                disabled={s.purpose === 'account' || save.isPending}
                onChange={(e) => change(s.purpose as 'whatsapp' | 'marketing', e.target.checked)}
              />
              <span className="switch__track" aria-hidden="true" />
              <span className="notify-switch__text">
                <strong>{label.title}</strong>
                <span id={`consent-${s.purpose}-hint`} className="text-sm text-muted">
                  {label.text} {when}
                  {s.notice_version ? ` (notice ${s.notice_version})` : ''}.
                </span>
              </span>
            </label>
          );
        })
      )}
    </Section>
  );
}

/** "Download my data": asked for here, built by the shop in the background, offered for 24 hours. */
function DataExportCard() {
  const utils = trpc.useUtils();
  const exp = trpc.privacy.dataExport.useQuery(undefined, { refetchInterval: (q) => (q.state.data?.status === 'queued' ? 2000 : false) });
  const ask = trpc.privacy.requestDataExport.useMutation({
    onSuccess: (data) => utils.privacy.dataExport.setData(undefined, data),
    onError: (e) => toast({ title: messageOf(e, 'Could not ask for your data. Please try again.'), variant: 'destructive' }),
  });
  const d = exp.data;
  return (
    <Section className="card card--padded profile-card stack" data-testid="data-export" titleId="export-h" title="Download your data">
      <p className="text-sm text-muted">
        One file (ZIP) with everything we hold about you: your profile, addresses, orders with their invoices, payments and refunds, wallet
        and points, standing deliveries, messages, consents and sign-ins. We tell you when it is ready; it can be downloaded for 24 hours.
      </p>
      {!d ? (
        <span className="skeleton" style={{ height: '2.5rem' }} aria-hidden="true" />
      ) : d.status === 'ready' && d.downloadPath ? (
        <div className="cluster">
          <Button
            onClick={() =>
              void downloadFile(d.downloadPath!, 'hydro-shakes-my-data.zip').catch((e: unknown) =>
                toast({ title: messageOf(e, 'The download did not work. Please try again.'), variant: 'destructive' }),
              )
            }
          >
            Download my data ({Math.max(1, Math.round((d.sizeBytes ?? 0) / 1024))} KB)
          </Button>
          <span className="text-sm text-muted" data-testid="data-export-until">
            Until {formatDate(d.expiresAt!, 'dateTime')}
          </span>
        </div>
      ) : d.status === 'queued' ? (
        <p className="text-sm" role="status" data-testid="data-export-queued">
          We are putting your data together. This page updates when it is ready, and we send you a message.
        </p>
      ) : (
        <div className="cluster">
          <Button loading={ask.isPending} onClick={() => ask.mutate()}>
            {d.status === 'expired' ? 'Ask for a new download' : 'Ask for my data'}
          </Button>
          {d.status === 'expired' ? <span className="text-sm text-muted">Your last download has expired.</span> : null}
        </div>
      )}
    </Section>
  );
}

/** Who at the shop opened the person's number or e-mail (each Show in the back office is logged; decision 275). */
function DataAccessCard() {
  const q = trpc.privacy.dataAccess.useQuery();
  const entries = q.data?.entries;
  return (
    <Section
      className="card card--padded profile-card stack"
      data-testid="data-access"
      titleId="access-h"
      title="Who at the shop looked at your details"
    >
      <p className="text-sm text-muted">
        Our staff see your mobile number and addresses masked. When someone needs them in full, for example to call about a delivery, they
        press Show and it is recorded here.
      </p>
      {q.isError ? (
        <FormAlert kind="danger">{messageOf(q.error, 'This list could not be loaded.')}</FormAlert>
      ) : !entries ? (
        <span className="skeleton" style={{ height: '2.5rem' }} aria-hidden="true" />
      ) : entries.length === 0 ? (
        <p className="text-sm">Nobody at the shop has opened your number, e-mail or addresses.</p>
      ) : (
        <ul className="stack stack--sm" data-testid="data-access-list">
          {entries.map((e, i) => (
            <li key={`${e.at}-${i}`} className="text-sm">
              <strong>{e.who}</strong> saw {e.what.charAt(0).toLowerCase() + e.what.slice(1)} on {e.screen}, {formatDate(e.at, 'dateTime')}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

const GRIEVANCE_STATE = (g: Grievance) =>
  g.status === 'answered' ? (
    <span className="badge badge--success">Answered {formatDate(g.answeredAt!, 'date')}</span>
  ) : g.status === 'closed' ? (
    <span className="badge">Closed</span>
  ) : (
    <span className="badge badge--accent">Answer due by {formatDate(g.dueBy, 'date')}</span>
  );

/**
 * A complaint to the grievance officer (decision 278): sent here, acknowledged at once through the
 * person's messages with the date it is answered by; the answer appears below and in their messages.
 */
function GrievanceCard() {
  const utils = trpc.useUtils();
  const list = trpc.privacy.grievances.useQuery();
  const send = trpc.privacy.askGrievance.useMutation();
  const [subject, setSubject] = useState('');
  const [details, setDetails] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const { busy, error, fields, run } = useFormSubmit();
  const days = list.data?.answerDays;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSent(null);
    await run(
      async () => {
        const r = await send.mutateAsync({ subject, details });
        setSent(`Received. We answer by ${formatDate(r.grievance.dueBy, 'dateTime')}. ${r.acknowledged}`);
        setSubject('');
        setDetails('');
        await utils.privacy.grievances.invalidate();
      },
      { fallback: 'Your complaint was not sent. Please try again.' },
    );
  }

  return (
    <Section className="card card--padded profile-card stack" data-testid="grievances" titleId="grievance-h" title="A complaint about your data">
      <p className="text-sm text-muted">
        Something wrong with how we keep or use your personal data? Tell our grievance officer here.
        {days ? ` We answer within ${days} days, and tell you at once by when.` : ''}
      </p>
      <form className="stack auth-form" onSubmit={submit} noValidate aria-label="A complaint about your data">
        {error ? <FormAlert kind="danger">{error}</FormAlert> : null}
        {sent ? <FormAlert kind="success">{sent}</FormAlert> : null}
        <Field label="What it is about" error={fields.subject}>
          {(f) => <Input {...f} name="grievance-subject" maxLength={GRIEVANCE_LIMITS.subject} value={subject} onChange={(e) => setSubject(e.target.value)} />}
        </Field>
        <Field label="What happened" hint="When, what you saw, and what you would like us to do" error={fields.details}>
          {(f) => (
            <Textarea
              {...f}
              name="grievance-details"
              rows={4}
              maxLength={GRIEVANCE_LIMITS.details}
              value={details}
              onChange={(e) => setDetails(e.target.value)}
            />
          )}
        </Field>
        <div>
          <Button type="submit" loading={busy}>
            Send to the grievance officer
          </Button>
        </div>
      </form>
      {list.data && list.data.grievances.length ? (
        <ul className="stack list-reset" role="list" aria-label="Your complaints" data-testid="grievance-list">
          {list.data.grievances.map((g) => (
            <li key={g.id} className="stack stack--sm" data-testid="grievance" style={{ borderTop: '1px solid var(--color-border)', paddingTop: '0.75rem' }}>
              <div className="cluster" style={{ gap: '0.5rem' }}>
                <strong>{g.subject || 'A complaint'}</strong>
                {GRIEVANCE_STATE(g)}
              </div>
              <span className="text-sm text-muted">Sent {formatDate(g.askedAt, 'dateTime')}</span>
              {g.answer ? (
                <p className="text-sm" data-testid="grievance-answer">
                  <strong>Our answer:</strong> {g.answer}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </Section>
  );
}

/**
 * Delete the account: confirmed with the password, or (an account without one) a fresh code texted to
 * the verified number. Says what happens first; afterwards the person is signed out on this device too.
 */
function DeleteAccountCard() {
  const profile = trpc.users.profile.useQuery();
  const askCode = trpc.auth.otpRequest.useMutation();
  const del = trpc.privacy.deleteAccount.useMutation();
  const { signOut } = useAuth();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { busy, error, fields, run } = useFormSubmit();
  const p = profile.data;
  const byPassword = !!p?.has_password;

  async function submit(e: FormEvent) {
    e.preventDefault();
    await run(
      async () => {
        const r = await del.mutateAsync(byPassword ? { password } : { code });
        setDone(r.message);
        // Signing out leaves this page: the toast carries what happened to the next one.
        toast({ title: 'Account deleted', description: r.message, variant: 'success' });
        await signOut();
        setTimeout(() => navigate('/'), 6000);
      },
      { fallback: 'Your account could not be deleted. Please try again.' },
    );
  }

  return (
    <Section className="card card--padded profile-card stack" data-testid="delete-account" titleId="delete-h" title="Delete your account">
      {done ? (
        <FormAlert kind="success">{done}</FormAlert>
      ) : (
        <>
          <p className="text-sm text-muted">
            Open orders are cancelled and refunded, standing deliveries end, money from your wallet top-ups goes back to where it came from,
            and then your name, contact details and addresses are erased. Invoices stay 8 years without them, as the GST law requires. This
            cannot be undone.
          </p>
          {!open ? (
            <div>
              <Button variant="ghost" onClick={() => setOpen(true)}>
                Delete my account…
              </Button>
            </div>
          ) : (
            <form className="stack auth-form" onSubmit={submit} noValidate aria-label="Delete your account">
              {error ? <FormAlert kind="danger">{error}</FormAlert> : null}
              {byPassword ? (
                <PasswordField
                  label="Your password"
                  name="delete-password"
                  value={password}
                  onChange={setPassword}
                  error={fields.password}
                  autoComplete="current-password"
                />
              ) : p?.mobile && p.mobile_verified ? (
                <>
                  {sent ? <p className="text-sm">{sent}</p> : null}
                  <div className="cluster">
                    <Button
                      variant="soft"
                      loading={askCode.isPending}
                      onClick={() =>
                        askCode.mutate(
                          { mobile: p.mobile! },
                          { onSuccess: (r) => setSent(r.message), onError: (e2) => setSent(messageOf(e2, 'We could not send a code.')) },
                        )
                      }
                    >
                      Text me a code
                    </Button>
                  </div>
                  <Field label="6-digit code" error={fields.code ?? fields.password}>
                    {(f) => (
                      <Input
                        {...f}
                        name="delete-code"
                        inputMode="numeric"
                        autoComplete="one-time-code"
                        value={code}
                        maxLength={6}
                        onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
                      />
                    )}
                  </Field>
                </>
              ) : (
                <p className="text-sm">Set a password or verify your mobile number in your profile first, so we can check it is you.</p>
              )}
              <div className="cluster">
                <Button type="submit" variant="danger" loading={busy}>
                  Delete my account for good
                </Button>
                <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
                  Keep my account
                </Button>
              </div>
            </form>
          )}
        </>
      )}
    </Section>
  );
}
