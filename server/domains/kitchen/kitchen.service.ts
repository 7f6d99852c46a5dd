import type { AppDeps } from '../../deps';
import type { AuthUser } from '../../trpc/context';
import { AppError, notFound } from '../../lib/errors';
import { withTransactionRetry } from '../../lib/transaction-retry';
import { kickNotices } from '../notifications/notify.service';
import { recordAudit } from '../audit/audit.service';
import * as orders from '../orders/orders.service';
import { applyStatusBack, applyStatusMove } from '../orders/orders.admin.service';
import { publishOrderEvent } from '../orders/order-events';
import { firstName } from '../orders/orders.delivery-code';
import * as catalogue from '../catalogue/catalogue.service';
import { returnForOrders, sendLowStockAlerts } from '../stock/stock.service';
import { orderStatusLabel } from '../../../shared/rules/order-rules';
import { formatDate } from '../../../shared/rules/dates';
import { readKitchenDay, type ForecastLineRow, type KitchenRead } from '../../statements/kitchen.repository';
import * as repo from './kitchen.repository';
import { forecastFor } from './kitchen.forecast-source';
import { renderLabels, renderPrepSheet, type Label } from './kitchen-pdf';
import { bestBefore, KITCHEN_STATUSES } from '../../../shared/rules/kitchen';
import { addDays, formatSlotRange, istToday } from '../../../shared/rules/slots';
import { evaluateRecipe } from '../../../shared/rules/shake-builder';
import type { CustomRecipe } from '../../../shared/schemas/builder';
import type {
  Blend,
  CustomRecipeCount,
  IngredientQty,
  KitchenBatch,
  KitchenDay,
  KitchenDayInput,
  KitchenSlotInput,
  KitchenSlotSection,
  StartBatchAnswer,
  StartBatchInput,
  UndoBatchAnswer,
} from '../../../shared/schemas/kitchen';

/**
 * The kitchen (PRODUCT.md §16, decisions 180–182): what to blend per slot and for the day (one SQL
 * statement, plus the forecast source's own), "Start batch" (the slot's confirmed orders move to
 * preparing through the order desk's one move — timeline, audit, stock reservations become usage),
 * "Ready" (the batch's ready time, which the deliveries screen shows), the prep sheet and labels.
 */

type Deps = AppDeps;

// ---------- Reading ----------

async function forecastRows(deps: Deps, date: string): Promise<ForecastLineRow[]> {
  const forecast = await forecastFor(deps.db, date);
  return forecast.flatMap((f, s) =>
    f.lines.map((l, i) => ({
      slot_id: f.slotId,
      key: `f${s}:${i}`,
      item_type: l.type,
      item_id: l.id,
      quantity: l.quantity,
      recipe: l.recipe ?? null,
    })),
  );
}

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

function toBatch(b: KitchenRead['batches'][number] | repo.BatchRow, date: string): KitchenBatch {
  return {
    id: b.id,
    slotId: b.slot_id,
    date,
    startedAt: iso(b.started_at)!,
    startedBy: b.started_by,
    readyAt: iso(b.ready_at),
    readyBy: b.ready_by,
    undoneAt: iso(b.undone_at),
    undoneBy: b.undone_by,
    orderCount: b.order_count,
  };
}

/** Signature shake id → what one bottle takes (ingredient id, quantity). */
type Recipes = Map<string, { ingredient_id: string; qty: number }[]>;

/** Assembles the read's rows into sections; `forecast` picks the order part or the forecast part. */
function blendOf(r: KitchenRead, slotId: string | null, forecast: boolean, recipes: Recipes): Blend {
  const ing = new Map(r.ingredients.map((i) => [i.id, i]));
  const q = (id: string, n: number): IngredientQty => {
    const i = ing.get(id);
    return { ingredientId: id, name: i?.name ?? 'Unknown ingredient', unit: i?.stock_unit ?? 'g', qty: n };
  };
  const bySort = (a: IngredientQty, b: IngredientQty) =>
    (ing.get(a.ingredientId)?.sort_order ?? 0) - (ing.get(b.ingredientId)?.sort_order ?? 0) || a.name.localeCompare(b.name);
  const here = <T extends { slot_id: string; forecast: boolean }>(x: T) =>
    x.forecast === forecast && (slotId === null || x.slot_id === slotId);

  const shakes = new Map<string, { shakeId: string; name: string; bottles: number; perBottle: IngredientQty[] }>();
  for (const s of r.shakes.filter(here)) {
    const perBottle = (recipes.get(s.shake_id) ?? []).map((x) => q(x.ingredient_id, x.qty)).sort(bySort);
    const cur = shakes.get(s.shake_id) ?? { shakeId: s.shake_id, name: s.name, bottles: 0, perBottle };
    cur.bottles += s.bottles;
    shakes.set(s.shake_id, cur);
  }
  const customs = new Map<string, CustomRecipeCount & { totals: Map<string, number> }>();
  for (const cr of r.customs.filter(here)) {
    const key = JSON.stringify(cr.recipe);
    const cur = customs.get(key) ?? {
      key,
      name: cr.name || 'Custom shake',
      size: cr.recipe.size === 'large' ? 'large' : 'regular',
      bottles: 0,
      perBottle: [],
      totals: new Map<string, number>(),
    };
    cur.bottles += cr.bottles;
    for (const p of cr.per_bottle) cur.totals.set(p.ingredient_id, (cur.totals.get(p.ingredient_id) ?? 0) + p.qty);
    customs.set(key, cur);
  }
  const totals = new Map<string, number>();
  for (const n of r.needs.filter(here)) totals.set(n.ingredient_id, (totals.get(n.ingredient_id) ?? 0) + n.qty);
  const shakeList = [...shakes.values()].sort((a, b) => b.bottles - a.bottles || a.name.localeCompare(b.name));
  const customList = [...customs.values()]
    .map(({ totals: t, ...c }) => ({
      ...c,
      // Identical recipes need the same per bottle: the total over their bottles divided back.
      perBottle: [...t].map(([id, n]) => q(id, Math.round(n / c.bottles))).sort(bySort),
    }))
    .sort((a, b) => b.bottles - a.bottles || a.name.localeCompare(b.name));
  return {
    bottles: shakeList.reduce((n, s) => n + s.bottles, 0) + customList.reduce((n, c) => n + c.bottles, 0),
    shakes: shakeList,
    customs: customList,
    ingredients: [...totals].map(([id, n]) => q(id, n)).sort(bySort),
  };
}

/** What the slot's confirmed orders take: the bottles and each ingredient (the Start batch confirmation). */
function toStartOf(r: KitchenRead, slotId: string): KitchenSlotSection['toStart'] {
  const s = r.to_start.find((x) => x.slot_id === slotId);
  const ing = new Map(r.ingredients.map((i) => [i.id, i]));
  const ingredients = (s?.needs ?? [])
    .map((n) => ({ n, i: ing.get(n.ingredient_id) }))
    .sort((a, b) => (a.i?.sort_order ?? 0) - (b.i?.sort_order ?? 0) || (a.i?.name ?? '').localeCompare(b.i?.name ?? ''))
    .map(({ n, i }) => ({ ingredientId: n.ingredient_id, name: i?.name ?? 'Unknown ingredient', unit: i?.stock_unit ?? 'g', qty: n.qty }));
  return { bottles: s?.bottles ?? 0, ingredients };
}

/** GET /api/admin/kitchen?date=&slotId= */
export async function day(deps: Deps, input: KitchenDayInput): Promise<KitchenDay> {
  const r = await readKitchenDay(deps.db, input.date, await forecastRows(deps, input.date));
  const recipes: Recipes = new Map();
  for (const x of r.recipes) {
    recipes.set(x.shake_id, [...(recipes.get(x.shake_id) ?? []), x]);
  }
  const slots = r.slots.map((s) => ({
    id: s.id,
    label: formatSlotRange(s.start_time, s.end_time),
    startTime: s.start_time,
    endTime: s.end_time,
  }));
  const count = (slotId: string, status: string) => r.statuses.find((s) => s.slot_id === slotId && s.status === status)?.orders ?? 0;
  const sections = slots
    .filter((s) => !input.slotId || s.id === input.slotId)
    .map((slot) => ({
      slot,
      orders: {
        confirmed: count(slot.id, 'confirmed'),
        preparing: count(slot.id, 'preparing'),
        ready: count(slot.id, 'ready'),
        outForDelivery: count(slot.id, 'out_for_delivery'),
        delivered: count(slot.id, 'delivered'),
      },
      blend: blendOf(r, slot.id, false, recipes),
      forecast: blendOf(r, slot.id, true, recipes),
      toStart: toStartOf(r, slot.id),
      batches: r.batches.filter((b) => b.slot_id === slot.id).map((b) => toBatch(b, input.date)),
    }));
  const ordered = blendOf(r, null, false, recipes);
  const fc = blendOf(r, null, true, recipes);
  const ids = [...new Set([...ordered.ingredients, ...fc.ingredients].map((i) => i.ingredientId))];
  const byId = new Map(r.ingredients.map((i) => [i.id, i]));
  const of = (list: IngredientQty[], id: string) => list.find((i) => i.ingredientId === id)?.qty ?? 0;
  const dayIngredients = ids
    .map((id) => {
      const i = byId.get(id)!;
      const o = of(ordered.ingredients, id);
      const f = of(fc.ingredients, id);
      const free = i.tracked ? i.on_hand - i.reserved : null;
      return {
        ingredientId: id,
        name: i.name,
        unit: i.stock_unit,
        qty: o + f,
        ordered: o,
        forecast: f,
        onHand: i.on_hand,
        free,
        short: free !== null && f > free,
        sort: i.sort_order,
      };
    })
    .sort((a, b) => a.sort - b.sort || a.name.localeCompare(b.name))
    .map(({ sort: _sort, ...rest }) => rest);
  return { date: input.date, slots, sections, day: { bottles: ordered.bottles, forecastBottles: fc.bottles, ingredients: dayIngredients } };
}

// ---------- Batches ----------

/**
 * POST /api/admin/kitchen/batches: the slot's confirmed orders (not yet in a batch) move to
 * preparing, each through the order desk's one move (timeline, audit, its stock reservation becomes
 * `used` on the ledger), and become a batch. Repeated with nothing new to start, it answers the
 * slot's latest batch and moves nothing.
 */
export async function startBatch(deps: Deps, actor: AuthUser, input: StartBatchInput): Promise<StartBatchAnswer> {
  const out = await withTransactionRetry(deps, async (trx) => {
    if (!(await repo.slotExists(trx, input.slotId))) throw notFound('That delivery slot');
    const ids = await repo.lockConfirmedOrders(trx, input.date, input.slotId);
    if (!ids.length) {
      const latest = await repo.latestBatch(trx, input.date, input.slotId);
      if (!latest) throw new AppError('INVALID_STATE', 'There are no confirmed orders in this slot to blend yet.');
      return { batchId: latest.id, moved: [] as { id: string; user_id: string; status: string }[] };
    }
    const at = deps.clock.now().toISOString();
    const moved: { id: string; user_id: string; status: string }[] = [];
    for (const id of ids) {
      const row = await orders.lockOrder(trx, id);
      if (!row || row.status !== 'confirmed') continue;
      moved.push(await applyStatusMove(deps, trx, row, 'preparing', actor, 'Your shakes are being blended'));
    }
    const batchId = await repo.insertBatch(trx, {
      slotId: input.slotId,
      date: input.date,
      at,
      by: actor.id,
      orderIds: moved.map((m) => m.id),
    });
    await recordAudit(trx, actor, {
      action: 'kitchen.batch.start',
      entity: 'kitchen_batch',
      entityId: batchId,
      after: { date: input.date, slotId: input.slotId, orders: moved.length },
      at,
    });
    return { batchId, moved };
  });
  for (const m of out.moved) publishOrderEvent(deps, { orderId: m.id, userId: m.user_id, status: 'preparing' });
  if (out.moved.length) {
    kickNotices(deps);
  }
  const b = (await repo.batchById(deps.db, out.batchId))!;
  return { batch: toBatch(b, b.slot_date), moved: out.moved.length };
}

/**
 * POST /api/admin/kitchen/batches/{id}/ready: the batch is ready for the riders — its ready time is
 * recorded once (a repeat answers the same) and shows on /admin/deliveries. The orders stay
 * "preparing" until a rider picks them up (decision 180).
 */
export async function markReady(deps: Deps, actor: AuthUser, id: string): Promise<KitchenBatch> {
  await withTransactionRetry(deps, async (trx) => {
    const b = await repo.lockBatch(trx, id);
    if (!b) throw notFound('That batch');
    if (b.undone_at)
      throw new AppError(
        'INVALID_STATE',
        `This batch was undone at ${formatDate(b.undone_at, 'time')}; its orders are waiting for a new Start batch.`,
      );
    if (b.ready_at) return;
    const at = deps.clock.now().toISOString();
    await repo.markReady(trx, id, at, actor.id);
    await recordAudit(trx, actor, { action: 'kitchen.batch.ready', entity: 'kitchen_batch', entityId: id, after: { readyAt: at }, at });
  });
  const b = (await repo.batchById(deps.db, id))!;
  return toBatch(b, b.slot_date);
}

/**
 * POST /api/admin/kitchen/batches/{id}/undo (decision 264), until the batch is Ready: under the
 * batch's lock (two undos queue; the second finds it undone and answers the same), each of its orders
 * still preparing goes back to confirmed through the lifecycle's one step back, what the orders used
 * is given back on the ledger (`returned`, once) and held again for them; an order cancelled
 * meanwhile stays cancelled and what it used is free again. The batch stays on record as undone:
 * its labels are void. Refused once Ready, or when one of its orders has left with a rider.
 */
export async function undoBatch(deps: Deps, actor: AuthUser, id: string): Promise<UndoBatchAnswer> {
  const out = await withTransactionRetry(deps, async (trx) => {
    const b = await repo.lockBatch(trx, id);
    if (!b) throw notFound('That batch');
    if (b.ready_at)
      throw new AppError(
        'INVALID_STATE',
        `This batch was marked ready at ${formatDate(b.ready_at, 'time')}; a batch can only be undone until it is ready.`,
      );
    if (b.undone_at) return { back: [] as { id: string; user_id: string }[], cancelled: 0 };
    const ids = await repo.batchOrderIds(trx, id);
    const rows = [];
    for (const orderId of ids) {
      const row = await orders.lockOrder(trx, orderId);
      if (row) rows.push(row);
    }
    const gone = rows.find((r) => r.status === 'out_for_delivery' || r.status === 'delivered');
    if (gone)
      throw new AppError(
        'INVALID_STATE',
        `Order ${gone.number} has already left the kitchen (${orderStatusLabel(gone.status).toLowerCase()}), so this batch can no longer be undone.`,
      );
    const at = deps.clock.now().toISOString();
    const back: { id: string; user_id: string }[] = [];
    for (const row of rows.filter((r) => r.status === 'preparing')) {
      const after = await applyStatusBack(
        deps,
        trx,
        row,
        actor,
        'The kitchen undid the batch: your order is confirmed and will be blended again',
      );
      back.push({ id: after.id, user_id: after.user_id });
    }
    // What the orders used returns once: held again for those confirmed, free for those cancelled meanwhile.
    await returnForOrders(
      trx,
      rows.map((r) => r.id),
      back.map((r) => r.id),
      actor,
    );
    await repo.markUndone(trx, id, at, actor.id);
    const cancelled = rows.filter((r) => r.status === 'cancelled').length;
    await recordAudit(trx, actor, {
      action: 'kitchen.batch.undo',
      entity: 'kitchen_batch',
      entityId: id,
      before: { orders: rows.map((r) => ({ number: r.number, status: r.status })) },
      after: { undoneAt: at, confirmed: back.length, cancelled },
      at,
    });
    return { back, cancelled };
  });
  for (const m of out.back) publishOrderEvent(deps, { orderId: m.id, userId: m.user_id, status: 'confirmed' });
  await refreshStorefront(deps, out.cancelled > 0);
  const b = (await repo.batchById(deps.db, id))!;
  return { batch: toBatch(b, b.slot_date), confirmed: out.back.length, cancelled: out.cancelled };
}

/** Stock freed by an undo (a cancelled order's usage) may end a "Sold out for now": this instance's caches go too. */
async function refreshStorefront(deps: Deps, freed: boolean): Promise<void> {
  if (!freed) return;
  try {
    await catalogue.invalidateCatalogue(deps);
  } catch (e) {
    deps.log.warn({ err: e }, 'catalogue cache invalidation failed; caches expire on their own');
  }
}

// ---------- Printouts ----------

async function slotLabelOf(deps: Deps, date: string, slotId: string): Promise<{ label: string; section: KitchenDay['sections'][number] }> {
  const d = await day(deps, { date, slotId });
  const section = d.sections[0];
  if (!section) throw notFound('That delivery slot');
  return { label: section.slot.label, section };
}

/** GET /api/admin/kitchen/prep-sheet.pdf?date=&slotId= */
export async function prepSheetPdf(deps: Deps, input: KitchenSlotInput): Promise<{ pdf: Buffer; filename: string }> {
  const { label, section } = await slotLabelOf(deps, input.date, input.slotId);
  const o = section.orders;
  const pdf = await renderPrepSheet({
    date: input.date,
    slotLabel: label,
    printedAt: deps.clock.now(),
    orders: o.confirmed + o.preparing + o.ready + o.outForDelivery + o.delivered,
    blend: section.blend,
    forecast: section.forecast,
  });
  return { pdf, filename: `prep-sheet-${input.date}-${section.slot.startTime.replace(':', '')}.pdf` };
}

/** GET /api/admin/kitchen/labels.pdf?date=&slotId=: one label per bottle of the slot's orders. */
export async function labelsPdf(deps: Deps, input: KitchenSlotInput): Promise<{ pdf: Buffer; filename: string; labels: number }> {
  if (!(await repo.slotExists(deps.db, input.slotId))) throw notFound('That delivery slot');
  const rows = await repo.bottlesOfSlot(deps.db, input.date, input.slotId, KITCHEN_STATUSES);
  const [ingredients, pricing] = await Promise.all([catalogue.listIngredients(deps), catalogue.getPricing(deps)]);
  const now = deps.clock.now();
  const base = deps.config.PUBLIC_URL.replace(/\/$/, '');
  const labels: Label[] = [];
  for (const r of rows) {
    let allergens = r.allergens ?? [];
    let vegan = r.vegan ?? false;
    if (r.item_type === 'custom' && r.recipe && typeof r.recipe === 'object') {
      // The builder's one rule for a recipe's allergens and vegan mark.
      const e = evaluateRecipe(r.recipe as CustomRecipe, ingredients, pricing);
      allergens = e.allergens;
      vegan = e.vegan;
    }
    const madeAt = r.started_at ? new Date(r.started_at) : now;
    for (let n = 0; n < r.quantity; n++) {
      labels.push({
        number: r.number,
        firstName: firstName(r.contact_name || r.address_name || ''),
        shake: r.name,
        allergens,
        vegan,
        madeAt,
        bestBefore: bestBefore(madeAt),
        url: `${base}/order/${r.order_id}`,
      });
    }
  }
  const pdf = await renderLabels(labels, `Bottle labels ${input.date}`, now);
  return { pdf, filename: `labels-${input.date}.pdf`, labels: labels.length };
}

// ---------- The low-stock job ----------

/**
 * Job (every minute): the under-par e-mail, and the forecast e-mail — tomorrow's standing deliveries
 * need more than is free — each once per ingredient and day. The stock domain sends both; the
 * kitchen hands it tomorrow's forecast lines (its one door to the schedules domain).
 */
export async function sendStockAlerts(deps: Deps): Promise<number> {
  const tomorrow = addDays(istToday(deps.clock.now()), 1);
  const forecast = await forecastFor(deps.db, tomorrow);
  return sendLowStockAlerts(deps, { date: tomorrow, lines: forecast.flatMap((f) => f.lines) });
}
