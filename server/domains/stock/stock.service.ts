import type { AppDeps } from '../../deps';
import type { Executor, Trx } from '../../../db/database';
import type { AuthUser } from '../../trpc/context';
import type {
  ParLevelInput,
  ShakeRecipe,
  ShakeRecipeInput,
  StockLedger,
  StockLedgerInput,
  StockLevel,
  StockMovement,
  StockMovementAnswer,
  StockMovementInput,
  StockOverview,
} from '../../../shared/schemas/stock';
import { daysOfCover, formatQuantity, isLowStock } from '../../../shared/rules/stock';
import { istToday } from '../../../shared/rules/slots';
import { formatDay } from '../../../shared/rules/dates';
import { AppError, notFound } from '../../lib/errors';
import { enqueueMail } from '../../lib/mail';
import { notify } from '../notifications/notify.service';
import { EVENTS, type EventData } from '../notifications/notify.events';
import { withTransactionRetry } from '../../lib/transaction-retry';
import { recordAudit } from '../audit/audit.service';
import { invalidateCatalogue } from '../catalogue/catalogue.service';
import * as repo from './stock.repository';

/**
 * The stock of the kitchen (PRODUCT.md §16, decision 160): an append-only ledger per
 * ingredient whose sum is on hand, reservations held by open orders, and usage when a batch starts.
 * Every change is one conditional statement (the CHECKs on the balance and shard rows are the last guard) and every
 * movement a member of staff records is audited with who and why.
 */

type Deps = Pick<AppDeps, 'db' | 'cache' | 'clock' | 'log' | 'config'>;

const RECENT_DAYS = 7;
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function toLevel(r: repo.LevelRow): StockLevel {
  const free = r.on_hand - r.reserved;
  const usedPerDay = Math.round((r.used_recent / RECENT_DAYS) * 10) / 10;
  return {
    ingredientId: r.id,
    name: r.name,
    category: r.category as StockLevel['category'],
    unit: r.stock_unit,
    portionQty: r.portion_qty,
    active: r.active,
    tracked: r.tracked,
    onHand: r.on_hand,
    reserved: r.reserved,
    free,
    parLevel: r.par_level,
    usedPerDay,
    daysOfCover: r.tracked ? daysOfCover(free, usedPerDay) : null,
    low: r.tracked && isLowStock({ onHand: r.on_hand, reserved: r.reserved, parLevel: r.par_level }),
    soldOut: r.sold_out,
    nextBestBefore: r.next_best_before,
  };
}

function toMovement(m: repo.MovementRow): StockMovement {
  return {
    id: m.id,
    ingredientId: m.ingredient_id,
    kind: m.kind,
    delta: m.delta,
    onHandAfter: m.on_hand_after,
    batch: m.batch,
    bestBefore: m.best_before,
    reason: m.reason,
    orderId: m.order_id,
    actorEmail: m.actor_email,
    at: new Date(m.created_at).toISOString(),
  };
}

const since = (deps: Pick<AppDeps, 'clock'>) => new Date(deps.clock.now().getTime() - RECENT_DAYS * 86_400_000).toISOString();

/** GET /api/admin/stock: every ingredient's on hand, reserved, free, par level and days of cover. */
export async function overview(deps: Deps): Promise<StockOverview> {
  return { ingredients: (await repo.listLevels(deps.db, since(deps))).map(toLevel) };
}

/** The admin dashboard's low-stock card: ingredients under par or sold out. */
export async function lowStock(deps: Deps): Promise<StockLevel[]> {
  return (await overview(deps)).ingredients.filter((l) => l.active && l.tracked && (l.low || l.soldOut));
}

async function levelOf(db: Executor, deps: Deps, ingredientId: string): Promise<StockLevel> {
  const row = (await repo.listLevels(db, since(deps), ingredientId))[0];
  if (!row) throw notFound('That ingredient');
  return toLevel(row);
}

/** GET /api/admin/stock/{ingredientId}/movements: the ledger, newest first. */
export async function ledger(deps: Deps, input: StockLedgerInput): Promise<StockLedger> {
  const level = await levelOf(deps.db, deps, input.ingredientId);
  const { rows, total } = await repo.listMovements(deps.db, input.ingredientId, input.pageSize, (input.page - 1) * input.pageSize);
  return { level, movements: rows.map(toMovement), totalCount: total };
}

/**
 * POST /api/admin/stock/movements: received (batch, best-before), wasted (reason) or counted (a
 * stock-take sets the figure; the ledger records the difference). Audited; the storefront's
 * "Sold out for now" follows at once: every instance hears stock_spread's invalidation
 * at commit when the free stock crossed the sold-out line (decision 209); this instance's caches are
 * also dropped here, after commit, so the person who just counted sees it on their next read.
 */
export async function recordMovement(deps: Deps, actor: AuthUser, input: StockMovementInput): Promise<StockMovementAnswer> {
  const answer = await withTransactionRetry(deps, async (trx) => {
    const ingredient = await repo.ingredientExists(trx, input.ingredientId);
    if (!ingredient) throw notFound('That ingredient');
    const x = { actorId: actor.id, reason: input.reason ?? null };
    let row: repo.MovementRow | undefined;
    if (input.kind === 'received') {
      row = await repo.receive(trx, input.ingredientId, input.quantity, {
        ...x,
        batch: input.batch ?? null,
        bestBefore: input.bestBefore ?? null,
      });
    } else if (input.kind === 'wasted') {
      row = await repo.waste(trx, input.ingredientId, input.quantity, x);
      if (!row) {
        const lv = await levelOf(trx, deps, input.ingredientId);
        throw new AppError(
          'INVALID_STATE',
          `Only ${formatQuantity(Math.max(0, lv.free), ingredient.stock_unit)} of ${ingredient.name} is free (${formatQuantity(lv.reserved, ingredient.stock_unit)} is held for placed orders); waste at most that.`,
          { fieldErrors: { quantity: [`At most ${formatQuantity(Math.max(0, lv.free), ingredient.stock_unit)}`] } },
        );
      }
    } else {
      const before = await repo.lockLevel(trx, input.ingredientId);
      if (before && input.quantity < before.reserved) {
        const msg = `${formatQuantity(before.reserved, ingredient.stock_unit)} of ${ingredient.name} is held for placed orders; a count cannot be lower. Cancel orders or start their batch first.`;
        throw new AppError('INVALID_STATE', msg, { fieldErrors: { quantity: [msg] } });
      }
      row = await repo.count(trx, input.ingredientId, input.quantity, before?.on_hand ?? 0, x);
      if (!row) throw new AppError('CONFLICT', 'The stock changed a moment ago. Please count again.');
    }
    const movement = toMovement(row);
    await recordAudit(trx, actor, {
      action: `stock.${input.kind}`,
      entity: 'ingredient',
      entityId: input.ingredientId,
      after: { ...movement, ingredient: ingredient.name },
    });
    return { movement, level: await levelOf(trx, deps, input.ingredientId) };
  });
  await refreshStorefront(deps);
  return answer;
}

/** PUT /api/admin/stock/{ingredientId}/par-level (audited). */
export async function setParLevel(deps: Deps, actor: AuthUser, input: ParLevelInput): Promise<StockLevel> {
  return withTransactionRetry(deps, async (trx) => {
    const before = await levelOf(trx, deps, input.ingredientId);
    await repo.setParLevel(trx, input.ingredientId, input.parLevel);
    const after = await levelOf(trx, deps, input.ingredientId);
    await recordAudit(trx, actor, {
      action: 'stock.par-level',
      entity: 'ingredient',
      entityId: input.ingredientId,
      before: { parLevel: before.parLevel },
      after: { parLevel: after.parLevel },
    });
    return after;
  });
}

async function refreshStorefront(deps: Deps): Promise<void> {
  try {
    await invalidateCatalogue(deps);
  } catch (e) {
    // Committed; the caches' time limit bounds how long an instance may show the old state.
    deps.log.warn({ err: e }, 'catalogue cache invalidation failed; caches expire on their own');
  }
}

// ---------- Recipes ----------

function toRecipe(shakeId: string, rows: repo.RecipeItemRow[]): ShakeRecipe {
  return {
    shakeId,
    items: rows.map((r) => ({ ingredientId: r.ingredient_id, name: r.name, unit: r.stock_unit, qtyPerBottle: r.qty_per_bottle })),
  };
}

/** GET /api/admin/shakes/{shakeId}/recipe: what one bottle takes of each ingredient. */
export async function readRecipe(deps: Deps, shakeId: string): Promise<ShakeRecipe> {
  const rows = await repo.readRecipe(deps.db, shakeId);
  if (!rows.length && !(await repo.shakeName(deps.db, shakeId))) throw notFound('That shake');
  return toRecipe(shakeId, rows);
}

/** PUT /api/admin/shakes/{shakeId}/recipe (audited): the quantities per bottle the kitchen blends and stock reserves. */
export async function saveRecipe(deps: Deps, actor: AuthUser, input: ShakeRecipeInput): Promise<ShakeRecipe> {
  const out = await withTransactionRetry(deps, async (trx) => {
    const name = await repo.shakeName(trx, input.shakeId);
    if (!name) throw notFound('That shake');
    const known = await repo.existingIngredientIds(
      trx,
      input.items.map((i) => i.ingredientId),
    );
    const unknown = input.items.find((i) => !known.has(i.ingredientId));
    if (unknown) throw notFound('An ingredient of the recipe');
    const before = toRecipe(input.shakeId, await repo.readRecipe(trx, input.shakeId));
    await repo.replaceRecipe(
      trx,
      input.shakeId,
      input.items.map((i) => ({ ingredientId: i.ingredientId, qty: i.qtyPerBottle })),
    );
    const after = toRecipe(input.shakeId, await repo.readRecipe(trx, input.shakeId));
    await recordAudit(trx, actor, { action: 'shake.recipe', entity: 'shake', entityId: input.shakeId, before, after });
    return after;
  });
  await refreshStorefront(deps);
  return out;
}

// ---------- Reservations (the placing step and the order's lifecycle) ----------

/** Gives back what the order holds (cancel, expiry); twice gives back once. */
export async function releaseForOrder(trx: Trx, orderId: string): Promise<void> {
  await repo.releaseOrder(trx, orderId);
}

/** A reinstated order (paid after its expiry) takes its stock again; OUT_OF_STOCK when it ran out meanwhile. */
export async function retakeForOrder(trx: Trx, orderId: string): Promise<void> {
  refuseShortage(await repo.reserveForOrder(trx, orderId));
}

/** The orders' batch started: what they hold becomes usage on the ledger (idempotent: an order holds nothing afterwards). */
export async function useForOrders(trx: Trx, orderIds: readonly string[], actor: Pick<AuthUser, 'id'> | null): Promise<number> {
  return repo.useReservations(trx, orderIds, actor?.id ?? null, 'Batch started');
}

/**
 * The orders' batch was undone (decision 264): what they used goes back on the ledger (`returned`,
 * once). Orders in `holdFor` (back to confirmed) hold it again; what the others used (cancelled
 * meanwhile) is free again.
 */
export async function returnForOrders(
  trx: Trx,
  orderIds: readonly string[],
  holdFor: readonly string[],
  actor: Pick<AuthUser, 'id'> | null,
): Promise<{ order_id: string; ingredient_id: string; qty: number }[]> {
  return repo.returnUsage(trx, orderIds, holdFor, actor?.id ?? null, 'Batch undone');
}

/**
 * The order-writing statement raised because stock ran short (stock_refuse, decision 160): the
 * refusal to answer with, naming what ran out; null for any other error.
 */
export function shortageRefusal(e: unknown): AppError | null {
  for (let cur = e, i = 0; cur && i < 4; i++, cur = (cur as { cause?: unknown }).cause) {
    const msg = (cur as { message?: unknown }).message;
    if ((cur as { code?: unknown }).code === 'P0001' && typeof msg === 'string' && msg.startsWith(repo.SHORTAGE_PREFIX)) {
      const names = msg.slice(repo.SHORTAGE_PREFIX.length).split(', ');
      try {
        refuseShortage(names.map((name) => ({ id: '', name })));
      } catch (refusal) {
        return refusal as AppError;
      }
    }
  }
  return null;
}

/** Stock could not be reserved: the order is refused, naming what ran out. */
export function refuseShortage(short: readonly { id: string; name: string }[]): void {
  if (!short.length) return;
  const names = short.map((s) => s.name);
  const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  throw new AppError(
    'OUT_OF_STOCK',
    `We don't have enough ${list} left for this order right now. Please lower the quantity or choose another shake.`,
    { details: { ingredients: short.map((s) => s.name) } },
  );
}

/** What the placing statement reserves for an order: its lines as stock reads them (signature by id, custom by recipe). */
export function reservationRequest(
  orderId: string,
  lines: readonly { id: string; type: 'signature' | 'custom'; quantity: number; recipe?: unknown }[],
): { orderId: string; lines: repo.StockLine[] } {
  return { orderId, lines: lines.map((l) => ({ item_type: l.type, item_id: l.id, quantity: l.quantity, recipe: l.recipe ?? null })) };
}

// ---------- Low-stock e-mail ----------

/**
 * An e-mail to the shop's owners (enabled admins and ADMIN_EMAILS), in the caller's transaction: the
 * one way the shop tells its owners something today (low stock here, a locked delivery code in orders).
 */
export async function mailOwners(
  deps: Pick<AppDeps, 'config'>,
  trx: Executor,
  msg: { subject: string; text: string; template: string },
): Promise<void> {
  const html = `<p>${escapeHtml(msg.text).replace(/\n/g, '<br>')}</p>`;
  for (const to of await repo.ownerEmails(trx, deps.config.ADMIN_EMAILS)) await enqueueMail(trx, { to, html, ...msg });
}

/**
 * Job: one e-mail per ingredient and day (Asia/Kolkata) when free stock falls under par, and one when
 * the forecast (tomorrow's standing deliveries, handed in by the kitchen) needs more than is free, to
 * the shop's owners. Each alert row is claimed in the statement that finds it, so any number of
 * instances send it once.
 */
export async function sendLowStockAlerts(
  deps: Deps,
  forecast: {
    date: string;
    lines: readonly { id: string; type: 'signature' | 'custom'; quantity: number; recipe?: unknown }[];
  } | null = null,
): Promise<number> {
  return withTransactionRetry(deps, async (trx) => {
    const today = istToday(deps.clock.now());
    const low = await repo.claimLowStockAlerts(trx, today);
    const short = forecast?.lines.length ? await repo.claimForecastAlerts(trx, today, reservationRequest('', forecast.lines).lines) : [];
    if (!low.length && !short.length) return 0;
    // The shop's stock people (owner, manager, kitchen) hear through notify (inbox, and e-mail to a
    // verified address); an ADMIN_EMAILS address without such an account still gets the e-mail.
    const staff = await repo.stockStaff(trx);
    const known = new Set(staff.map((p) => p.email?.toLowerCase()).filter(Boolean));
    const others = deps.config.ADMIN_EMAILS.map((e) => e.toLowerCase()).filter((e) => !known.has(e));
    const stockUrl = `${deps.config.PUBLIC_URL.replace(/\/$/, '')}/admin/stock`;
    const tell = async <E extends 'low_stock' | 'stock_short'>(event: E, data: EventData[E]) => {
      for (const p of staff) await notify(deps, trx, { userId: p.id }, event, data);
      const r = EVENTS[event].render(data, 'Hi');
      for (const to of [...new Set(others)]) {
        const text = `${r.body.join(' ')}\n${r.linkLabel}: ${stockUrl}`;
        await enqueueMail(trx, { to, subject: r.subject, text, html: `<p>${escapeHtml(r.body.join(' '))}</p><p><a href="${escapeHtml(stockUrl)}">${escapeHtml(r.linkLabel)}</a></p>`, template: r.mailTemplate });
      }
    };
    for (const i of low) {
      await tell('low_stock', { name: i.name, free: formatQuantity(Math.max(0, i.free), i.stock_unit), par: formatQuantity(i.par_level, i.stock_unit) });
    }
    for (const i of short) {
      await tell('stock_short', {
        name: i.name,
        day: formatDay(forecast!.date, 'weekdayDate'),
        need: formatQuantity(i.need, i.stock_unit),
        free: formatQuantity(Math.max(0, i.free), i.stock_unit),
      });
    }
    return low.length + short.length;
  });
}

// ---------- The purchase plan's reads ----------

/** What keyed lines need per ingredient (the one formula): Map key → ingredient id → quantity. */
export async function needsOf(
  deps: Pick<AppDeps, 'db'>,
  lines: readonly { key: string; id: string; type: 'signature' | 'custom'; quantity: number; recipe?: unknown }[],
): Promise<Map<string, Map<string, number>>> {
  const rows = await repo.needsByKey(
    deps.db,
    lines.map((l) => ({ key: l.key, item_type: l.type, item_id: l.id, quantity: l.quantity, recipe: l.recipe ?? null })),
  );
  const out = new Map<string, Map<string, number>>();
  for (const r of rows) {
    const m = out.get(r.key) ?? new Map<string, number>();
    out.set(r.key, m);
    m.set(r.ingredient_id, (m.get(r.ingredient_id) ?? 0) + r.need);
  }
  return out;
}

/** The tracked ingredients with where they come from and what is reserved for orders before `from`. */
export function planLevels(deps: Pick<AppDeps, 'db'>, from: string) {
  return repo.planLevels(deps.db, from);
}

/** What is on hand of each ingredient, lot by lot, first in first out (decision 265), oldest first. */
export function lotsOnHand(deps: Pick<AppDeps, 'db'>) {
  return repo.lotsOnHand(deps.db);
}
