import { Link } from 'wouter';
import { trpc } from '../../lib/trpc';
import { messageOf } from '../../lib/errors';
import { toast } from '../../components/toast';
import { Section } from '../../components/section';
import { Button } from '../../components/button';
import { downloadFile } from '../orders/download-file';
import { formatDate } from '../../../../shared/rules/dates';
import { NOTICE_VERSION, PURPOSE_LABELS, type ConsentPurpose } from '../../../../shared/rules/privacy-notice';
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
      <p className="text-sm text-muted">
        What we keep and why: <Link href="/privacy">our privacy notice</Link> (version {NOTICE_VERSION}), with our grievance officer’s contact.
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
          toast({ title: given ? `${PURPOSE_LABELS[purpose].title}: yes, from now on` : `${PURPOSE_LABELS[purpose].title}: withdrawn, from now on`, variant: 'success' });
          if (purpose === 'whatsapp') void utils.notifications.preferences.invalidate();
        },
        onError: (e) => toast({ title: messageOf(e, 'Could not save that change.'), variant: 'destructive' }),
      },
    );
  return (
    <Section className="card card--padded profile-card stack" data-testid="consents" titleId="consents-h" title="What you agreed to">
      {!c ? (
        <span className="skeleton" style={{ height: '8rem' }} aria-hidden="true" />
      ) : (
        c.consents.map((s) => {
          const label = PURPOSE_LABELS[s.purpose as ConsentPurpose];
          const when = s.at ? `${s.given ? 'Given' : 'Withdrawn'} ${CHANNEL_WORDS[s.channel ?? 'api'] ?? ''} on ${formatDate(s.at, 'longDate')}` : 'Not given';
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
        One file (ZIP) with everything we hold about you: your profile, addresses, orders with their invoices, payments and refunds, wallet and points,
        standing deliveries, messages, consents and sign-ins. We tell you when it is ready; it can be downloaded for 24 hours.
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
