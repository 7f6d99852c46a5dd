import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useAuth } from '../features/auth/auth-context';
import { rememberReturnTo, takeReturnTo } from '../features/auth/guards';
import {
  AuthCardHeader,
  EmailField,
  FormAlert,
  MobileField,
  NEEDS_ACCOUNT_CONSENT,
  PASSWORD_HINT,
  PasswordField,
  ResetLinkRequestForm,
  SignupConsent,
  type SignupChoices,
} from '../features/auth/forms';
import { messageOf } from '../lib/errors';
import { useFormSubmit } from '../lib/use-form-submit';
import { usePageTitle } from '../components/page-title';
import { Button } from '../components/button';
import { Field, Input } from '../components/input';
import { ArrowRightIcon, LeafIcon, ShieldIcon, TruckIcon } from '../components/icons';
import { MobileSignIn, NameStep } from '../features/auth/mobile-code';
import { VerifyEmailView } from '../features/auth/verify-email';
import { JoinPage } from '../features/auth/join';
import { firstScreenOf } from '../../../shared/rules/staff';
import '../features/auth/auth.css';
import { NOTICE_VERSION } from '../../../shared/rules/privacy-notice';

type Mode = 'login' | 'register' | 'forgot';

/** /auth, and /join (a staff invitation's page, decision 225): one chunk for both. */
export default function AuthPage() {
  const [path] = useLocation();
  return path === '/join' ? <JoinPage /> : <SignInPage />;
}

/** /auth: sign in, create an account, or ask for a reset link. `?mode=register` opens the second tab. */
function SignInPage() {
  const search = useSearch();
  const initial = new URLSearchParams(search).get('mode');
  // The e-mail verification link lands here (signed in or not); it stays until the person moves on.
  const [verifyToken] = useState(() => new URLSearchParams(search).get('verify_email'));
  const [mode, setMode] = useState<Mode>(initial === 'register' ? 'register' : initial === 'forgot' ? 'forgot' : 'login');
  const { status, user } = useAuth();
  const [, navigate] = useLocation();
  usePageTitle(mode === 'register' ? 'Create your account' : mode === 'forgot' ? 'Reset your password' : 'Sign in');

  // A first sign-in with a mobile number makes an account without a name: it is asked here first.
  const needsName = status === 'authenticated' && !!user && !user.user_metadata.name;
  // Once: the return path is taken (and forgotten) by the first call, so a second one (the name step's
  // Continue and the effect below both fire) must not send the person to the fallback instead.
  const left = useRef(false);
  const leave = () => {
    if (left.current) return;
    left.current = true;
    navigate(takeReturnTo(firstScreenOf(user?.role)), { replace: true });
  };
  // Already signed in (or just signed in): back to where the sign-in started; else the role's first screen.
  useEffect(() => {
    if (status === 'authenticated' && !needsName && !verifyToken) leave();
  });

  return (
    <div className="auth-page" data-page="auth">
      <aside className="auth-page__story" aria-hidden="true">
        <div className="auth-page__story-inner">
          <p className="eyebrow">Hydro Shakes</p>
          <p className="auth-page__quote">Greens grown in water, blended the morning we bring them to you.</p>
          <ul className="auth-page__perks list-reset">
            <li>
              <LeafIcon /> Track orders and reorder favourites
            </li>
            <li>
              <TruckIcon /> Save addresses for faster checkout
            </li>
            <li>
              <ShieldIcon /> Your details stay private
            </li>
          </ul>
        </div>
      </aside>

      <section className="auth-card card card--lg" aria-labelledby="auth-title">
        {verifyToken ? (
          <VerifyEmailView token={verifyToken} />
        ) : needsName ? (
          <div className="stack">
            <AuthCardHeader id="auth-title" title="What should we call you?">
              You are signed in with your mobile number. One more thing and you are done.
            </AuthCardHeader>
            <NameStep onDone={leave} />
          </div>
        ) : mode === 'forgot' ? (
          <ForgotForm onBack={() => setMode('login')} />
        ) : (
          <>
            <AuthCardHeader id="auth-title" title={mode === 'login' ? 'Welcome back' : 'Create your account'}>
              {mode === 'login'
                ? 'Sign in with your mobile number or your e-mail to check out, track orders and manage your subscription.'
                : 'It takes a minute. Your cart comes with you.'}
            </AuthCardHeader>
            <SignInOrRegister mode={mode} onMode={setMode} login={{ onForgot: () => setMode('forgot') }} />
          </>
        )}
      </section>
    </div>
  );
}

/**
 * The two tabs and their forms, as /auth and the checkout show them: the mobile number and its code first (a new
 * number starts an account; its name is asked next), then the e-mail; Google below either.
 * `googleReturnTo`: where Google's callback brings the shopper back.
 */
export function SignInOrRegister({
  mode,
  onMode,
  login,
  googleReturnTo,
}: {
  mode: 'login' | 'register';
  onMode(mode: 'login' | 'register'): void;
  login: { onForgot?: () => void; submitLabel?: string };
  googleReturnTo?: string;
}) {
  return (
    <>
      <div className="tabs auth-card__tabs" role="tablist" aria-label="Sign in or register">
        <button type="button" role="tab" className="tab" aria-selected={mode === 'login'} onClick={() => onMode('login')}>
          Sign in
        </button>
        <button type="button" role="tab" className="tab" aria-selected={mode === 'register'} onClick={() => onMode('register')}>
          Register
        </button>
      </div>
      {mode === 'login' ? (
        <>
          <MobileSignIn />
          <div className="auth-divider" role="separator">
            <span>or with your e-mail</span>
          </div>
          <LoginForm {...login} />
        </>
      ) : (
        <RegisterForm />
      )}
      <GoogleButton returnTo={googleReturnTo} />
    </>
  );
}

/** Field problems are shown beside their fields; the banner only says where to look. */
const CHECK_FIELDS = 'Please check the highlighted fields.';

export function LoginForm({ onForgot, submitLabel = 'Sign in' }: { onForgot?: () => void; submitLabel?: string }) {
  const { signIn } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, fields, run } = useFormSubmit();

  async function submit(e: FormEvent) {
    e.preventDefault();
    await run(() => signIn(email, password), { fallback: 'Sign in failed', whenFields: CHECK_FIELDS });
  }

  return (
    <form className="stack auth-form" onSubmit={submit} noValidate aria-label="Sign in">
      {error ? <FormAlert kind="danger">{error}</FormAlert> : null}
      <EmailField value={email} onChange={setEmail} error={fields.email} />
      <PasswordField
        label="Password"
        name="password"
        value={password}
        onChange={setPassword}
        error={fields.password}
        autoComplete="current-password"
      />
      {onForgot ? (
        <button type="button" className="link auth-form__forgot" onClick={onForgot}>
          Forgot your password?
        </button>
      ) : null}
      <Button type="submit" size="lg" block loading={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}

function RegisterForm() {
  const { signUp } = useAuth();
  const [v, setV] = useState({ name: '', email: '', username: '', mobile: '', password: '' });
  const [notice, setNotice] = useState<string | null>(null);
  const [consent, setConsent] = useState<SignupChoices>({ account: false, whatsapp: false, marketing: false });
  const [consentError, setConsentError] = useState<string | undefined>();
  const { busy, error, fields, run } = useFormSubmit();
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV((s) => ({ ...s, [k]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setNotice(null);
    setConsentError(consent.account ? undefined : NEEDS_ACCOUNT_CONSENT);
    if (!consent.account) return;
    await run(
      async () => {
        const r = await signUp({ ...v, consents: { notice_version: NOTICE_VERSION, whatsapp: consent.whatsapp, marketing: consent.marketing } });
        if (r && !r.signedIn) setNotice(r.message || 'Check your e-mail to continue.');
      },
      { fallback: 'Registration failed', whenFields: CHECK_FIELDS },
    );
  }

  if (notice) return <FormAlert kind="success">{notice}</FormAlert>;

  return (
    <form className="stack auth-form" onSubmit={submit} noValidate aria-label="Register">
      {error ? <FormAlert kind="danger">{error}</FormAlert> : null}
      <Field label="Full name" error={fields.name}>
        {(p) => <Input {...p} name="name" autoComplete="name" value={v.name} onChange={set('name')} maxLength={80} required />}
      </Field>
      <EmailField value={v.email} onChange={(email) => setV((x) => ({ ...x, email }))} error={fields.email} />
      <div className="auth-form__row">
        <Field label="Username" error={fields.username} hint="3–30: a–z, 0–9, _ and .">
          {(p) => (
            <Input
              {...p}
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={v.username}
              onChange={set('username')}
              maxLength={30}
              required
            />
          )}
        </Field>
        <MobileField
          value={v.mobile}
          onChange={(mobile) => setV((x) => ({ ...x, mobile }))}
          error={fields.mobile}
          hint="10-digit Indian mobile"
          required
        />
      </div>
      <PasswordField
        label="Password"
        name="password"
        value={v.password}
        onChange={(x) => setV((s) => ({ ...s, password: x }))}
        error={fields.password}
        hint={PASSWORD_HINT}
        autoComplete="new-password"
      />
      <SignupConsent value={consent} onChange={setConsent} error={consentError} />
      <Button type="submit" size="lg" block loading={busy}>
        Create account
      </Button>
    </form>
  );
}

function ForgotForm({ onBack }: { onBack(): void }) {
  return (
    <div className="stack">
      <AuthCardHeader id="auth-title" title="Reset your password">
        Enter the e-mail of your account. We will send a link that works once, for 30 minutes.
      </AuthCardHeader>
      <ResetLinkRequestForm submitLabel="Send reset link" />
      <button type="button" className="link auth-form__back" onClick={onBack}>
        Back to sign in
      </button>
    </div>
  );
}

/** `returnTo`: where Google's callback brings the shopper back (checkout on /payment); else the guard's page. */
function GoogleButton({ returnTo }: { returnTo?: string } = {}) {
  const { googleEnabled, signInWithGoogle } = useAuth();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!googleEnabled) return null;
  return (
    <div className="stack stack--sm auth-google">
      <div className="auth-divider" role="separator">
        <span>or</span>
      </div>
      {error ? <FormAlert kind="danger">{error}</FormAlert> : null}
      <Button
        variant="secondary"
        size="lg"
        block
        loading={busy}
        onClick={async () => {
          setBusy(true);
          setError(null);
          try {
            if (returnTo) rememberReturnTo(returnTo);
            await signInWithGoogle();
          } catch (e) {
            setError(messageOf(e, 'Sign in failed'));
            setBusy(false);
          }
        }}
      >
        <GoogleMark /> Continue with Google <ArrowRightIcon />
      </Button>
    </div>
  );
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path fill="#4285F4" d="M22.5 12.3c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.5c2.1-1.9 3.3-4.7 3.3-8z" />
      <path fill="#34A853" d="M12 23c3 0 5.5-1 7.2-2.7l-3.5-2.7c-1 .7-2.2 1.1-3.7 1.1-2.9 0-5.3-1.9-6.2-4.5H2.2v2.8A11 11 0 0 0 12 23z" />
      <path fill="#FBBC05" d="M5.8 14.2a6.6 6.6 0 0 1 0-4.3V7.1H2.2a11 11 0 0 0 0 9.9z" />
      <path fill="#EA4335" d="M12 5.4c1.6 0 3 .6 4.2 1.6l3.1-3.1A11 11 0 0 0 2.2 7.1l3.6 2.8C6.7 7.3 9.1 5.4 12 5.4z" />
    </svg>
  );
}
