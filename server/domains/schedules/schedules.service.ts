import type { AppDeps } from '../../deps';
import type { Executor } from '../../../db/database';
import type { AuthUser } from '../../trpc/context';
import { AppError, notFound } from '../../lib/errors';
import { withTransactionRetry } from '../../lib/transaction-retry';
import { readCalendar, type CalendarRead, type VacationRow } from '../../statements/calendar.repository';
import { activePlanFor, quoteFromRows } from '../cart/cart.service';
import * as repo from './schedules.repository';
import { plannedLines } from './schedules.plan';
import {
  coversDate,
  cutoffRefusalMessage,
  dayState,
  DEFAULT_STANDING_CUTOFF,
  describeDays,
  dueDays,
  entryOf,
  firstOpenDate,
  fixedDates,
  formatCutoffTime,
  isFixed,
  standingCutoffInstant,
  topUpDeadline,
  walletCover,
  withinSchedule,
  CALENDAR_DAYS,
  type ScheduleDays,
} from '../../../shared/rules/schedules';
import { addDays, datesFrom, istToday } from '../../../shared/rules/slots';
import { formatDay } from '../../../shared/rules/dates';
import type {
  AdminSchedulesInput,
  CalendarSchedule,
  AdminSchedulesPage,
  CreateScheduleInput,
  CreateVacationInput,
  ScheduleCalendar,
  ScheduleCalendarInput,
  DeliveryDay,
  DeliveryEntry,
  DeliveryPrice,
  PutDayInput,
  PutInstructionsInput,
  Schedule,
  ScheduleChange,
  ScheduleItem,
  ScheduleLine,
  ScheduleList,
  ScheduleRemoved,
  SkipDayInput,
  UpdateScheduleInput,
  Vacation,
} from '../../../shared/schemas/schedules';
import type { Quote } from '../../../shared/schemas/cart';

type Deps = AppDeps;

/** A customer holds at most this many schedules (two addresses, a weekend one… is plenty). */
const MAX_SCHEDULES = 10;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const cutoffOf = (t: string | null | undefined): string => t ?? DEFAULT_STANDING_CUTOFF;
const daysOf = (s: repo.ScheduleRow): ScheduleDays => ({
  days: s.days,
  weekdays: s.weekdays,
  startDate: s.start_date,
  endDate: s.end_date,
});

export function fixedRefusal(date: string, now: Date, cutoffTime: string): AppError {
  return new AppError('DELIVERY_FIXED', cutoffRefusalMessage(date, now, cutoffTime), { details: { date } });
}

// ---------- The calendar ----------

interface Built {
  read: CalendarRead;
  cutoffTime: string;
  nextCutoffAt: string;
  schedules: CalendarSchedule[];
  days: DeliveryDay[];
  wallet: ScheduleCalendar['wallet'];
}

const priceOf = (q: Quote): DeliveryPrice => ({
  subtotal: q.subtotal,
  freeUnitDiscount: q.freeUnitDiscount,
  deliveryFee: q.deliveryFee,
  total: q.total,
});

/**
 * The calendar from one statement (server/statements/calendar.repository.ts) and, for a subscriber,
 * the plan (the subscriptions service's own read): each day's entries by the shared day rules. Each
 * schedule's own items are priced once, as a quote would (cart's pure quote over the rows read); a
 * day carries items and a price only when they are its own (a changed day, priced once per distinct
 * list; a placed order's stored total) — decision 190.
 */
async function buildCalendar(deps: Deps, user: AuthUser, from: string, days: number, db?: Executor): Promise<Built> {
  const to = addDays(from, days - 1);
  const read = await (db ? readCalendar(db, user.id, from, to) : deps.reads.run(user.id, (rdb) => readCalendar(rdb, user.id, from, to)));
  const notes = read.notes;
  // The plan's own read only for a subscriber (the statement says whether there is a live subscription).
  const plan = read.subscribed ? await activePlanFor(deps, db ?? deps.db, user.id) : null;
  const now = deps.clock.now();
  const cutoffTime = cutoffOf(read.cutoffTime);
  // Each schedule's changed days and cut-off runs by date; scheduled orders by their key.
  const changes = bySchedule(read.days);
  const runs = bySchedule(read.runs);
  const orders = new Map(read.orders.map((o) => [o.key, o]));
  const quotes = new Map<string, { items: ScheduleItem[]; price: DeliveryPrice }>();
  const priced = (lines: ScheduleLine[]) => {
    const k = JSON.stringify(lines);
    let p = quotes.get(k);
    if (!p) {
      const q = quoteFromRows({ lines, userId: user.id }, read.pricing, plan);
      quotes.set(k, (p = { items: toItems(lines, q), price: priceOf(q) }));
    }
    return p;
  };
  const schedules = read.schedules.map((s) => ({
    row: s,
    rules: daysOf(s),
    own: priced(s.items),
    changes: changes.get(s.id),
    runs: runs.get(s.id),
  }));
  const out: DeliveryDay[] = [];
  // Dates only grow: once one is open, every later one is too.
  let fixed = true;
  for (const { date, weekday } of datesFrom(from, days)) {
    fixed &&= isFixed(date, now, cutoffTime);
    const vacation = vacationOn(read.vacations, date);
    const entries: DeliveryEntry[] = [];
    for (const { row: s, rules, changes: changed, runs: ran } of schedules) {
      const change = changed?.get(date);
      const run = ran?.get(date);
      const order = orders.size ? orders.get(repo.scheduleOrderKey(s.id, date)) : undefined;
      // A day claimed before a schedule change is placed as it was fixed, whatever the schedule says now (decision 202).
      const fixedPlan = !order && run?.outcome === 'pending' ? run.plan : null;
      if (fixedPlan) {
        const entry: DeliveryEntry = { scheduleId: s.id, state: 'fixed' };
        if (JSON.stringify(fixedPlan.lines) !== JSON.stringify(s.items)) {
          const own = priced(fixedPlan.lines);
          entry.items = own.items;
          entry.price = own.price;
        }
        entries.push(entry);
        continue;
      }
      const delivers = coversDate(rules, date, weekday) || (!!change?.items && withinSchedule(rules, date));
      const state = dayState({
        active: s.status === 'active',
        delivers,
        skipped: !!change?.skipped,
        onVacation: !!vacation,
        run: order ? { outcome: 'placed' } : run && run.outcome !== 'pending' ? { outcome: run.outcome } : null,
        fixed,
      });
      if (!state) continue;
      const entry: DeliveryEntry = { scheduleId: s.id, state };
      if (change?.items) {
        const own = priced(change.items);
        entry.items = own.items;
        entry.price = own.price;
      }
      if (order) {
        entry.price = {
          subtotal: order.subtotal_paise,
          freeUnitDiscount: order.free_unit_discount_paise,
          deliveryFee: order.delivery_fee_paise,
          total: order.total_paise,
        };
        entry.order = { id: order.id, number: order.number, status: order.status };
      } else if (run?.outcome === 'not_placed') entry.reason = { code: run.reason_code ?? 'UNAVAILABLE', message: run.reason ?? '' };
      entries.push(entry);
    }
    const day: DeliveryDay = vacation ? { date, open: !fixed, vacationId: vacation.id, entries } : { date, open: !fixed, entries };
    const note = notes.days.get(date);
    if (note !== undefined) day.instructions = note;
    out.push(day);
  }
  const calendarSchedules = schedules.map(({ row: s, own }) => ({
    id: s.id,
    slot: slotOf(s),
    items: own.items,
    price: own.price,
    dropOffNote: notes.schedules.get(s.id) ?? null,
  }));
  // What the wallet will not cover, day by day (decision 220): the figures are the server's, the rule the shared one.
  const cover = walletCover(read.walletBalance, dueDays({ schedules: calendarSchedules, days: out }));
  const byDate = new Map(out.map((d) => [d.date, d]));
  for (const s of cover.short) byDate.get(s.date)!.short = { by: s.by, topUp: s.topUp };
  const firstShort = cover.short.find((s) => byDate.get(s.date)!.open)?.date ?? null;
  return {
    read,
    cutoffTime,
    nextCutoffAt: standingCutoffInstant(firstOpenDate(now, cutoffTime), cutoffTime).toISOString(),
    schedules: calendarSchedules,
    days: out,
    wallet: {
      balance: read.walletBalance,
      due: cover.due,
      covered: cover.covered,
      firstShort,
      topUpBy: firstShort ? topUpDeadline(firstShort, cutoffTime, istToday(now)) : null,
    },
  };
}

/** The vacation covering a date, if any (the first, as `find` would). */
function vacationOn(vacations: readonly VacationRow[], date: string): VacationRow | undefined {
  for (const v of vacations) if (v.from <= date && date <= v.to) return v;
  return undefined;
}

/** Rows of the calendar's read by schedule, then by date. */
function bySchedule<T extends { schedule_id: string; date: string }>(rows: readonly T[]): Map<string, Map<string, T>> {
  const out = new Map<string, Map<string, T>>();
  for (const r of rows) {
    let dates = out.get(r.schedule_id);
    if (!dates) out.set(r.schedule_id, (dates = new Map()));
    dates.set(r.date, r);
  }
  return out;
}

const slotOf = (s: repo.ScheduleRow): Schedule['slot'] =>
  s.slot ? { id: s.slot.id, startTime: s.slot.start_time, endTime: s.slot.end_time } : null;

function toItems(lines: ScheduleLine[], q: Quote): ScheduleItem[] {
  return lines.map((l, i) => {
    const ql = q.lines[i];
    const item: ScheduleItem = {
      id: l.id,
      type: l.type,
      name: ql?.name ?? '',
      image: ql?.image ?? '',
      quantity: l.quantity,
      unitPrice: ql?.unitPrice ?? 0,
      lineTotal: ql?.lineTotal ?? 0,
      available: ql?.available ?? false,
      reason: ql?.reason ?? null,
    };
    if (l.recipe) item.recipe = l.recipe;
    return item;
  });
}

const calendarOf = (from: string, built: Built): ScheduleCalendar => ({
  from,
  cutoffTime: built.cutoffTime,
  nextCutoffAt: built.nextCutoffAt,
  schedules: built.schedules,
  days: built.days,
  vacations: built.read.vacations,
  wallet: built.wallet,
});

/** GET /api/user/deliveries */
export async function calendar(deps: Deps, user: AuthUser, input: ScheduleCalendarInput): Promise<ScheduleCalendar> {
  const from = input.from ?? istToday(deps.clock.now());
  return calendarOf(from, await buildCalendar(deps, user, from, input.days));
}

/** GET /api/user/schedules: each schedule with its items priced today and its next delivery in the next 30 days. */
export async function list(deps: Deps, user: AuthUser, db?: Executor): Promise<ScheduleList> {
  const from = istToday(deps.clock.now());
  const built = await buildCalendar(deps, user, from, CALENDAR_DAYS, db);
  return { schedules: built.read.schedules.map((s, i) => toSchedule(s, built.schedules[i]!, built)) };
}

function toSchedule(s: repo.ScheduleRow, priced: CalendarSchedule, built: Built): Schedule {
  const next = built.days.find((d) => d.entries.some((e) => e.scheduleId === s.id && (e.state === 'planned' || e.state === 'fixed')));
  return {
    id: s.id,
    items: priced.items,
    days: s.days,
    weekdays: s.weekdays,
    daysLabel: describeDays(s),
    slot: priced.slot,
    address: s.address,
    startDate: s.start_date,
    endDate: s.end_date,
    status: s.status,
    nextDate: next?.date ?? null,
    createdAt: new Date(s.created_at).toISOString(),
  };
}

async function scheduleDto(deps: Deps, user: AuthUser, id: string): Promise<Schedule> {
  const { schedules } = await list(deps, user, deps.db);
  const s = schedules.find((x) => x.id === id);
  if (!s) throw notFound('That schedule');
  return s;
}

/** What the customer's deliveries of a date will cost (planned or fixed, not yet placed), as quotes today. */
export async function plannedTotal(deps: Deps, user: AuthUser, date: string): Promise<number> {
  const built = await buildCalendar(deps, user, date, 1, deps.db);
  return built.days[0]!.entries.filter((e) => e.state === 'planned' || e.state === 'fixed').reduce(
    (n, e) => n + entryOf(built, e).price.total,
    0,
  );
}

// ---------- Schedules ----------

/** Items as stored: id, type, quantity, and a custom shake's recipe as the customer saved it. */
function checkItems(items: ScheduleLine[], facts: repo.WriteFacts): ScheduleLine[] {
  const shakes = new Set(facts.shakes);
  const recipes = new Map(facts.recipes.map((r) => [r.recipe_key, r.recipe]));
  return items.map((l) => {
    if (l.type === 'signature') {
      if (!UUID_RE.test(l.id) || !shakes.has(l.id)) {
        throw new AppError('BAD_REQUEST', 'One of the shakes is not on the menu. Please choose another.', { details: { itemId: l.id } });
      }
      return { id: l.id, type: l.type, quantity: l.quantity };
    }
    const recipe = recipes.get(l.id);
    if (!recipe) {
      throw new AppError('BAD_REQUEST', 'A custom shake in a schedule must be one of your saved shakes. Save it in My shakes first.', {
        details: { itemId: l.id },
      });
    }
    return { id: l.id, type: l.type, quantity: l.quantity, recipe: recipe as ScheduleLine['recipe'] };
  });
}

function idsOf(items: ScheduleLine[] | undefined): { shakeIds: string[]; recipeKeys: string[] } {
  const list = items ?? [];
  return {
    shakeIds: list.filter((l) => l.type === 'signature' && UUID_RE.test(l.id)).map((l) => l.id),
    recipeKeys: list.filter((l) => l.type === 'custom').map((l) => l.id),
  };
}

function checkSlotAndAddress(facts: repo.WriteFacts, p: { slotId?: string; addressId?: string }): void {
  if (p.slotId && (!facts.slot || !facts.slot.active)) throw notFound('That delivery slot');
  if (p.addressId && !facts.address) throw notFound('That address');
}

function firstDateRefusal(startDate: string, now: Date, cutoffTime: string): AppError {
  const first = firstOpenDate(now, cutoffTime);
  return new AppError(
    'DELIVERY_FIXED',
    `The first delivery can be on ${formatDay(first, 'weekdayDate')} at the earliest: each day's deliveries are fixed at ${formatCutoffTime(cutoffTime)} the evening before.`,
    { details: { startDate, earliest: first } },
  );
}

/** POST /api/user/schedules */
export async function create(deps: Deps, user: AuthUser, input: CreateScheduleInput): Promise<Schedule> {
  const id = await withTransactionRetry(deps, async (trx) => {
    const facts = await repo.readWriteFacts(trx, user.id, { slotId: input.slotId, addressId: input.addressId, ...idsOf(input.items) });
    checkSlotAndAddress(facts, input);
    const items = checkItems(input.items, facts);
    const now = deps.clock.now();
    const cutoffTime = cutoffOf(facts.cutoffTime);
    if (isFixed(input.startDate, now, cutoffTime)) throw firstDateRefusal(input.startDate, now, cutoffTime);
    const mine = await repo.listOfUser(trx, user.id);
    if (mine.filter((s) => s.status !== 'ended').length >= MAX_SCHEDULES) {
      throw new AppError('CONFLICT', `You can keep up to ${MAX_SCHEDULES} schedules. End one you no longer need first.`);
    }
    return repo.insertSchedule(trx, {
      user_id: user.id,
      items,
      days: input.days,
      weekdays: input.days === 'chosen' ? [...(input.weekdays ?? [])].sort() : [],
      slot_id: input.slotId,
      address_id: input.addressId,
      start_date: input.startDate,
      end_date: input.endDate ?? null,
    });
  });
  await deps.reads.noteWrite(user.id);
  return scheduleDto(deps, user, id);
}

/** PATCH /api/user/schedules/{id}: items, days, slot, address, dates, or status (pause, resume, end). */
export async function update(deps: Deps, user: AuthUser, input: UpdateScheduleInput): Promise<ScheduleChange> {
  const effectiveFrom = await withTransactionRetry(deps, async (trx) => {
    const current = await repo.findOfUser(trx, user.id, input.id, { lock: true });
    if (!current) throw notFound('That schedule');
    const from = await keepFixedDays(deps, trx, current);
    const facts = await repo.readWriteFacts(trx, user.id, {
      slotId: input.slotId ?? null,
      addressId: input.addressId ?? null,
      ...idsOf(input.items),
    });
    checkSlotAndAddress(facts, input);
    const items = input.items ? checkItems(input.items, facts) : undefined;
    const now = deps.clock.now();
    const cutoffTime = cutoffOf(facts.cutoffTime);
    if (input.startDate && input.startDate !== current.start_date && isFixed(input.startDate, now, cutoffTime)) {
      throw firstDateRefusal(input.startDate, now, cutoffTime);
    }
    const startDate = input.startDate ?? current.start_date;
    const endDate = input.endDate === undefined ? current.end_date : input.endDate;
    if (endDate !== null && endDate < startDate) {
      throw new AppError('BAD_REQUEST', 'The end date is on or after the start date.', {
        fieldErrors: { endDate: ['The end date is on or after the start date'] },
      });
    }
    const days = input.days ?? current.days;
    const weekdays = days === 'chosen' ? [...(input.weekdays ?? current.weekdays)].sort() : [];
    if (days === 'chosen' && !weekdays.length) {
      throw new AppError('BAD_REQUEST', 'Choose at least one day of the week.', {
        fieldErrors: { weekdays: ['Choose at least one day of the week'] },
      });
    }
    await repo.updateSchedule(
      trx,
      user.id,
      input.id,
      {
        ...(items ? { items } : {}),
        days,
        weekdays,
        ...(input.slotId ? { slot_id: input.slotId } : {}),
        ...(input.addressId ? { address_id: input.addressId } : {}),
        start_date: startDate,
        end_date: endDate,
        ...(input.status ? { status: input.status } : {}),
      },
      now.toISOString(),
    );
    return from;
  });
  await deps.reads.noteWrite(user.id);
  return { ...(await scheduleDto(deps, user, input.id)), effectiveFrom };
}

/** DELETE /api/user/schedules/{id}: the schedule and its day changes go; orders it placed stay, and so does a day already fixed. */
export async function remove(deps: Deps, user: AuthUser, id: string): Promise<ScheduleRemoved> {
  const effectiveFrom = await withTransactionRetry(deps, async (trx) => {
    const current = await repo.findOfUser(trx, user.id, id, { lock: true });
    if (!current) throw notFound('That schedule');
    const from = await keepFixedDays(deps, trx, current);
    await repo.deleteSchedule(trx, user.id, id);
    return from;
  });
  await deps.reads.noteWrite(user.id);
  return { ok: true, effectiveFrom };
}

/**
 * The one way a schedule-level change (items, days, slot, address, dates, pause, resume, end, delete)
 * meets the cut-off (decision 202), called with the schedule's row locked, before the change is
 * written: each date already fixed keeps what it was fixed as. A day the schedule delivers on and the
 * cut-off has not claimed yet is claimed now with its plan (the cut-off job places that claim, on any
 * instance); a fixed day with nothing to deliver is marked skipped, so a resumed or widened schedule
 * does not add it. A day already claimed, placed or not placed is left as it is. Answers the first
 * date the change applies to.
 */
async function keepFixedDays(deps: Deps, trx: Executor, s: repo.ScheduleRow): Promise<string> {
  const now = deps.clock.now();
  const cutoffTime = cutoffOf(await repo.readCutoffTime(trx));
  for (const date of fixedDates(now, cutoffTime)) {
    const day = await repo.dayOfSchedule(trx, s.id, date);
    if (!day || day.settled) continue;
    const lines = plannedLines(day, date);
    if (lines) {
      const plan = { lines, slotId: day.schedule.slot?.id ?? null, addressId: day.schedule.address?.id ?? null };
      await repo.pinClaim(trx, { scheduleId: s.id, userId: s.user_id, date, plan, now: now.toISOString() });
    } else await repo.upsertDay(trx, [s.id], date, { skipped: true }, now.toISOString());
  }
  return firstOpenDate(now, cutoffTime);
}

// ---------- Days and vacations ----------

/** The customer's schedules, locked, with the cut-off checked after the lock (the job takes the day only after it). */
async function openDay(
  deps: Deps,
  trx: Executor,
  user: AuthUser,
  date: string,
): Promise<{ schedules: repo.ScheduleRow[]; cutoffTime: string }> {
  // Shared locks: a schedule change waits for this write to commit, so it pins the fixed day with it (decision 202).
  const [schedules, cutoffTime] = await Promise.all([repo.listOfUser(trx, user.id, { share: true }), repo.readCutoffTime(trx)]);
  const cutoff = cutoffOf(cutoffTime);
  const now = deps.clock.now();
  if (isFixed(date, now, cutoff)) throw fixedRefusal(date, now, cutoff);
  return { schedules, cutoffTime: cutoff };
}

function deliversOn(s: repo.ScheduleRow, date: string): boolean {
  return s.status === 'active' && coversDate(daysOf(s), date);
}

function pickSchedule(schedules: repo.ScheduleRow[], scheduleId: string | undefined): repo.ScheduleRow {
  if (scheduleId) {
    const s = schedules.find((x) => x.id === scheduleId);
    if (!s) throw notFound('That schedule');
    return s;
  }
  const active = schedules.filter((s) => s.status === 'active');
  if (active.length === 1) return active[0]!;
  if (!active.length) throw new AppError('INVALID_STATE', 'You have no active schedule. Set one up first.');
  throw new AppError('BAD_REQUEST', 'You have several schedules: say which one (scheduleId).', {
    fieldErrors: { scheduleId: ['Choose the schedule'] },
  });
}

/** The answer of a day's change: the calendar of that one date (the same shape as GET /api/user/deliveries). */
async function dayOf(deps: Deps, user: AuthUser, date: string): Promise<ScheduleCalendar> {
  return calendarOf(date, await buildCalendar(deps, user, date, 1, deps.db));
}

/** POST /api/user/deliveries/{date}/skip: one schedule's delivery, or every delivery of that date. */
export async function skip(deps: Deps, user: AuthUser, input: SkipDayInput): Promise<ScheduleCalendar> {
  await withTransactionRetry(deps, async (trx) => {
    const { schedules } = await openDay(deps, trx, user, input.date);
    const targets = input.scheduleId ? [pickSchedule(schedules, input.scheduleId)] : schedules.filter((s) => deliversOn(s, input.date));
    if (!targets.length || (input.scheduleId && targets[0]!.status !== 'active')) {
      throw new AppError('INVALID_STATE', `There is no delivery on ${formatDay(input.date, 'weekdayDate')} to skip.`);
    }
    await repo.upsertDay(
      trx,
      targets.map((s) => s.id),
      input.date,
      { skipped: true },
      deps.clock.now().toISOString(),
    );
  });
  await deps.reads.noteWrite(user.id);
  return dayOf(deps, user, input.date);
}

/**
 * PUT /api/user/deliveries/{date}/instructions (decision 295): the rider's note for the date, or with
 * `everyDay` for every day of a schedule. The date must be open (the cut-off rule's one owner, openDay);
 * an every-day change leaves the fixed dates with the note they were fixed with (decision 202).
 */
export async function putInstructions(deps: Deps, user: AuthUser, input: PutInstructionsInput): Promise<ScheduleCalendar> {
  await withTransactionRetry(deps, async (trx) => {
    const { schedules, cutoffTime } = await openDay(deps, trx, user, input.date);
    const now = deps.clock.now();
    const at = now.toISOString();
    if (input.everyDay) {
      const s = pickSchedule(schedules, input.scheduleId);
      const before = await repo.dropOffNoteOf(trx, s.id);
      const after = input.note || null;
      if (before === after) return;
      for (const date of fixedDates(now, cutoffTime)) await repo.pinDayNote(trx, user.id, date, before ?? '', at);
      await repo.setDropOffNote(trx, s.id, after, at);
      return;
    }
    if (!input.note) return repo.clearDayNote(trx, user.id, input.date);
    const delivers = schedules.some((s) => deliversOn(s, input.date)) || (await repo.hasOrderOn(trx, user.id, input.date));
    if (!delivers) throw new AppError('INVALID_STATE', `There is no delivery on ${formatDay(input.date, 'weekdayDate')} to leave a note for.`);
    await repo.putDayNote(trx, user.id, input.date, input.note, at);
  });
  await deps.reads.noteWrite(user.id);
  return dayOf(deps, user, input.date);
}

/** DELETE /api/user/deliveries/{date}/skip: the day is delivered after all (its items as before the skip: the schedule's). */
export async function unskip(deps: Deps, user: AuthUser, input: SkipDayInput): Promise<ScheduleCalendar> {
  await withTransactionRetry(deps, async (trx) => {
    const { schedules } = await openDay(deps, trx, user, input.date);
    const ids = input.scheduleId ? [pickSchedule(schedules, input.scheduleId).id] : schedules.map((s) => s.id);
    await repo.clearDay(trx, ids, input.date, 'skip');
  });
  await deps.reads.noteWrite(user.id);
  return dayOf(deps, user, input.date);
}

/** PUT /api/user/deliveries/{date}: that day's items for one schedule (null: back to the schedule's own). */
export async function putDay(deps: Deps, user: AuthUser, input: PutDayInput): Promise<ScheduleCalendar> {
  await withTransactionRetry(deps, async (trx) => {
    const { schedules } = await openDay(deps, trx, user, input.date);
    const s = pickSchedule(schedules, input.scheduleId);
    if (s.status !== 'active') throw new AppError('INVALID_STATE', 'That schedule is paused or ended: resume it first.');
    if (!withinSchedule(daysOf(s), input.date)) {
      throw new AppError('BAD_REQUEST', `${formatDay(input.date, 'weekdayDate')} is outside that schedule's dates.`);
    }
    const now = deps.clock.now().toISOString();
    if (input.items === null) {
      await repo.clearDay(trx, [s.id], input.date, 'items');
      return;
    }
    const facts = await repo.readWriteFacts(trx, user.id, { slotId: null, addressId: null, ...idsOf(input.items) });
    await repo.upsertDay(trx, [s.id], input.date, { items: checkItems(input.items, facts) }, now);
  });
  await deps.reads.noteWrite(user.id);
  return dayOf(deps, user, input.date);
}

/** POST /api/user/vacations: every schedule pauses from `from` to `to`; refused when `from` is already fixed. */
export async function addVacation(deps: Deps, user: AuthUser, input: CreateVacationInput): Promise<Vacation> {
  const v = await withTransactionRetry(deps, async (trx) => {
    await openDay(deps, trx, user, input.from);
    return repo.insertVacation(trx, user.id, input.from, input.to);
  });
  await deps.reads.noteWrite(user.id);
  return v;
}

/**
 * DELETE /api/user/vacations/{id}: a vacation not started is removed; one under way ends with the
 * last fixed date (the fixed days stay as they are); one that is over cannot be taken back.
 */
export async function removeVacation(deps: Deps, user: AuthUser, id: string): Promise<{ ok: true }> {
  await withTransactionRetry(deps, async (trx) => {
    const v = await repo.findVacation(trx, user.id, id);
    if (!v) throw notFound('That vacation');
    const now = deps.clock.now();
    const cutoffTime = cutoffOf(await repo.readCutoffTime(trx));
    const first = firstOpenDate(now, cutoffTime);
    if (v.to < first) throw new AppError('INVALID_STATE', 'That vacation is over: its days are fixed.');
    if (v.from < first) await repo.shortenVacation(trx, v.id, addDays(first, -1));
    else await repo.deleteVacation(trx, v.id);
  });
  await deps.reads.noteWrite(user.id);
  return { ok: true };
}

// ---------- Admin ----------

/** GET /api/admin/schedules */
export async function adminList(deps: Deps, input: AdminSchedulesInput, resHeaders: Record<string, string>): Promise<AdminSchedulesPage> {
  const { rows, totalCount } = await deps.reads.run(null, (db) =>
    repo.adminList(db, {
      status: input.status,
      slotId: input.slotId,
      search: input.search || undefined,
      limit: input.pageSize,
      offset: (input.page - 1) * input.pageSize,
    }),
  );
  resHeaders['X-Total-Count'] = String(totalCount);
  const ids = [...new Set(rows.flatMap((r) => r.schedule.items.filter((l) => l.type === 'signature').map((l) => l.id)))];
  const names = await repo.shakeNames(deps.db, ids);
  return {
    totalCount,
    schedules: rows.map(({ schedule: s, customer }) => ({
      id: s.id,
      customer: { id: customer.id, name: customer.name, email: customer.email ?? '' },
      items: s.items.map((l) => ({ id: l.id, type: l.type, name: itemName(l, names), quantity: l.quantity })),
      daysLabel: describeDays(s),
      slot: s.slot ? { id: s.slot.id, startTime: s.slot.start_time, endTime: s.slot.end_time } : null,
      pincode: s.address?.pincode ?? null,
      startDate: s.start_date,
      endDate: s.end_date,
      status: s.status,
      createdAt: new Date(s.created_at).toISOString(),
    })),
  };
}

export function itemName(l: ScheduleLine, names: Map<string, string>): string {
  if (l.type === 'signature') return names.get(l.id) ?? 'A shake no longer on the menu';
  return l.recipe?.name?.trim() || 'Custom shake';
}

/**
 * Customers whose wallet does not cover what their standing deliveries of the date will cost (the
 * 18:00 reminder's rule, whoever was reminded): for the owner's morning.
 */
export async function shortOn(deps: Deps, date: string): Promise<Array<{ customerId: string; customer: string; balance: number; needed: number }>> {
  const out: Array<{ customerId: string; customer: string; balance: number; needed: number }> = [];
  for (const c of await repo.customersOn(deps.db, date)) {
    const user: AuthUser = { id: c.user_id, email: c.email ?? '', name: c.name, role: c.role as AuthUser['role'] };
    const needed = await plannedTotal(deps, user, date);
    if (walletCover(c.balance_paise, [{ date, cost: needed }]).short.length) out.push({ customerId: c.user_id, customer: c.name, balance: c.balance_paise, needed });
  }
  return out.sort((a, b) => a.customer.localeCompare(b.customer) || a.customerId.localeCompare(b.customerId));
}

/** Active schedules on the date, and the days of `dates` the cut-off did not place, with their reasons. */
export async function standingFacts(deps: Pick<Deps, 'db'>, date: string, dates: string[]) {
  const [active, notPlaced] = [await repo.activeOn(deps.db, date), await repo.notPlacedOn(deps.db, dates)];
  return {
    activeSchedules: active.schedules,
    activeCustomers: active.customers,
    notPlaced: notPlaced.map((r) => ({ date: r.date, customerId: r.user_id, customer: r.customer, reasonCode: r.reason_code, reason: r.reason })),
  };
}
