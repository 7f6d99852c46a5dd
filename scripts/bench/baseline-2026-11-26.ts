// The frozen baseline of issue 39: the placement SQL of main on 2026-11-26 (commit 26366dc, before
// stock and wallet), as its own bench captured it from one cash-on-delivery placement (POST /api/orders
// through pg, 5 round trips). The texts are copied verbatim from that capture; each statement's
// values are filled here the way that app filled them (decision 230). The bench replays them through
// pg against today's bench database, in the same run as today's placement, so a slower shop cannot
// hide behind a ceiling that got slower with it.
//
// Adapted to today's schema: nothing. Every column those statements write still exists with the same
// type, every column added since has a default or is nullable, and no constraint added since refuses
// the rows (checked on the run: a statement that fails is counted and printed, never skipped
// silently). What today's placement added on the way — the session read (decision 207), the slot hold,
// the order id assigned before the write (decision 131), the cart clean-up, the stock reservation and
// the WhatsApp confirmation — is exactly what the baseline leaves out.

/** One placement of the baseline: who orders what, for which slot. */
export interface FrozenPlacement {
  user: { id: string; email: string; name: string };
  address: {
    id: string;
    name: string;
    phone: string;
    line1: string;
    line2: string | null;
    landmark: string | null;
    city: string;
    state: string;
    pincode: string;
  };
  slot: { id: string; date: string; start: string; end: string };
  /** Signature shakes as today's catalogue prices them (name, image and price are written to the order). */
  lines: { id: string; name: string; image: string | null; pricePaise: number; quantity: number }[];
  /** The request's idempotency key (fresh for every placement). */
  key: string;
  /** 'YYYY-MM-DD' in India (the booking's "not in the past" and horizon checks). */
  today: string;
  now: Date;
}

/** Statement 1 of 5. */
const BEGIN = 'begin';

/**
 * Statement 2: slot configuration, the slot's booking (capacity as a conditional upsert), the price
 * inputs, the address with its PIN's serviceability — one statement (the 2026-11-26 "price+address+
 * PIN+book slot"). Values: $1/$3 the settings key, $2/$4 the defaults (horizon 7 days, cut-off 90 min),
 * $5 slot id, $6 $7 $9 $11 $13 the delivery date, $8 the plan types a one-time order may book,
 * $10 $12 today (India), $14 now as India's wall clock, $15 the shake ids, $16 the custom
 * ingredients (none: signature shakes only), $17 address id, $18 user id.
 */
const PRICE_ADDRESS_PIN_BOOK = `with 
    bk_cfg as (
      select
        coalesce((select (value->>'horizonDays')::int from settings where key = $1), $2::int) as horizon_days,
        coalesce((select (value->>'cutoffMinutes')::int from settings where key = $3), $4::int) as cutoff_minutes
    ),
    bk_slot as (
      select id, start_time, end_time, max_bookings, plan_type, active from delivery_slots where id = $5::uuid
    ),
    bk_blackout as (
      select reason from blackout_dates where date = $6::date
    ),
    bk_booked as (
      insert into slot_bookings as b (slot_id, date, booked, capacity)
      select bk_slot.id, $7::date, 1, bk_slot.max_bookings
      from bk_slot, bk_cfg
      where bk_slot.active
        and bk_slot.plan_type = any($8::text[])
        and bk_slot.max_bookings > 0
        and $9::date >= $10::date
        and $11::date <= $12::date + bk_cfg.horizon_days
        and not exists (select 1 from bk_blackout)
        and ($13::date + bk_slot.start_time::time) - make_interval(mins => bk_cfg.cutoff_minutes) > $14::timestamp
      on conflict (slot_id, date) do update
        set booked = b.booked + 1, capacity = excluded.capacity, updated_at = now()
        where b.booked < excluded.capacity
      returning b.booked
    ) select (json_build_object(
    'shakes', (select coalesce(json_agg(s), '[]') from (
      select id, name, image, price_paise, in_stock from signature_shakes
      where active and id = any($15::uuid[])) s),
    'ingredients', (select coalesce(json_agg(i), '[]') from (
      select id, name, category, price_paise, kcal, protein_g, carbs_g, fat_g, fibre_g, sugar_g, allergens, vegan, in_stock
      from ingredients where active and id = any($16::uuid[])) i),
    'pricing', (select value from settings where key = 'pricing'))) as price, ((select json_build_object(
      'id', a.id, 'user_id', a.user_id, 'name', a.name, 'phone', a.phone, 'line1', a.line1, 'line2', a.line2,
      'landmark', a.landmark, 'city', a.city, 'state', a.state, 'pincode', a.pincode, 'is_default', a.is_default,
      'created_at', a.created_at, 'updated_at', a.updated_at, 'area', (select sp.area from serviceable_pincodes sp where sp.pincode = "a"."pincode" and sp.active))
    from addresses a where a.id = $17::uuid and a.user_id = $18::uuid)) as address, ((select json_build_object(
      'id', bk_slot.id, 'start_time', bk_slot.start_time, 'end_time', bk_slot.end_time,
      'max_bookings', bk_slot.max_bookings, 'plan_type', bk_slot.plan_type, 'active', bk_slot.active,
      'horizon_days', bk_cfg.horizon_days, 'cutoff_minutes', bk_cfg.cutoff_minutes,
      'blackout_reason', (select reason from bk_blackout),
      'booked_now', (select booked from bk_booked))
    from bk_cfg left join bk_slot on true)) as slot`;

/** Statement 3: the customer's subscriptions, locked (free units and plan benefits). $1 user id, $2–$4 the statuses. */
const SUBSCRIPTIONS = 'select * from "subscriptions" where "user_id" = $1 and "status" in ($2, $3, $4) for update';

/**
 * Statement 4: the order, its lines, its first event and the confirmation e-mail in the outbox, one
 * statement; the database assigns the order's id and number (the e-mail's markers are replaced by them).
 * Values in order: the order's columns ($1–$31), the lines as JSON ($32), the event ($33–$37), the
 * e-mail ($38–$49: recipient, subject/html/text each with its id and number markers, template).
 */
const WRITE_ORDER = `
    with o as (
      insert into orders (
        user_id, status, payment_method, payment_status,
        subtotal_paise, free_unit_discount_paise, coupon_discount_paise, points_discount_paise,
        delivery_fee_paise, gst_paise, gst_rate_percent, total_paise, coupon_code, points_redeemed, points_to_earn,
        contact_email, contact_name, address_id, address, pincode, slot_id, slot_date, slot_start, slot_end, plan_type,
        idempotency_key, request_hash, expires_at, confirmed_at, created_at, updated_at
      ) values (
        $1::uuid, $2, $3, $4,
        $5, $6, $7, $8,
        $9, $10, $11, $12, $13, $14, $15,
        $16, $17, $18::uuid, $19::jsonb, $20, $21::uuid, $22::date,
        $23, $24, $25,
        $26, $27, $28::timestamptz, $29::timestamptz,
        $30::timestamptz, $31::timestamptz
      )
      on conflict on constraint orders_user_idempotency_key do nothing
      returning id, number
    ),
    l as (
      insert into order_lines (order_id, position, item_id, item_type, name, image, unit_price_paise, quantity, line_total_paise, is_free_unit, recipe)
      select o.id, x.position, x.item_id, x.item_type, x.name, x.image, x.unit_price_paise, x.quantity, x.line_total_paise, x.is_free_unit, x.recipe
      from o, jsonb_to_recordset($32::jsonb) as x(
        position int, item_id text, item_type text, name text, image text, unit_price_paise int,
        quantity int, line_total_paise int, is_free_unit boolean, recipe jsonb
      )
    ),
    e as (
      insert into order_events (order_id, status, actor, actor_id, note, created_at)
      select o.id, $33, $34, $35::uuid, $36, $37::timestamptz from o
    ), x as (insert into mail_outbox (to_email, to_name, subject, html, text, template)
    select $38::text, $39::text, replace(replace($40::text, $41::text, o.id::text), $42::text, o.number), replace(replace($43::text, $44::text, o.id::text), $45::text, o.number), replace(replace($46::text, $47::text, o.id::text), $48::text, o.number), $49::text
    from o)
    select id, number from o
  `;

/** Statement 5. */
const COMMIT = 'commit';

// The e-mail's placeholders for the order's id and number, which only the database knows (as captured).
const ID_MARK = 'mailvalue768557df51074e0c9e8059ae0591b0bd';
const NUMBER_MARK = 'mailvalue40295ba244404965ba1189a4e599ef17';

const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN')}`;

/** India's wall clock as the 2026-11-26 app passed it ('YYYY-MM-DD HH:mm:ss.SSS'). */
function indiaWallClock(now: Date): string {
  return new Date(now.getTime() + 330 * 60_000).toISOString().replace('T', ' ').replace('Z', '');
}

/**
 * The five statements of one baseline placement with their values, filled the way the 2026-11-26
 * app filled them: pricing as its breakdown computed it (delivery fee ₹49 below ₹499, GST 5 %
 * included in the total, points to earn 5 % of the total in rupees), the confirmation e-mail built
 * from the same parts (one list item per line).
 */
export function frozenPlacement(p: FrozenPlacement): { text: string; values: unknown[] }[] {
  const nowIso = p.now.toISOString();
  const subtotal = p.lines.reduce((s, l) => s + l.pricePaise * l.quantity, 0);
  const deliveryFee = subtotal >= 49_900 ? 0 : 4_900;
  const total = subtotal + deliveryFee;
  const gst = Math.round((total * 5) / 105);
  const pointsToEarn = Math.floor((total / 100) * 0.05);
  const { address: a } = p;
  const addressJson = JSON.stringify({
    name: a.name,
    phone: a.phone,
    line1: a.line1,
    line2: a.line2,
    landmark: a.landmark,
    city: a.city,
    state: a.state,
    pincode: a.pincode,
  });
  const lines = p.lines.map((l, i) => ({
    position: i + 1,
    item_id: l.id,
    item_type: 'signature',
    name: l.name,
    image: l.image,
    unit_price_paise: l.pricePaise,
    quantity: l.quantity,
    line_total_paise: l.pricePaise * l.quantity,
    is_free_unit: false,
    recipe: null,
  }));
  const items = p.lines.map((l) => `${l.quantity} × ${l.name} — ${rupees(l.pricePaise * l.quantity)}`);
  const when = `${p.slot.date}, ${p.slot.start} – ${p.slot.end}`;
  const to = `${a.name}, ${a.line1}, ${a.city} ${a.pincode}`;
  const html =
    `<div style="font-family:system-ui,sans-serif;color:#14342b;max-width:560px">\n` +
    `<h1 style="font-size:20px">Your order ${NUMBER_MARK} is confirmed</h1>\n` +
    `<p>Hi ${p.user.name}, thank you for your order.</p>\n` +
    `<ul>${items.map((t) => `<li>${t}</li>`).join('')}</ul>\n` +
    `<p><strong>Total: ${rupees(total)}</strong> (Cash on Delivery)</p>\n` +
    `<p>Delivery: ${when}<br>To: ${to}</p>\n` +
    `<p><a href="http://localhost:3000/order/${ID_MARK}">Track your order</a></p>\n</div>`;
  const text =
    `Hi ${p.user.name},\n\nYour order ${NUMBER_MARK} is confirmed.\n\n${items.join('\n')}\n` +
    `Total: ${rupees(total)} (Cash on Delivery)\n\nDelivery: ${when}\nTo: ${to}\n\n` +
    `Track it here: http://localhost:3000/order/${ID_MARK}\n\nThank you for choosing Hydro Shakes.`;
  return [
    { text: BEGIN, values: [] },
    {
      text: PRICE_ADDRESS_PIN_BOOK,
      values: [
        'slot-configuration',
        7,
        'slot-configuration',
        90,
        p.slot.id,
        p.slot.date,
        p.slot.date,
        ['all', 'one_time'],
        p.slot.date,
        p.today,
        p.slot.date,
        p.today,
        p.slot.date,
        indiaWallClock(p.now),
        p.lines.map((l) => l.id),
        [],
        a.id,
        p.user.id,
      ],
    },
    { text: SUBSCRIPTIONS, values: [p.user.id, 'active', 'paused', 'cancelled'] },
    {
      text: WRITE_ORDER,
      values: [
        p.user.id,
        'confirmed',
        'cod',
        'pending',
        subtotal,
        0,
        0,
        0,
        deliveryFee,
        gst,
        5,
        total,
        null,
        0,
        pointsToEarn,
        p.user.email,
        p.user.name,
        a.id,
        addressJson,
        a.pincode,
        p.slot.id,
        p.slot.date,
        p.slot.start,
        p.slot.end,
        'one_time',
        p.key,
        // The request's hash (sha-256 hex of the body): any 64 hex digits, the key alone is unique.
        p.key.replaceAll('-', '').repeat(2),
        null,
        nowIso,
        nowIso,
        nowIso,
        JSON.stringify(lines),
        'confirmed',
        'customer',
        p.user.id,
        'Order placed; pay cash on delivery',
        nowIso,
        p.user.email,
        p.user.name,
        `Your Hydro Shakes order ${NUMBER_MARK} is confirmed`,
        ID_MARK,
        NUMBER_MARK,
        html,
        ID_MARK,
        NUMBER_MARK,
        text,
        ID_MARK,
        NUMBER_MARK,
        'order-confirmed',
      ],
    },
    { text: COMMIT, values: [] },
  ];
}
