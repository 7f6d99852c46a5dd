import { mailPlaceholder } from '../../lib/mail';
import { placementWhatsApp } from '../../lib/whatsapp';
import { confirmedWhatsApp } from './order-notify';
import { PAYMENT_TIMEOUT_MINUTES } from '../../../shared/rules/order-rules';
import { composeWrites } from '../../statements/placement.repository';
import { shortageRefusal } from '../stock/stock.service';
import { needs, type PlacementStep } from '../../lib/placement';
import type { PlacementDraft } from './place-order';
import { breakdownColumns } from './order-breakdown';
import { confirmationMail } from './order-mail';
import { insertOrderGraph, type NewOrder, type NewOrderLine, type OrderRow } from './orders.repository';

/** Thrown inside the placing transaction when the idempotency key already has an order: roll back, then answer with that order. */
export class IdempotentReplay extends Error {}

/**
 * Placing step "write the order": the order with the amounts the earlier steps priced and took, its
 * lines, its first timeline entry, (COD / free) the confirmation e-mail and the WhatsApp opt-in and
 * message — and, in the same statement, every step's own write (`d.writes()`: the cart lines out,
 * the stock reserved, the wallet charged). Its id was assigned when placement began, so the rows
 * the earlier steps wrote already point at it.
 */
export const writeTheOrder: PlacementStep<PlacementDraft> = {
  async apply(deps, trx, d) {
    const quote = needs(d.quote, 'the quote');
    const address = needs(d.address, 'the address');
    const slot = needs(d.slot, 'the booked slot');
    const { user, input, now } = d;
    const online = input.paymentMethod === 'razorpay';
    const wallet = input.paymentMethod === 'wallet';
    const nowIso = now.toISOString();
    const order: NewOrder = {
      id: d.orderId,
      user_id: user.id,
      status: online ? 'pending_payment' : 'confirmed',
      payment_method: input.paymentMethod,
      payment_status: input.paymentMethod === 'free' ? 'completed' : wallet ? 'paid' : 'pending',
      ...breakdownColumns(quote),
      coupon_code: quote.couponCode,
      points_redeemed: quote.pointsToRedeem,
      points_to_earn: quote.points.pointsToEarn,
      contact_email: user.email,
      contact_name: user.name,
      address_id: address.id,
      address: {
        name: address.name,
        phone: address.phone,
        line1: address.line1,
        line2: address.line2,
        landmark: address.landmark,
        city: address.city,
        state: address.state,
        pincode: address.pincode,
        // The pin travels with the copy: a later edit of the address does not move this order's stop.
        latitude: address.latitude,
        longitude: address.longitude,
      },
      pincode: address.pincode,
      slot_id: slot.slotId,
      slot_date: slot.date,
      slot_start: slot.startTime,
      slot_end: slot.endTime,
      plan_type: input.planType ?? 'one_time',
      idempotency_key: d.key,
      request_hash: d.hash,
      expires_at: online ? new Date(now.getTime() + PAYMENT_TIMEOUT_MINUTES * 60_000).toISOString() : null,
      confirmed_at: online ? null : nowIso,
      created_at: nowIso,
    };
    const lines: NewOrderLine[] = quote.lines.map((l, i) => ({
      position: i + 1,
      item_id: l.id,
      item_type: l.type,
      name: l.name,
      image: l.image,
      unit_price_paise: l.unitPrice,
      quantity: l.quantity,
      line_total_paise: l.lineTotal,
      is_free_unit: l.isFreeUnit,
      recipe: l.recipe ?? null,
    }));
    const note = online
      ? 'Order placed; waiting for payment'
      : input.paymentMethod === 'cod'
        ? 'Order placed; pay cash on delivery'
        : wallet
          ? 'Order placed; paid from your wallet'
          : 'Order placed; nothing to pay';
    // COD / free: the confirmation e-mail goes to the outbox in the same statement. The order's
    // number is assigned by that insert, so the mail carries placeholders the statement fills in.
    const idToken = mailPlaceholder();
    const numberToken = mailPlaceholder();
    // No e-mail yet (an account started from a mobile number, decision 170): no confirmation mail.
    const mail = online || !user.email
      ? undefined
      : confirmationMail({
          to: user.email,
          toName: user.name,
          orderId: idToken,
          number: numberToken,
          publicUrl: deps.config.PUBLIC_URL,
          paymentMethod: input.paymentMethod,
          paidWith: null,
          lines: quote.lines.map((l) => ({
            name: l.name,
            quantity: l.quantity,
            line_total_paise: l.lineTotal,
            is_free_unit: l.isFreeUnit,
          })),
          total: quote.total,
          slotDate: slot.date,
          slotStart: slot.startTime,
          slotEnd: slot.endTime,
          address,
        });
    // The checkout's WhatsApp box opts the customer in; a confirmed order (COD, wallet, free) tells them
    // now, an online one when it is paid (decision 173). Both ride on the write statement as CTEs: no
    // round trip of their own, and the message gets the number that statement assigns.
    const whatsApp = placementWhatsApp({
      userId: user.id,
      optIn: input.whatsappOptIn === true,
      send: !online,
      now: nowIso,
      message: (number) => confirmedWhatsApp({ ...order, number }),
    });
    const also = composeWrites([...d.writes(), whatsApp]);
    const created = await insertOrderGraph(
      trx,
      order,
      lines,
      { status: order.status, actor: 'customer', actor_id: user.id, note },
      mail && { message: mail, idToken, numberToken },
      also,
    ).catch((e: unknown) => {
      // A step's write that found its stock short fails the statement (stock.placement.ts).
      throw shortageRefusal(e) ?? e;
    });
    if (!created) throw new IdempotentReplay();
    // A step's conditional write did not happen (the wallet no longer covers the total): the order is refused.
    if (also.refusal && created.ok !== true) throw also.refusal();
    const row: OrderRow = {
      ...order,
      number: created.number,
      cancel_reason: null,
      paid_with: null,
      updated_at: nowIso,
      paid_at: null,
      cancelled_at: null,
      reconcile_after: null,
    };
    d.written = { ...row, lines, events: [{ status: order.status, actor: 'customer', note, created_at: nowIso }] };
  },
  // The order row stays as the record: cancel and expiry move its status themselves, under its lock.
  async release() {},
};
