import { greeting } from '../../../shared/rules/greeting';
import type { MailMessage } from '../../lib/mail';
import { formatRupees } from '../../../shared/rules/money';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface WalletMailInput {
  to: string | null;
  name: string;
  publicUrl: string;
}

/** Receipts of the wallet: always sent (money moved), written to the outbox in the transaction that moved it. */
function build(m: WalletMailInput, template: string, subject: string, paragraphs: string[]): MailMessage {
  const link = `${m.publicUrl.replace(/\/+$/, '')}/profile?tab=wallet`;
  const hi = `${greeting(m.name)},`;
  return {
    to: m.to,
    toName: m.name,
    subject,
    template,
    text: [hi, '', ...paragraphs.flatMap((p) => [p, '']), `Your wallet: ${link}`, '', 'Hydro Shakes'].join('\n'),
    html: `<div style="font-family:system-ui,sans-serif;color:#14342b;max-width:560px">
<h1 style="font-size:20px">${esc(subject)}</h1>
<p>${esc(hi)}</p>
${paragraphs.map((p) => `<p>${esc(p)}</p>`).join('\n')}
<p><a href="${esc(link)}">See your wallet</a></p>
</div>`,
  };
}

/** A top-up was credited. */
export function topUpCreditedMail(m: WalletMailInput & { amount: number; balance: number }): MailMessage {
  return build(m, 'wallet-top-up', `${formatRupees(m.amount)} added to your Hydro Shakes wallet`, [
    `We received your payment of ${formatRupees(m.amount)} and added it to your wallet.`,
    `Your wallet now has ${formatRupees(m.balance)}. It pays your standing deliveries, and any order when you choose "Wallet" at checkout.`,
  ]);
}

/** A top-up paid with a different amount than asked: refunded in full, nothing credited. */
export function topUpRefundedMail(m: WalletMailInput & { amount: number }): MailMessage {
  return build(m, 'wallet-top-up-refunded', 'Your wallet top-up is being refunded', [
    `The payment we received did not match your top-up of ${formatRupees(m.amount)}, so nothing was added to your wallet and the whole payment is being refunded.`,
    'Banks usually take 5–7 working days. You can top up again at any time.',
  ]);
}

/** The customer asked for their balance back. */
export function balanceRefundMail(m: WalletMailInput & { amount: number; payments: number; balance: number }): MailMessage {
  return build(m, 'wallet-balance-refund', `${formatRupees(m.amount)} is on its way back to you`, [
    `As you asked, ${formatRupees(m.amount)} from your wallet is being refunded to the ${m.payments === 1 ? 'payment' : `${m.payments} payments`} you topped up with. Banks usually take 5–7 working days.`,
    m.balance > 0
      ? `${formatRupees(m.balance)} that came from Hydro Shakes stays in your wallet.`
      : 'Your wallet is now empty. You can top up again at any time.',
  ]);
}
