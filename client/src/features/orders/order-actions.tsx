import { useState } from 'react';
import { useLocation } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc';
import { Button, LinkButton } from '../../components/button';
import { Field, Textarea } from '../../components/input';
import { toast } from '../../components/toast';
import { RepeatIcon } from '../../components/icons';
import { addItem, getCartItems, updateQuantity } from '../cart/cart-store';
import { messageOf } from '../../lib/errors';
import type { Order } from '../../../../shared/schemas/orders';
import type { Reorder } from '../../../../shared/schemas/order-lifecycle';
import { formatRupees } from '../../../../shared/rules/money';
import { MAX_LINE_QUANTITY } from '../../../../shared/rules/cart-rules';
import { ACTIVE_ORDERS_KEY } from './active-order-banner';
import { Modal } from '../../components/modal';
import { formatDate } from '../../../../shared/rules/dates';

/** Puts the lines that can still be bought back in the cart at today's prices; says which cannot. */
export function addReorderToCart(lines: Reorder['lines'], opts: { skipPresent?: boolean } = {}): { added: number; missing: string[] } {
  let added = 0;
  const missing: string[] = [];
  for (const l of lines) {
    if (!l.available) {
      missing.push(l.name);
      continue;
    }
    const had = getCartItems().find((i) => i.id === l.id && i.type === l.type)?.quantity ?? 0;
    // Putting a cancelled order's lines back: a line this device still shows is the same line.
    if (opts.skipPresent && had > 0) continue;
    addItem({ id: l.id, type: l.type, name: l.name, price: l.unitPrice, image: l.image, ...(l.recipe ? { recipe: l.recipe } : {}) });
    const now = getCartItems().find((i) => i.id === l.id && i.type === l.type)?.quantity ?? 0;
    if (now > had) {
      added += l.quantity;
      if (l.quantity > 1) updateQuantity(l.id, l.type, Math.min(MAX_LINE_QUANTITY, had + l.quantity));
    }
  }
  return { added, missing };
}

export function ReorderButton({ order, variant = 'secondary' }: { order: Order; variant?: 'secondary' | 'primary' }) {
  const utils = trpc.useUtils();
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant={variant}
      loading={busy}
      data-testid="reorder"
      onClick={async () => {
        setBusy(true);
        try {
          const r = await utils.orders.reorder.fetch({ id: order.id }, { staleTime: 0 });
          const { added, missing } = addReorderToCart(r.lines);
          const changed = r.lines.filter((l) => l.available && l.unitPrice !== l.orderedUnitPrice);
          if (added === 0) {
            toast({
              title: 'Nothing could be added',
              description: missing.length
                ? `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not available right now.`
                : 'Your cart is full.',
              variant: 'destructive',
            });
            return;
          }
          const notes = [
            missing.length ? `Not available: ${missing.join(', ')}.` : '',
            changed.length
              ? `Prices are today's${changed.length === 1 ? ` (${changed[0]!.name} is now ${formatRupees(changed[0]!.unitPrice)})` : ''}.`
              : '',
          ].filter(Boolean);
          toast({
            title: `${added} ${added === 1 ? 'item' : 'items'} added to your cart`,
            description: notes.join(' ') || undefined,
            variant: missing.length ? 'default' : 'success',
          });
          navigate('/cart');
        } catch (e) {
          toast({ title: 'Could not reorder', description: messageOf(e, 'Please try again.'), variant: 'destructive' });
        } finally {
          setBusy(false);
        }
      }}
    >
      <RepeatIcon aria-hidden="true" /> Order again
    </Button>
  );
}

/** Cancel (with an optional reason) while the order is confirmed and until 2 hours before the slot. */
export function CancelOrder({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const utils = trpc.useUtils();
  const qc = useQueryClient();
  const cancel = trpc.orders.cancel.useMutation({
    onSuccess(o) {
      utils.orders.get.setData({ id: o.id }, o);
      void qc.invalidateQueries({ queryKey: [ACTIVE_ORDERS_KEY] });
      void qc.invalidateQueries({ queryKey: ['user-orders'] });
      setOpen(false);
      const refund = o.refund.processed + o.refund.pending;
      toast({
        title: `Order ${o.number} cancelled`,
        description: refund ? `${formatRupees(refund)} is on its way back to you.` : 'Your delivery slot has been released.',
        variant: 'success',
      });
    },
  });
  if (!order.cancel.allowed) {
    return order.status === 'confirmed' && order.cancel.refusal ? (
      <p className="order-actions__note" data-testid="cancel-refusal">
        {order.cancel.refusal}
      </p>
    ) : null;
  }
  const paidOnline = order.paymentMethod === 'razorpay' && order.paymentStatus === 'paid';
  return (
    <>
      <Button variant="ghost" onClick={() => setOpen(true)} data-testid="cancel-order">
        Cancel order
      </Button>
      {order.cancel.deadline ? (
        <p className="order-actions__note">You can cancel until {formatDate(order.cancel.deadline, 'weekdayTime')}.</p>
      ) : null}
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={`Cancel order ${order.number}?`}
        testId="cancel-dialog"
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Keep my order
            </Button>
            <Button
              variant="danger"
              loading={cancel.isPending}
              onClick={() => cancel.mutate({ id: order.id, ...(reason.trim() ? { reason: reason.trim() } : {}) })}
              data-testid="confirm-cancel"
            >
              Cancel order
            </Button>
          </>
        }
      >
        <p className="text-muted">
          {paidOnline
            ? `We will refund ${formatRupees(order.breakdown.total)} to the account you paid from (banks usually take 5–7 working days).`
            : 'Nothing has been charged. Your delivery slot will be released for someone else.'}
        </p>
        <Field
          label="Why are you cancelling?"
          optional
          error={cancel.error ? messageOf(cancel.error, 'The order could not be cancelled. Please try again.') : undefined}
        >
          {(p) => (
            <Textarea
              {...p}
              rows={3}
              maxLength={300}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              placeholder="Changed plans, ordered by mistake…"
            />
          )}
        </Field>
      </Modal>
    </>
  );
}

export function InvoiceLink({ order }: { order: Order }) {
  if (!order.invoiceNumber) return null;
  return (
    <LinkButton href={`/order/${order.id}?invoice=1`} variant="soft" data-testid="invoice-link">
      Tax invoice
    </LinkButton>
  );
}
