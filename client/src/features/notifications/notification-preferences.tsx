import { lazy, Suspense, useId, type InputHTMLAttributes } from 'react';
import { Link } from 'wouter';
import { trpc } from '../../lib/trpc';
import { messageOf } from '../../lib/errors';
import { toast } from '../../components/toast';
import { formatIndianMobile } from '../../../../shared/rules/india';
import { formatDate } from '../../../../shared/rules/dates';
import type { NotificationChannels, NotificationKind, NotificationPreferencesPatch } from '../../../../shared/schemas/notifications';
import './notifications.css';
import { Section } from '../../components/section';

// The Push API's plumbing loads only with this card.
const PushSwitch = lazy(() => import('./push-controls').then((m) => ({ default: m.PushSwitch })));

const KINDS: { kind: NotificationKind; name: string; hint: string }[] = [
  { kind: 'order_confirmed', name: 'Order confirmed', hint: 'Placed, or paid online. The e-mail is your receipt: it always comes' },
  { kind: 'out_for_delivery', name: 'Out for delivery', hint: 'With the delivery code for the rider' },
  { kind: 'delivered', name: 'Delivered', hint: 'Your shakes have arrived' },
  { kind: 'payment_failed', name: 'Payment failed', hint: 'An online payment did not go through' },
  { kind: 'deliveries', name: 'Standing deliveries', hint: 'Tomorrow not covered by the wallet, or a day we could not place' },
];
const CHANNELS: { channel: keyof NotificationChannels; name: string }[] = [
  { channel: 'email', name: 'E-mail' },
  { channel: 'whatsapp', name: 'WhatsApp' },
  { channel: 'sms', name: 'SMS' },
];

/**
 * The profile's "How we reach you" card (PRODUCT.md §18, decisions 174 and 183): the WhatsApp opt-in
 * (needs a verified number; the card says so), then per kind of message × channel a box. WhatsApp and
 * SMS boxes count only with the opt-in (SMS is the fallback when WhatsApp cannot deliver); the order
 * confirmation's e-mail is the receipt and always goes. A table at 1280 px, a card per kind at 375 px.
 */
export function NotificationPreferencesCard() {
  const utils = trpc.useUtils();
  const prefs = trpc.notifications.preferences.useQuery();
  const save = trpc.notifications.updatePreferences.useMutation({
    onSuccess: (data) => utils.notifications.preferences.setData(undefined, data),
  });
  const set = (patch: NotificationPreferencesPatch, done: string) =>
    save.mutate(patch, {
      onSuccess: () => toast({ title: done, variant: 'success' }),
      onError: (e) => toast({ title: messageOf(e, 'Could not save that change.'), variant: 'destructive' }),
    });

  const p = prefs.data;
  return (
    <Section className="card card--padded profile-card" data-testid="notification-preferences" titleId="notify-h" title="How we reach you">
      {!p ? (
        <span className="skeleton" style={{ height: '8rem' }} aria-hidden="true" />
      ) : (
        <>
          <ChannelSwitch
            name="WhatsApp"
            hint={
              p.verifiedMobile
                ? p.whatsappOptInAt
                  ? `To ${formatIndianMobile(p.verifiedMobile)} · on since ${formatDate(p.whatsappOptInAt, 'longDate')}`
                  : `Choose below what comes on WhatsApp — to ${formatIndianMobile(p.verifiedMobile)}`
                : 'Verify your mobile number above to get messages on WhatsApp or by SMS.'
            }
            checked={p.whatsapp}
            disabled={save.isPending || (!p.verifiedMobile && !p.whatsapp)}
            onChange={(e) =>
              set({ whatsapp: e.target.checked }, e.target.checked ? 'Messages will come on WhatsApp' : 'WhatsApp messages are off')
            }
            data-testid="notify-whatsapp"
          />
          <Suspense fallback={null}>
            <PushSwitch />
          </Suspense>
          <table className="notify-matrix" data-testid="notify-matrix">
            <caption className="sr-only">Which messages come by e-mail, WhatsApp and SMS</caption>
            <thead>
              <tr>
                <th scope="col">Message</th>
                {CHANNELS.map((c) => (
                  <th scope="col" key={c.channel}>
                    {c.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {KINDS.map((k) => (
                <tr key={k.kind}>
                  <th scope="row">
                    <span className="notify-matrix__kind">{k.name}</span>
                    <span className="text-sm text-muted">{k.hint}</span>
                  </th>
                  {CHANNELS.map((c) => {
                    const receipt = k.kind === 'order_confirmed' && c.channel === 'email';
                    const needsWhatsApp = c.channel !== 'email';
                    const off = needsWhatsApp && !p.whatsapp;
                    return (
                      <td key={c.channel} data-label={c.name}>
                        <label className="notify-cell" title={receipt ? 'Your receipt always comes by e-mail' : undefined}>
                          <input
                            type="checkbox"
                            aria-label={`${k.name}: ${c.name}`}
                            checked={!off && p.kinds[k.kind][c.channel]}
                            disabled={receipt || off || save.isPending}
                            onChange={(e) =>
                              set(
                                { kinds: { [k.kind]: { [c.channel]: e.target.checked } } },
                                `${k.name}: ${c.name} ${e.target.checked ? 'on' : 'off'}`,
                              )
                            }
                            data-testid={`notify-${k.kind}-${c.channel}`}
                          />
                          <span className="notify-cell__name" aria-hidden="true">
                            {c.name}
                          </span>
                          {receipt ? <span className="text-sm text-muted notify-cell__note">always</span> : null}
                        </label>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
          <p className="text-sm text-muted notify-footnote">
            {p.whatsapp ? null : 'Turn on WhatsApp above to choose WhatsApp and SMS messages. '}
            Every message is also in your messages on this site. SMS goes when neither WhatsApp nor e-mail carries a message,
            or when a WhatsApp message cannot be delivered. E-mail goes only to a confirmed address; the receipt always does.
            Sign-in codes always come by SMS. Notifications on this device carry every message.
          </p>
        </>
      )}
    </Section>
  );
}

/** One channel's switch: named "<channel> updates" (it holds the visible channel name), the sentence under it as its description. */
function ChannelSwitch({ name, hint, ...input }: { name: string; hint: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <label className="switch notify-switch">
      <input type="checkbox" role="switch" aria-label={`${name} updates`} aria-describedby={`${id}-hint`} {...input} />
      <span className="switch__track" aria-hidden="true" />
      <span className="notify-switch__text">
        <strong>{name}</strong>
        <span id={`${id}-hint`} className="text-sm text-muted">
          {hint}
        </span>
      </span>
    </label>
  );
}

/**
 * The checkout's WhatsApp box, under the delivery address: ticked, the order opts the customer in
 * when it is placed. Already opted in: a line saying where updates go. No verified number: a link to
 * verify it in the profile (WhatsApp can reach no other number).
 */
export function WhatsAppOptIn({ checked, onChange }: { checked: boolean; onChange: (on: boolean) => void }) {
  const prefs = trpc.notifications.preferences.useQuery();
  const p = prefs.data;
  if (!p) return null;
  if (p.whatsapp && p.verifiedMobile)
    return (
      <p className="text-sm text-muted whatsapp-opt-in" data-testid="whatsapp-opted-in">
        Order updates go to WhatsApp on {formatIndianMobile(p.verifiedMobile)}.
      </p>
    );
  if (!p.verifiedMobile)
    return (
      <p className="text-sm text-muted whatsapp-opt-in" data-testid="whatsapp-verify-first">
        Want order updates on WhatsApp? <Link href="/profile">Verify your mobile number</Link> first.
      </p>
    );
  return (
    <label className="switch notify-switch whatsapp-opt-in">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid="whatsapp-opt-in" />
      <span className="switch__track" aria-hidden="true" />
      <span className="notify-switch__text">
        <strong>Send my order updates on WhatsApp</strong>
        <span className="text-sm text-muted">
          To {formatIndianMobile(p.verifiedMobile)}: confirmed, on its way with the delivery code, delivered.
        </span>
      </span>
    </label>
  );
}
