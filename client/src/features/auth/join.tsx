import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { trpc } from '../../lib/trpc';
import { messageOf } from '../../lib/errors';
import { usePageTitle } from '../../components/page-title';
import { Button, LinkButton } from '../../components/button';
import { formatDate } from '../../../../shared/rules/dates';
import { formatIndianMobile } from '../../../../shared/rules/india';
import { firstScreenOf, isStaffRole, ROLE_HINTS } from '../../../../shared/rules/staff';
import type { Invitation } from '../../../../shared/schemas/auth';
import { useAuth, type AuthAnswerLike } from './auth-context';
import { AuthCardHeader, SetPasswordForm } from './forms';
import { rememberReturnTo } from './guards';
import { MobileSignIn } from './mobile-code';
import './auth.css';

/** The token from the invitation's link: ?token=… (or #token=… when a mail client moves it). */
function readToken(): string {
  return new URLSearchParams(window.location.search).get('token') ?? new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
}

/**
 * /join?token=… (decision 225): a staff invitation's own page — "Join Hydro Shakes as
 * Rider", who is invited and by whom, and the ways in: a first password (an invitation by e-mail),
 * or a code to the invited number (decision 206). After joining, the role's first screen, as the
 * server answers it. A used or expired link says so and who to ask.
 */
export function JoinPage() {
  const [token] = useState(readToken);
  const look = trpc.auth.invitation.useMutation();
  const { mutate } = look;
  useEffect(() => {
    if (token) mutate({ token });
  }, [mutate, token]);
  const invitation = look.data;
  usePageTitle(invitation ? `Join ${invitation.shop_name} as ${invitation.role_label}` : 'Staff invitation');

  return (
    <div className="auth-single" data-page="join">
      <section className="auth-card auth-card--narrow card card--lg" aria-labelledby="join-title" aria-busy={look.isPending || undefined}>
        {invitation ? (
          <JoinView token={token} invitation={invitation} />
        ) : look.isError || !token ? (
          <div className="stack">
            <AuthCardHeader id="join-title" title="This invitation can’t be used">
              {token
                ? messageOf(look.error, 'We could not read this invitation. Please open the invitation link you were sent again.')
                : 'This address is missing the invitation’s code. Open the invitation link you were sent again, or ask the shop’s owner for a new one.'}
            </AuthCardHeader>
            <LinkButton href="/auth" variant="secondary" block>
              Go to sign in
            </LinkButton>
          </div>
        ) : (
          <div className="stack" aria-hidden="true">
            <span className="skeleton skeleton--text" id="join-title" />
            <span className="skeleton skeleton--text" />
            <span className="skeleton" style={{ height: '10rem' }} />
          </div>
        )}
      </section>
    </div>
  );
}

function JoinView({ token, invitation: i }: { token: string; invitation: Invitation }) {
  const [, navigate] = useLocation();
  const landing = i.landing;
  const mobile = i.mobile ? formatIndianMobile(i.mobile) : null;
  return (
    <div className="stack stack--lg">
      <AuthCardHeader id="join-title" title={`Join ${i.shop_name} as ${i.role_label}`}>
        {i.name ? `Welcome, ${i.name.split(' ')[0]}. ` : 'Welcome. '}
        {i.invited_by ? `${i.invited_by} invited you to the team.` : 'You are invited to the team.'}{' '}
        {isStaffRole(i.role) ? `As ${i.role_label}: ${ROLE_HINTS[i.role].charAt(0).toLowerCase()}${ROLE_HINTS[i.role].slice(1)}.` : null}
      </AuthCardHeader>
      <dl className="profile-facts join-facts">
        {i.email ? (
          <div>
            <dt>E-mail</dt>
            <dd>{i.email}</dd>
          </div>
        ) : null}
        {mobile ? (
          <div>
            <dt>Mobile</dt>
            <dd>{mobile}</dd>
          </div>
        ) : null}
        <div>
          <dt>Link valid until</dt>
          <dd>{formatDate(i.expires_at, 'dateTime')}</dd>
        </div>
      </dl>

      {i.has_password ? (
        <div className="stack">
          <p className="text-muted">You already have a password for {i.email}: sign in with it and you are on the team.</p>
          <Button size="lg" block onClick={() => (rememberReturnTo(landing), navigate('/auth'))}>
            Sign in
          </Button>
        </div>
      ) : i.email ? (
        <JoinPasswordForm token={token} email={i.email} onJoined={(to) => navigate(to, { replace: true })} />
      ) : null}

      {mobile ? (
        <div className="stack">
          {i.email ? (
            <div className="auth-divider" role="separator">
              <span>or with your mobile number</span>
            </div>
          ) : null}
          <MobileSignIn
            returnTo={landing}
            initialMobile={mobile.replace(/^\+91 /, '')}
            onSignedIn={(a) => navigate(a.return_to ?? firstScreenOf(a.user.role), { replace: true })}
          />
        </div>
      ) : null}
    </div>
  );
}

function JoinPasswordForm({ token, email, onJoined }: { token: string; email: string; onJoined(to: string): void }) {
  const { acceptSession } = useAuth();
  const accept = trpc.auth.acceptInvitation.useMutation();
  return (
    <SetPasswordForm
      label="Set your password"
      submitLabel="Join the team"
      intro="Choose the password you will sign in with, together with this e-mail."
      email={email}
      fallback="We could not save your password. Please try again."
      save={async (password) => {
        const answer = await accept.mutateAsync({ token, password });
        // The link is spent: keep it out of history, then continue signed in, on the role's first screen.
        window.history.replaceState(null, '', '/join');
        acceptSession(answer as AuthAnswerLike);
        onJoined(answer.landing);
      }}
    />
  );
}
