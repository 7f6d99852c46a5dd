import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { trpc } from '../../lib/trpc';
import { messageOf } from '../../lib/errors';
import { toast } from '../../components/toast';
import { Button } from '../../components/button';
import { ClockIcon } from '../../components/icons';
import './notifications.css';
import { currentPushSubscription, pushBlocked, pushSupported, subscribeThisBrowser, unsubscribeThisBrowser } from './push';

/**
 * Notifications on this device (PRODUCT.md §22, decision 270), loaded only where they are offered (the
 * profile's "How we reach you" card, an order on its way): this browser is "on" when it holds a push
 * subscription the shop knows. Turning it on asks the browser's own permission first.
 */
function usePush() {
  const utils = trpc.useUtils();
  const supported = pushSupported();
  const list = trpc.notifications.pushSubscriptions.useQuery(undefined, { enabled: supported });
  const add = trpc.notifications.subscribePush.useMutation();
  const remove = trpc.notifications.unsubscribePush.useMutation();
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!supported) return;
    let live = true;
    void currentPushSubscription().then((s) => live && setEndpoint(s?.endpoint ?? null));
    return () => {
      live = false;
    };
  }, [supported]);

  const subs = useMemo(() => list.data?.subscriptions ?? [], [list.data]);
  const mine = endpoint ? subs.find((s) => s.endpoint === endpoint) : undefined;

  const turnOn = useCallback(async () => {
    setBusy(true);
    try {
      const { publicKey } = await utils.notifications.pushPublicKey.fetch();
      const json = await subscribeThisBrowser(publicKey);
      const saved = await add.mutateAsync({
        endpoint: json.endpoint ?? '',
        expirationTime: json.expirationTime ?? null,
        keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
      });
      setEndpoint(saved.endpoint);
      await utils.notifications.pushSubscriptions.invalidate();
      return true;
    } catch (e) {
      toast({ title: messageOf(e, 'Could not turn notifications on.'), variant: 'destructive' });
      return false;
    } finally {
      setBusy(false);
    }
  }, [add, utils]);

  const turnOff = useCallback(async () => {
    setBusy(true);
    try {
      const gone = await unsubscribeThisBrowser();
      const row = subs.find((s) => s.endpoint === gone);
      if (row) await remove.mutateAsync({ id: row.id });
      setEndpoint(null);
      await utils.notifications.pushSubscriptions.invalidate();
      toast({ title: 'Notifications are off on this device', variant: 'success' });
    } catch (e) {
      toast({ title: messageOf(e, 'Could not turn notifications off.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }, [remove, subs, utils]);

  return {
    supported,
    blocked: pushBlocked(),
    ready: !supported || (endpoint !== undefined && !list.isPending),
    on: !!mine,
    device: mine?.device ?? null,
    others: subs.filter((s) => s !== mine),
    removeOther: async (id: number) => {
      try {
        await remove.mutateAsync({ id });
        await utils.notifications.pushSubscriptions.invalidate();
        toast({ title: 'Notifications are off on that device', variant: 'success' });
      } catch (e) {
        toast({ title: messageOf(e, 'Could not turn notifications off there.'), variant: 'destructive' });
      }
    },
    busy,
    turnOn,
    turnOff,
  };
}

/** The profile's switch: this device shows every message as a notification, or not. */
export function PushSwitch() {
  const id = useId();
  const p = usePush();
  const hint = !p.supported
    ? 'This browser cannot show notifications from a website. On a phone, add the shop to your home screen first.'
    : p.blocked
      ? 'Notifications are blocked for this site in your browser’s settings: allow them there, then turn this on.'
      : p.on
        ? `On for ${p.device}: every message shows up even when the shop is closed.`
        : 'Every message, such as “on its way” with the delivery code, shows up even when the shop is closed.';
  return (
    <>
      <PushLabel hint={hint} p={p} id={id} />
      {p.others.length ? (
        <ul className="push-devices" aria-label="Other devices with notifications" data-testid="push-devices">
          {p.others.map((d) => (
            <li key={d.id}>
              <span className="text-sm">{d.device}</span>
              <Button variant="ghost" size="sm" onClick={() => void p.removeOther(d.id)} aria-label={`Turn off notifications on ${d.device}`}>
                Turn off
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

function PushLabel({ hint, p, id }: { hint: string; p: ReturnType<typeof usePush>; id: string }) {
  return (
    <label className="switch notify-switch" data-testid="push-switch">
      <input
        type="checkbox"
        role="switch"
        aria-label="Notifications on this device"
        aria-describedby={`${id}-hint`}
        checked={p.on}
        disabled={!p.supported || p.blocked || !p.ready || p.busy}
        onChange={(e) => void (e.target.checked ? p.turnOn().then((ok) => ok && toast({ title: 'Notifications are on for this device', variant: 'success' })) : p.turnOff())}
        data-testid="notify-push"
      />
      <span className="switch__track" aria-hidden="true" />
      <span className="notify-switch__text">
        <strong>Notifications on this device</strong>
        <span id={`${id}-hint`} className="text-sm text-muted">
          {hint}
          {p.others.length ? ' Also on the devices below.' : ''}
        </span>
      </span>
    </label>
  );
}

/** Under an order not yet delivered: one button that asks for notifications, gone once they are on. */
export function PushOffer() {
  const p = usePush();
  const [done, setDone] = useState(false);
  if (!p.supported || p.blocked || !p.ready || (p.on && !done)) return null;
  return (
    <section className="card card--padded push-offer" aria-label="Notifications" data-testid="push-offer">
      <ClockIcon />
      {done ? (
        <p>We will tell you on this device when it is on its way.</p>
      ) : (
        <>
          <p>
            <strong>Tell me when it is on its way</strong>
            <br />
            <span className="text-sm text-muted">A notification on this device, with the code for the rider.</span>
          </p>
          <Button variant="soft" size="sm" loading={p.busy} onClick={() => void p.turnOn().then(setDone)} data-testid="push-offer-on">
            Turn on
          </Button>
        </>
      )}
    </section>
  );
}
