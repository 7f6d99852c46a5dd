import { useId, type InputHTMLAttributes } from 'react';
import { Link } from 'wouter';
import { trpc } from '../../lib/trpc';
import { messageOf } from '../../lib/errors';
import { toast } from '../../components/toast';
import { formatIndianMobile } from '../../../../shared/rules/india';
import { formatDate } from '../../../../shared/rules/dates';
import type { NotificationPreferencesPatch } from '../../../../shared/schemas/notifications';
import './notifications.css';

/**
 * The profile's "How we reach you" card (PRODUCT.md §18, decision 174): one switch per channel. WhatsApp
 * needs a verified number (the card says so and links to the number's verification above).
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
    <section className="card card--padded profile-card" aria-labelledby="notify-h" data-testid="notification-preferences">
      <h2 className="h4" id="notify-h">
        How we reach you about orders
      </h2>
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
                  : `Confirmed, on its way (with the delivery code), delivered — to ${formatIndianMobile(p.verifiedMobile)}`
                : 'Verify your mobile number above to get order updates on WhatsApp.'
            }
            checked={p.whatsapp}
            disabled={save.isPending || (!p.verifiedMobile && !p.whatsapp)}
            onChange={(e) =>
              set({ whatsapp: e.target.checked }, e.target.checked ? 'Order updates will come on WhatsApp' : 'WhatsApp updates are off')
            }
            data-testid="notify-whatsapp"
          />
          <ChannelSwitch
            name="SMS"
            hint="When a WhatsApp message cannot be delivered, we send it as a text. Sign-in codes always come."
            checked={p.sms}
            disabled={save.isPending}
            onChange={(e) => set({ sms: e.target.checked }, e.target.checked ? 'Texts are on' : 'Texts are off')}
            data-testid="notify-sms"
          />
          <ChannelSwitch
            name="E-mail"
            hint="On its way, delivered, moved. Receipts and refunds always come by e-mail."
            checked={p.email}
            disabled={save.isPending}
            onChange={(e) => set({ email: e.target.checked }, e.target.checked ? 'E-mail updates are on' : 'E-mail updates are off')}
            data-testid="notify-email"
          />
        </>
      )}
    </section>
  );
}

/** One channel's switch: named "<channel> updates" (it holds the visible channel name), the sentence under it as its description. */
function ChannelSwitch({ name, hint, ...input }: { name: string; hint: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <label className="notify-switch">
      <input type="checkbox" role="switch" aria-label={`${name} updates`} aria-describedby={`${id}-hint`} {...input} />
      <span className="notify-switch__track" aria-hidden="true" />
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
    <label className="notify-switch whatsapp-opt-in">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid="whatsapp-opt-in" />
      <span className="notify-switch__track" aria-hidden="true" />
      <span className="notify-switch__text">
        <strong>Send my order updates on WhatsApp</strong>
        <span className="text-sm text-muted">
          To {formatIndianMobile(p.verifiedMobile)}: confirmed, on its way with the delivery code, delivered.
        </span>
      </span>
    </label>
  );
}
