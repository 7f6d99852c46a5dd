import { greeting } from '../../../shared/rules/greeting';
import type { MailMessage } from '../../lib/mail';

/** The account e-mails. Plain, short, and every link is the shop's own PUBLIC_URL. */

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${esc(action.url)}" style="background:#1f7a4d;color:#fff;padding:12px 20px;border-radius:999px;text-decoration:none;display:inline-block">${esc(action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#52615a">Or open this link: ${esc(action.url)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1c2b24;background:#f6faf7;padding:24px"><div style="max-width:520px;margin:auto;background:#fff;border-radius:16px;padding:32px"><h1 style="font-size:20px;margin:0 0 16px">${esc(title)}</h1>${body}${button}<p style="margin:24px 0 0;font-size:13px;color:#52615a">Hydro Shakes · fresh from our hydroponic farm</p></div></body></html>`;
}

export function resetMail(to: string | null, name: string, url: string, byAdmin: boolean): MailMessage {
  const hello = `${greeting(name)},`;
  const why = byAdmin
    ? 'Our support team sent you this link to set a new password for your Hydro Shakes account.'
    : 'Someone (hopefully you) asked to reset the password of your Hydro Shakes account.';
  return {
    to,
    toName: name || null,
    template: 'password-reset',
    subject: 'Reset your Hydro Shakes password',
    text: `${hello}\n\n${why}\n\nSet a new password here (valid for 30 minutes, once):\n${url}\n\nIf you did not ask for this, ignore this e-mail; your password stays the same.`,
    html: layout(
      'Reset your password',
      [
        esc(hello),
        esc(why),
        'The link is valid for 30 minutes and works once. If you did not ask for this, ignore this e-mail; your password stays the same.',
      ],
      {
        label: 'Set a new password',
        url,
      },
    ),
  };
}

export function passwordChangedMail(to: string | null, name: string, resetUrl: string): MailMessage {
  return {
    to,
    toName: name || null,
    template: 'password-changed',
    subject: 'Your Hydro Shakes password was changed',
    text: `Hello${name ? ` ${name}` : ''},\n\nThe password of your Hydro Shakes account was just changed and every other device was signed out.\nIf this was not you, reset it now: ${resetUrl}`,
    html: layout(
      'Your password was changed',
      [
        'The password of your Hydro Shakes account was just changed and every other device was signed out.',
        'If this was not you, reset your password now.',
      ],
      { label: 'Reset my password', url: resetUrl },
    ),
  };
}

export function welcomeMail(to: string | null, name: string, shopUrl: string): MailMessage {
  return {
    to,
    toName: name || null,
    template: 'welcome',
    subject: 'Welcome to Hydro Shakes',
    text: `${greeting(name)},\n\nYour Hydro Shakes account is ready. Fresh greens, grown in water, blended to order: ${shopUrl}`,
    html: layout(name.trim() ? `Welcome, ${name.trim().split(/\s+/)[0]}` : 'Welcome', ['Your Hydro Shakes account is ready.', 'Fresh greens, grown in water, blended to order.'], {
      label: 'Visit the shop',
      url: shopUrl,
    }),
  };
}

/** Sign-up with an address that already has an account: tell the owner, not the requester. */
export function alreadyRegisteredMail(to: string | null, name: string, signInUrl: string, resetUrl: string): MailMessage {
  return {
    to,
    toName: name || null,
    template: 'already-registered',
    subject: 'You already have a Hydro Shakes account',
    text: `Hello${name ? ` ${name}` : ''},\n\nSomeone tried to create a Hydro Shakes account with this e-mail address, which already has one.\nSign in: ${signInUrl}\nForgot your password? ${resetUrl}\nIf this was not you, you can ignore this e-mail.`,
    html: layout(
      'You already have an account',
      [
        'Someone tried to create a Hydro Shakes account with this e-mail address, which already has one.',
        `Forgot your password? <a href="${esc(resetUrl)}">Reset it here</a>. If this was not you, you can ignore this e-mail.`,
      ],
      { label: 'Sign in', url: signInUrl },
    ),
  };
}

/**
 * To the account's current address when someone signed in asks to change it (decision 184): the
 * change waits for the new address's link, and the owner hears of it here first.
 */
export function emailChangeNoticeMail(to: string, name: string, newEmail: string, resetUrl: string): MailMessage {
  const hello = `${greeting(name)},`;
  const what = `Someone signed in to your Hydro Shakes account asked to change its e-mail address to ${newEmail}. The change happens only when a link sent to that address is opened.`;
  const ifNot = 'If this was not you, reset your password now: that signs out every device and the link stops mattering. If it was you, there is nothing to do.';
  return {
    to,
    toName: name || null,
    template: 'email-change-notice',
    subject: 'Your Hydro Shakes e-mail address is being changed',
    text: `${hello}\n\n${what}\n\n${ifNot}\n${resetUrl}`,
    html: layout('Your e-mail address is being changed', [esc(hello), esc(what), esc(ifNot)], { label: 'Reset my password', url: resetUrl }),
  };
}

/** The link that proves an address: after sign-up, on a change of address, or asked again from the profile. */
export function verifyEmailMail(to: string, name: string, url: string, change: boolean): MailMessage {
  const hello = `${greeting(name)},`;
  const why = change
    ? 'You asked to use this address for your Hydro Shakes account. It changes once you open the link.'
    : 'Please confirm the e-mail address of your Hydro Shakes account.';
  return {
    to,
    toName: name || null,
    template: 'verify-email',
    subject: 'Confirm your e-mail address',
    text: `${hello}\n\n${why}\n\n${url}\n\nThe link works once, for 24 hours. If you did not ask for it, ignore this e-mail.`,
    html: layout('Confirm your e-mail address', [esc(hello), esc(why), 'The link works once, for 24 hours. If you did not ask for it, ignore this e-mail.'], {
      label: 'Confirm my e-mail',
      url,
    }),
  };
}
