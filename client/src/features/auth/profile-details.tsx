import { useEffect, useState, type FormEvent } from 'react';
import { trpc } from '../../lib/trpc';
import { useAuth } from './auth-context';
import { FormAlert, MobileField, PASSWORD_HINT, PasswordField } from './forms';
import { messageOf } from '../../lib/errors';
import { useFormSubmit } from '../../lib/use-form-submit';
import { Button } from '../../components/button';
import { Field, Input } from '../../components/input';
import { toast } from '../../components/toast';
import { formatIndianMobile } from '../../../../shared/rules/india';
import type { Profile } from '../../../../shared/schemas/auth';
import { formatDate } from '../../../../shared/rules/dates';
import { MobileCodeFlow } from './mobile-code';
import { EmailCard } from './verify-email';
import { NotificationPreferencesCard } from '../notifications/notification-preferences';
import { Section } from '../../components/section';

const PROVIDER_LABELS: Record<string, string> = { password: 'E-mail and password', google: 'Google', mobile: 'Mobile number' };

/** The Profile tab: details (name, username, mobile), password, and the account facts. */
export default function ProfileDetails() {
  const profile = trpc.users.profile.useQuery();
  if (profile.isError) return <FormAlert kind="danger">{messageOf(profile.error, 'Failed to fetch profile')}</FormAlert>;
  if (!profile.data)
    return (
      <div className="profile-grid" aria-busy="true">
        <span className="skeleton" style={{ height: '22rem' }} />
        <span className="skeleton" style={{ height: '16rem' }} />
      </div>
    );
  const p = profile.data;
  return (
    <div className="profile-grid">
      <div className="stack stack--lg">
        <DetailsCard profile={p} />
        {/* The wider column: the kinds × channels table reads as a table here. */}
        <NotificationPreferencesCard />
      </div>
      <div className="stack stack--lg">
        {/* A password signs in with the e-mail: an account without one has no use for it yet. */}
        {p.email ? <PasswordCard hasPassword={p.has_password} via={p.providers.includes('google') ? 'Google' : 'your mobile number'} /> : null}
        <Section className="card card--padded profile-card" titleId="account-h" title="Account">
          <dl className="profile-facts">
            <div>
              <dt>Member since</dt>
              <dd>{formatDate(p.created_at, 'longDate')}</dd>
            </div>
            <div>
              <dt>Sign-in methods</dt>
              <dd>{p.providers.map((x) => PROVIDER_LABELS[x] ?? x).join(', ') || '—'}</dd>
            </div>
            <div>
              <dt>Mobile</dt>
              <dd>{p.mobile ? `${formatIndianMobile(p.mobile)}${p.mobile_verified ? ' · verified' : ''}` : '—'}</dd>
            </div>
          </dl>
        </Section>
      </div>
    </div>
  );
}

type ProfileData = Profile;

function DetailsCard({ profile }: { profile: ProfileData }) {
  const utils = trpc.useUtils();
  const { refreshUser } = useAuth();
  const [v, setV] = useState({ name: profile.name, username: profile.username ?? '', mobile: profile.mobile ? formatIndianMobile(profile.mobile).replace(/^\+91 /, '') : '' });
  const { error, fields, run, setFields } = useFormSubmit();
  const save = trpc.users.updateProfile.useMutation();
  useEffect(() => setFields({}), [v, setFields]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    await run(
      async () => {
        // A verified number changes only through a code (the card below).
        const patch = { name: v.name, ...(v.username ? { username: v.username } : {}), ...(v.mobile && !profile.mobile_verified ? { mobile: v.mobile } : {}) };
        const next = await save.mutateAsync(patch);
        utils.users.profile.setData(undefined, next);
        await refreshUser();
        toast({ title: 'Profile saved', description: 'Your details are up to date.', variant: 'success' });
      },
      { fallback: 'Your profile could not be saved. Please try again.' },
    );
  }

  return (
    <Section
      className="card card--padded profile-card"
      titleId="details-h"
      title="Your details"
      headClassName="profile-card__head"
      aside={<p className="text-sm text-muted">We use these for deliveries and to reach you about an order.</p>}
    >
      <form className="stack" onSubmit={submit} noValidate aria-label="Your details">
        {error ? <FormAlert kind="danger">{error}</FormAlert> : null}
        <Field label="Full name" error={fields.name}>
          {(p) => <Input {...p} name="name" autoComplete="name" value={v.name} onChange={(e) => setV({ ...v, name: e.target.value })} maxLength={80} required />}
        </Field>
        {profile.email ? (
          <Field label="E-mail">
            {(p) => <Input {...p} name="email" value={profile.email} readOnly disabled />}
          </Field>
        ) : null}
        <div className="auth-form__row">
          <Field label="Username" error={fields.username} hint="3–30: a–z, 0–9, _ and .">
            {(p) => <Input {...p} name="username" autoCapitalize="none" spellCheck={false} value={v.username} onChange={(e) => setV({ ...v, username: e.target.value })} maxLength={30} />}
          </Field>
          <MobileField
            value={v.mobile}
            onChange={(mobile) => setV({ ...v, mobile })}
            error={fields.mobile}
            hint={profile.mobile_verified ? 'Verified: you can sign in with it.' : undefined}
            readOnly={profile.mobile_verified}
          />
        </div>
        <div className="profile-form__actions">
          <Button type="submit" loading={save.isPending}>
            Save changes
          </Button>
        </div>
      </form>
      <EmailCard email={profile.email} verified={profile.email_verified} />
      <MobileCard profile={profile} onVerified={(mobile) => setV((x) => ({ ...x, mobile }))} />
    </Section>
  );
}

/** Add, verify or change the mobile number with a code sent to it (it then signs in). */
function MobileCard({ profile, onVerified }: { profile: ProfileData; onVerified(mobile: string): void }) {
  const utils = trpc.useUtils();
  const { refreshUser } = useAuth();
  const ask = trpc.auth.mobileRequest.useMutation();
  const check = trpc.auth.mobileVerify.useMutation();
  const [open, setOpen] = useState(false);
  const label = profile.mobile_verified ? 'Change number' : profile.mobile ? 'Verify this number' : 'Add a mobile number';
  if (!open)
    return (
      <div className="profile-verify cluster" data-testid="mobile-status">
        {profile.mobile ? (
          profile.mobile_verified ? (
            <span className="badge badge--green">Mobile verified</span>
          ) : (
            <span className="badge">Mobile not verified</span>
          )
        ) : null}
        <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
          {label}
        </Button>
      </div>
    );
  return (
    <div className="profile-verify stack">
      <p className="text-sm text-muted">We text a 6-digit code to the number. Once it is verified, you can sign in with it.</p>
      <MobileCodeFlow
        numberLabel={profile.mobile_verified ? 'New mobile number' : 'Mobile number'}
        sendLabel="Send code"
        verifyLabel="Verify number"
        initialMobile={!profile.mobile_verified && profile.mobile ? formatIndianMobile(profile.mobile).replace(/^\+91 /, '') : ''}
        onCancel={() => setOpen(false)}
        request={(mobile) => ask.mutateAsync({ mobile })}
        verify={async (mobile, code) => {
          const r = await check.mutateAsync({ mobile, code });
          await utils.users.profile.invalidate();
          await refreshUser();
          onVerified(formatIndianMobile(r.user.user_metadata.mobile ?? '').replace(/^\+91 /, ''));
          setOpen(false);
          toast({ title: 'Number verified', description: 'You can sign in with it now.', variant: 'success' });
        }}
      />
    </div>
  );
}

function PasswordCard({ hasPassword, via }: { hasPassword: boolean; via: string }) {
  const change = trpc.auth.changePassword.useMutation();
  const utils = trpc.useUtils();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const { error, fields, run } = useFormSubmit();
  const [done, setDone] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setDone(null);
    await run(
      async () => {
        const r = await change.mutateAsync({ ...(hasPassword ? { current_password: current } : {}), new_password: next });
        setDone(r.message);
        setCurrent('');
        setNext('');
        void utils.users.profile.invalidate();
      },
      { fallback: 'Your password could not be changed. Please try again.' },
    );
  }

  return (
    <Section
      className="card card--padded profile-card"
      titleId="password-h"
      title={hasPassword ? 'Change password' : 'Set a password'}
      headClassName="profile-card__head"
      aside={
        <p className="text-sm text-muted">{hasPassword ? 'Other devices are signed out when you change it.' : `You sign in with ${via}. Add a password to sign in with your e-mail too.`}</p>
      }
    >
      <form className="stack" onSubmit={submit} noValidate aria-label="Change password">
        {error ? <FormAlert kind="danger">{error}</FormAlert> : null}
        {done ? <FormAlert kind="success">{done}</FormAlert> : null}
        {hasPassword ? <PasswordField label="Current password" name="current_password" value={current} onChange={setCurrent} error={fields.current_password} autoComplete="current-password" /> : null}
        <PasswordField label="New password" name="new_password" value={next} onChange={setNext} error={fields.new_password} hint={PASSWORD_HINT} autoComplete="new-password" />
        <div className="profile-form__actions">
          <Button type="submit" variant="secondary" loading={change.isPending}>
            {hasPassword ? 'Change password' : 'Set password'}
          </Button>
        </div>
      </form>
    </Section>
  );
}
