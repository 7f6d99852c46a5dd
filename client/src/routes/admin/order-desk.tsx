import { useState } from 'react';
import { DeliveryPhoto } from '../../features/orders/delivery-photo';
import { Link } from 'wouter';
import { trpc } from '../../lib/trpc';
import { Button } from '../../components/button';
import { Field, Input, Textarea } from '../../components/input';
import { toast } from '../../components/toast';
import { ArrowRightIcon, ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from '../../components/icons';
import { FormAlert } from '../../features/auth/forms';
import { messageOf } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { Modal } from '../../components/modal';
import { DialogButtons } from './admin-ui';
import { OrderBreakdown } from '../../features/cart/price-breakdown';
import { paymentBadge, STATUS_BADGE } from '../../features/orders/order-format';
import { OrderTimeline } from '../../features/orders/order-timeline';
import type { AdminOrderDetail } from '../../../../shared/schemas/order-lifecycle';
import { formatRupees, parseRupees, rupeesInput } from '../../../../shared/rules/money';
import { formatSlotDate, formatSlotRange } from '../../../../shared/rules/slots';
import { formatIndianMobile } from '../../../../shared/rules/india';
import { paymentStatusTone } from '../../../../shared/rules/payment-labels';
import type { OrderStatus } from '../../../../shared/rules/order-rules';
import '../../features/checkout/checkout.css';
import '../../features/orders/orders.css';
import './admin-orders.css';
import { formatDate } from '../../../../shared/rules/dates';
import { adminMoveTargets, adminMoveWarning, timelineHeadings } from '../../../../shared/rules/order-lifecycle';
import { orderStatusLabel } from '../../../../shared/rules/order-rules';
import { can } from '../../../../shared/rules/staff';
import { useAuth } from '../../features/auth/auth-context';
import { Select } from '../../components/input';
import { Section } from '../../components/section';

type MoveTarget = 'preparing' | 'out_for_delivery' | 'delivered';

const NEXT_LABEL: Partial<Record<OrderStatus, string>> = {
  preparing: 'Start preparing',
  out_for_delivery: 'Send out for delivery',
  delivered: 'Mark delivered',
};

/** A refund the gateway finally refused: sent again under its same key (never twice at the gateway). */
function RetryRefund({ id, onDone }: { id: string; onDone(): void }) {
  const retry = trpc.payments.retryRefund.useMutation({
    onSuccess(r) {
      toast({
        title: r.status === 'failed' ? 'The gateway refused the refund again' : 'Refund sent again',
        variant: r.status === 'failed' ? 'destructive' : 'success',
      });
      onDone();
    },
    onError(e) {
      toast({ title: 'Not sent', description: messageOf(e, 'Please try again.'), variant: 'destructive' });
    },
  });
  return (
    <Button size="sm" variant="ghost" loading={retry.isPending} onClick={() => retry.mutate({ id })}>
      Retry
    </Button>
  );
}

/** One order on the desk (/admin/orders?id=): its lines, customer, payment and timeline, and what the admin can do next. */
export function OrderDesk({ id, back }: { id: string; back: string }) {
  const utils = trpc.useUtils();
  const q = trpc.adminOrders.get.useQuery({ id }, { refetchInterval: 20_000 });
  const [dialog, setDialog] = useState<null | 'cancel' | 'refund'>(null);
  const [move, setMove] = useState<null | { to: MoveTarget; warning: string }>(null);
  const { user } = useAuth();
  const may = {
    write: can(user?.role, 'orders:write'),
    cancel: can(user?.role, 'orders:cancel'),
    refund: can(user?.role, 'orders:refund'),
  };
  const done = (d: AdminOrderDetail, title: string, description?: string) => {
    utils.adminOrders.get.setData({ id }, d);
    void utils.adminOrders.list.invalidate();
    toast({ title, description, variant: 'success' });
  };
  const fail = (e: unknown) => toast({ title: 'Not done', description: messageOf(e, 'Please try again.'), variant: 'destructive' });
  const setStatus = trpc.adminOrders.setStatus.useMutation({
    onSuccess: (d) => (setMove(null), done(d, `${d.order.number}: ${d.order.labels.status}`)),
    onError: fail,
  });
  const markPaid = trpc.adminOrders.markPaid.useMutation({
    onSuccess: (d) => done(d, 'Cash received', `Invoice ${d.order.invoiceNumber ?? ''}`),
    onError: fail,
  });

  if (q.isError) {
    return (
      <section className="admin-page">
        <Link href={back} className="link-arrow text-sm">
          ← All orders
        </Link>
        <FormAlert kind="danger">{messageOf(q.error, 'This order could not be loaded.')}</FormAlert>
      </section>
    );
  }
  if (!q.data) return <span className="skeleton" style={{ height: '24rem' }} aria-busy="true" />;
  const d = q.data;
  const o = d.order;
  const tone = paymentStatusTone(o.paymentStatus);
  const headings = timelineHeadings(o.timeline);
  const later = may.write ? (adminMoveTargets(o.status).filter((s) => s !== d.nextStatus) as MoveTarget[]) : [];
  /** A move that skips steps, or delivers before the slot, is confirmed first (the server asks for the same). */
  const requestMove = (to: MoveTarget) => {
    const warning = adminMoveWarning({ status: o.status, slotDate: o.slot.date }, to, new Date());
    if (warning) setMove({ to, warning });
    else setStatus.mutate({ id, status: to });
  };

  return (
    <section className="admin-page admin-order" data-page="admin/order" data-testid="admin-order">
      <Link href={back} className="link-arrow text-sm admin-order__back">
        <ArrowRightIcon style={{ transform: 'rotate(180deg)' }} aria-hidden="true" /> All orders
      </Link>
      <header className="admin-order__header admin-heading-row">
        <div>
          <p className="eyebrow">Order</p>
          <h1 className="h2">{o.number}</h1>
          <p className="text-sm text-subtle">Placed {formatDate(o.placedAt, 'dateTime')}</p>
        </div>
        <div className="cluster">
          <span className={`badge ${STATUS_BADGE[o.status]}`} data-testid="admin-order-status">
            {o.labels.status}
          </span>
          <span className={`badge ${paymentBadge(tone)}`}>{o.labels.paymentStatus}</span>
        </div>
      </header>

      {o.deliveryPhoto ? (
        <div className="card card--padded">
          <h3 className="h5">Proof of delivery</h3>
          <DeliveryPhoto photo={o.deliveryPhoto} />
        </div>
      ) : null}
      <div className="admin-order__actions card card--padded">
        {d.nextStatus && may.write ? (
          <Button loading={setStatus.isPending && !move} data-testid="next-status" onClick={() => requestMove(d.nextStatus as MoveTarget)}>
            {NEXT_LABEL[d.nextStatus] ?? d.nextStatus}
          </Button>
        ) : null}
        {later.length ? (
          <Select
            aria-label="Move to a later status"
            className="admin-order__skip"
            value=""
            data-testid="move-to"
            onChange={(e) => e.target.value && requestMove(e.target.value as MoveTarget)}
          >
            <option value="">Move to…</option>
            {later.map((s) => (
              <option key={s} value={s}>
                {orderStatusLabel(s)}
              </option>
            ))}
          </Select>
        ) : null}
        {d.canMarkPaid && may.write ? (
          <Button variant="secondary" loading={markPaid.isPending} onClick={() => markPaid.mutate({ id })} data-testid="mark-paid">
            Cash received ({formatRupees(o.breakdown.total)})
          </Button>
        ) : null}
        {d.refundable > 0 && may.refund ? (
          <Button variant="secondary" onClick={() => setDialog('refund')} data-testid="refund">
            Refund…
          </Button>
        ) : null}
        {o.invoiceNumber ? (
          <a className="btn btn--ghost" href={`/order/${o.id}?invoice=1`} target="_blank" rel="noreferrer">
            Invoice {o.invoiceNumber}
          </a>
        ) : null}
        {d.canCancel && may.cancel ? (
          <Button variant="ghost" className="admin-order__cancel" onClick={() => setDialog('cancel')} data-testid="admin-cancel">
            Cancel order…
          </Button>
        ) : null}
        {!(d.nextStatus && may.write) && !(d.canCancel && may.cancel) && !(d.refundable && may.refund) && !(d.canMarkPaid && may.write) ? (
          <p className="text-sm text-subtle">Nothing left to do for this order.</p>
        ) : null}
        {o.status === 'pending_payment' ? (
          <p className="text-sm text-subtle">Waiting for the online payment; the payment confirms it.</p>
        ) : null}
      </div>

      <div className="admin-order__grid">
        <Section className="card card--padded stack" titleId="ao-items" title="Items">
          <table className="invoice-table">
            <tbody>
              {o.lines.map((l, i) => (
                <tr key={i}>
                  <td>
                    {l.quantity} × {l.name}
                    {l.type === 'custom' ? <span className="invoice-table__note">Custom shake</span> : null}
                  </td>
                  <td className="num">{formatRupees(l.lineTotal)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <OrderBreakdown order={o} />
        </Section>

        <div className="stack">
          <Section className="card card--padded stack stack--sm" titleId="ao-customer" title="Customer">
            <p className="admin-order__fact">
              <strong>{d.customer.name || o.address.name}</strong>
            </p>
            <p className="admin-order__fact">
              <MailIcon aria-hidden="true" />
              <a href={`mailto:${d.customer.email}`} className="link">
                {d.customer.email}
              </a>
            </p>
            <p className="admin-order__fact">
              <PhoneIcon aria-hidden="true" />
              <span>
                <a href={`tel:${d.customer.phone}`}>{formatIndianMobile(d.customer.phone)}</a>
                {d.customer.mobile && d.customer.mobile !== d.customer.phone ? (
                  <span className="text-subtle text-sm"> (account: {formatIndianMobile(d.customer.mobile)})</span>
                ) : null}
              </span>
            </p>
            <Link href={`/customers?id=${d.customer.id}`} className="link text-sm">
              Customer record
            </Link>
          </Section>
          <Section className="card card--padded stack stack--sm" titleId="ao-delivery" title="Delivery">
            <p className="admin-order__fact">
              <ClockIcon aria-hidden="true" />
              <span>
                {formatSlotDate(o.slot.date, { year: true })}, {formatSlotRange(o.slot.startTime, o.slot.endTime)}
              </span>
            </p>
            <p className="admin-order__fact">
              <MapPinIcon aria-hidden="true" />
              <span>
                {o.address.name},{' '}
                {[o.address.line1, o.address.line2, o.address.landmark ? `near ${o.address.landmark}` : null].filter(Boolean).join(', ')},{' '}
                {o.address.city} {o.address.pincode}
              </span>
            </p>
          </Section>
          <Section className="card card--padded stack stack--sm" titleId="ao-payment" title="Payment">
            <p className="text-sm">
              {o.labels.paymentMethod} · {o.labels.paymentStatus}
              {o.paidAt ? ` · ${formatDate(o.paidAt, 'dateTime')}` : ''}
            </p>
            {d.payments.map((p) => (
              <p key={p.id} className="text-xs text-subtle tabular">
                {p.gatewayPaymentId} · {formatRupees(p.amount)} · {p.status}
                {p.refunded ? ` · ${formatRupees(p.refunded)} refunded` : ''}
              </p>
            ))}
            {d.refunds.length ? (
              <ul className="admin-order__refunds">
                {d.refunds.map((r) => (
                  <li key={r.id}>
                    <span className="tabular">{formatRupees(r.amount)}</span>{' '}
                    {r.status === 'processed' ? 'refunded' : r.status === 'pending' ? 'refund pending' : 'refund failed'}
                    <span className="text-subtle"> · {r.reason}</span>
                    {r.status === 'failed' ? <RetryRefund id={r.id} onDone={() => void utils.adminOrders.get.invalidate({ id })} /> : null}
                  </li>
                ))}
              </ul>
            ) : null}
          </Section>
        </div>
      </div>

      <Section className="card card--padded" titleId="ao-timeline" title="Timeline">
        <OrderTimeline events={o.timeline} headings={headings} showActor />
      </Section>

      <CancelDialog
        open={dialog === 'cancel'}
        detail={d}
        onClose={() => setDialog(null)}
        onDone={(x) => done(x, `${x.order.number} cancelled`, x.refunds.length ? 'The payment is being refunded in full.' : undefined)}
      />
      {move ? (
        <Modal
          open
          onClose={() => setMove(null)}
          title={`Mark ${o.number} ${orderStatusLabel(move.to).toLowerCase()}?`}
          testId="move-confirm"
          footer={
            <DialogButtons cancel={`Keep ${orderStatusLabel(o.status).toLowerCase()}`} onCancel={() => setMove(null)}>
              <Button
                loading={setStatus.isPending}
                onClick={() => setStatus.mutate({ id, status: move.to, confirm: true })}
                data-testid="move-confirm-yes"
              >
                Yes, mark {orderStatusLabel(move.to).toLowerCase()}
              </Button>
            </DialogButtons>
          }
        >
          <p>{move.warning}</p>
          <p className="text-sm text-muted">The customer is told as usual: their order page and messages, and WhatsApp, SMS or e-mail, whichever reaches them.</p>
        </Modal>
      ) : null}
      {dialog === 'refund' ? <RefundDialog detail={d} onClose={() => setDialog(null)} onDone={(x) => done(x, 'Refund started')} /> : null}
    </section>
  );
}

function CancelDialog({
  open,
  detail,
  onClose,
  onDone,
}: {
  open: boolean;
  detail: AdminOrderDetail;
  onClose(): void;
  onDone(d: AdminOrderDetail): void;
}) {
  const [reason, setReason] = useState('');
  const cancel = trpc.adminOrders.cancel.useMutation({
    onSuccess(d) {
      onDone(d);
      onClose();
    },
  });
  const o = detail.order;
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={`Cancel ${o.number}?`}
      testId="admin-cancel-dialog"
      footer={
        <DialogButtons cancel="Keep it" onCancel={onClose}>
          <Button
            variant="danger"
            loading={cancel.isPending}
            disabled={reason.trim().length < 3}
            onClick={() => cancel.mutate({ id: o.id, reason: reason.trim() })}
          >
            Cancel order
          </Button>
        </DialogButtons>
      }
    >
      <p className="text-muted">
        The slot is released and the customer is told in their messages and on WhatsApp, SMS or e-mail, whichever reaches them.
        {detail.refundable > 0 ? ` ${formatRupees(detail.refundable)} is refunded to the customer in full.` : ''}
      </p>
      <Field label="Reason (the customer sees it)" error={cancel.error ? messageOf(cancel.error, 'Not cancelled.') : undefined}>
        {(p) => <Textarea {...p} rows={3} maxLength={300} value={reason} onChange={(e) => setReason(e.target.value)} />}
      </Field>
    </Modal>
  );
}

function RefundDialog({ detail, onClose, onDone }: { detail: AdminOrderDetail; onClose(): void; onDone(d: AdminOrderDetail): void }) {
  const [amount, setAmount] = useState(rupeesInput(detail.refundable));
  const [reason, setReason] = useState('');
  // One key per dialog: a double click (or a retry after a timeout) is the same refund.
  const [key] = useState(newId);
  const refund = trpc.adminOrders.refund.useMutation({
    onSuccess(d) {
      onDone(d);
      onClose();
    },
  });
  const paise = parseRupees(amount);
  const amountError =
    paise === null
      ? 'Enter an amount in rupees, like 120 or 99.50.'
      : paise > detail.refundable
        ? `At most ${formatRupees(detail.refundable)} can be refunded.`
        : paise < 100
          ? 'The smallest refund is ₹1.'
          : undefined;
  return (
    <Modal
      open
      onClose={onClose}
      title={`Refund ${detail.order.number}`}
      testId="refund-dialog"
      footer={
        <DialogButtons cancel="Close" onCancel={onClose}>
          <Button
            loading={refund.isPending}
            disabled={!!amountError || reason.trim().length < 3}
            onClick={() => refund.mutate({ id: detail.order.id, amount: paise!, reason: reason.trim(), idempotencyKey: key })}
            data-testid="confirm-refund"
          >
            Refund {paise && !amountError ? formatRupees(paise) : ''}
          </Button>
        </DialogButtons>
      }
    >
      <p className="text-muted">Up to {formatRupees(detail.refundable)} can still be refunded to the customer’s original payment method.</p>
      <Field label="Amount (₹)" error={amount ? amountError : undefined}>
        {(p) => <Input {...p} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />}
      </Field>
      <Field label="Reason" error={refund.error ? messageOf(refund.error, 'Not refunded.') : undefined}>
        {(p) => <Textarea {...p} rows={2} maxLength={300} value={reason} onChange={(e) => setReason(e.target.value)} />}
      </Field>
    </Modal>
  );
}
