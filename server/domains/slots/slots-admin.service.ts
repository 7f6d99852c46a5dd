import type { AppDeps } from '../../deps';
import type { AuthUser } from '../../trpc/context';
import { AppError, notFound } from '../../lib/errors';
import { addDays, istToday, type SlotConfig, type SlotPlanType } from '../../../shared/rules/slots';
import type {
  AdminSlotsOverview,
  AdminPincode,
  AdminSlot,
  BlackoutDate,
  KitchenLocation,
  KitchenLocationInput,
  SlotConfigDto,
} from '../../../shared/schemas/slots';
import * as repo from './slots.repository';
import { recordAudit } from '../audit/audit.service';
import { getSlotConfig, kitchenLocation, parseSlotConfig } from './slots.service';
import { withTransactionRetry } from '../../lib/transaction-retry';

/**
 * Operations screen for slots, capacity, cut-off, horizon, blackout days and PIN codes.
 * Every change and its audit row are written in one transaction.
 */
type Deps = Pick<AppDeps, 'db' | 'clock'>;
type Actor = Pick<AuthUser, 'id' | 'email'>;

const toAdminSlot = (s: repo.SlotRow): AdminSlot => ({
  id: s.id,
  startTime: s.start_time,
  endTime: s.end_time,
  maxBookings: s.max_bookings,
  planType: s.plan_type,
  active: s.active,
  sort: s.sort,
});

const toAdminPincode = (p: { pincode: string; area: string; city: string; active: boolean; updated_at: string }): AdminPincode => ({
  pincode: p.pincode,
  area: p.area,
  city: p.city,
  active: p.active,
  updatedAt: p.updated_at,
});

export async function overview(deps: Deps): Promise<AdminSlotsOverview> {
  const today = istToday(deps.clock.now());
  const config = await getSlotConfig(deps);
  const last = addDays(today, config.horizonDays);
  const slots = await repo.listSlots(deps.db, { activeOnly: false });
  const bookings = await repo.bookingsBetween(deps.db, today, last);
  const blackouts = await repo.blackoutsFrom(deps.db, today);
  const bookingsPerDay = await repo.bookingsOnDates(
    deps.db,
    blackouts.map((b) => b.date),
  );

  const booked = new Map(bookings.map((b) => [`${b.slot_id}|${b.date}`, b.booked]));
  const perDay = new Map(bookingsPerDay.map((b) => [b.date, Number(b.booked)]));
  const blackoutOf = new Map(blackouts.map((b) => [b.date, b.reason]));
  const dates = Array.from({ length: config.horizonDays + 1 }, (_, i) => addDays(today, i));
  return {
    today,
    config,
    slots: slots.map(toAdminSlot),
    blackoutDates: blackouts.map((b) => ({ date: b.date, reason: b.reason, bookings: perDay.get(b.date) ?? 0, createdAt: b.created_at })),
    fill: dates.map((date) => ({
      date,
      ...(blackoutOf.has(date) ? { blackoutReason: blackoutOf.get(date) } : {}),
      slots: slots
        .filter((s) => s.active || (booked.get(`${s.id}|${date}`) ?? 0) > 0)
        .map((s) => ({ slotId: s.id, booked: booked.get(`${s.id}|${date}`) ?? 0, max: s.max_bookings })),
    })),
  };
}

// ---------- Slots ----------

export async function createSlot(
  deps: Deps,
  actor: Actor,
  input: { startTime: string; endTime: string; maxBookings: number; planType: SlotPlanType; active: boolean; sort?: number },
): Promise<AdminSlot> {
  return withTransactionRetry(deps, async (trx) => {
    const sort = input.sort ?? (await repo.nextSlotSort(trx));
    const row = await repo.insertSlot(trx, {
      start_time: input.startTime,
      end_time: input.endTime,
      max_bookings: input.maxBookings,
      plan_type: input.planType,
      active: input.active,
      sort,
    });
    const after = toAdminSlot(row);
    await recordAudit(trx, actor, {
      action: 'delivery_slot.create',
      entity: 'delivery_slot',
      entityId: row.id,
      before: null,
      after,
    });
    return after;
  });
}

export async function updateSlot(
  deps: Deps,
  actor: Actor,
  input: {
    id: string;
    startTime?: string;
    endTime?: string;
    maxBookings?: number;
    planType?: SlotPlanType;
    active?: boolean;
    sort?: number;
  },
): Promise<AdminSlot> {
  return withTransactionRetry(deps, async (trx) => {
    const current = await repo.findSlotForUpdate(trx, input.id);
    if (!current) throw notFound('That delivery slot');
    const start = input.startTime ?? current.start_time;
    const end = input.endTime ?? current.end_time;
    if (end <= start) {
      throw new AppError('VALIDATION_FAILED', 'The slot must end after it starts.', {
        details: { fieldErrors: { endTime: ['The slot must end after it starts'] } },
      });
    }
    const row = await repo.updateSlot(trx, input.id, {
      start_time: input.startTime,
      end_time: input.endTime,
      max_bookings: input.maxBookings,
      plan_type: input.planType,
      active: input.active,
      sort: input.sort,
    });
    if (!row) throw notFound('That delivery slot');
    if (input.maxBookings !== undefined && input.maxBookings !== current.max_bookings) {
      // Existing bookings stay; a lowered capacity only stops new ones.
      await repo.resizeBookingRows(trx, row.id, istToday(deps.clock.now()), input.maxBookings);
    }
    const before = toAdminSlot(current);
    const after = toAdminSlot(row);
    await recordAudit(trx, actor, {
      action: 'delivery_slot.update',
      entity: 'delivery_slot',
      entityId: row.id,
      before,
      after,
    });
    return after;
  });
}

// ---------- Blackout dates ----------

export async function addBlackout(deps: Deps, actor: Actor, input: { date: string; reason: string }): Promise<BlackoutDate> {
  if (input.date < istToday(deps.clock.now())) {
    throw new AppError('BAD_REQUEST', 'That date has already passed; blackout dates are for today or later.');
  }
  return withTransactionRetry(deps, async (trx) => {
    const before = await repo.findBlackout(trx, input.date);
    const row = await repo.upsertBlackout(trx, { date: input.date, reason: input.reason, created_by: actor.id });
    const [count] = await repo.bookingsOnDates(trx, [input.date]);
    await recordAudit(trx, actor, {
      action: before ? 'blackout_date.update' : 'blackout_date.create',
      entity: 'blackout_date',
      entityId: input.date,
      before: before ? { date: before.date, reason: before.reason } : null,
      after: { date: row.date, reason: row.reason },
    });
    return { date: row.date, reason: row.reason, bookings: Number(count?.booked ?? 0), createdAt: row.created_at };
  });
}

export async function removeBlackout(deps: Deps, actor: Actor, input: { date: string }): Promise<{ ok: true }> {
  return withTransactionRetry(deps, async (trx) => {
    const gone = await repo.deleteBlackout(trx, input.date);
    if (!gone) throw notFound('That blackout date');
    await recordAudit(trx, actor, {
      action: 'blackout_date.delete',
      entity: 'blackout_date',
      entityId: input.date,
      before: { date: gone.date, reason: gone.reason },
      after: null,
    });
    return { ok: true as const };
  });
}

// ---------- PIN codes ----------

export async function listPincodes(deps: Pick<AppDeps, 'db'>): Promise<AdminPincode[]> {
  return (await repo.listPincodes(deps.db)).map(toAdminPincode);
}

export async function addPincode(
  deps: Deps,
  actor: Actor,
  input: { pincode: string; area: string; city: string; active: boolean },
): Promise<AdminPincode> {
  return withTransactionRetry(deps, async (trx) => {
    const row = await repo.insertPincode(trx, input);
    if (!row) throw new AppError('CONFLICT', `${input.pincode} is already on the list. Edit it instead.`);
    const after = toAdminPincode(row);
    await recordAudit(trx, actor, {
      action: 'pincode.create',
      entity: 'serviceable_pincode',
      entityId: row.pincode,
      before: null,
      after,
    });
    return after;
  });
}

export async function updatePincode(
  deps: Deps,
  actor: Actor,
  input: { pincode: string; area?: string; city?: string; active?: boolean },
): Promise<AdminPincode> {
  return withTransactionRetry(deps, async (trx) => {
    const before = await repo.findPincode(trx, input.pincode);
    if (!before) throw notFound(`PIN code ${input.pincode}`);
    const row = await repo.updatePincode(trx, input.pincode, { area: input.area, city: input.city, active: input.active });
    if (!row) throw notFound(`PIN code ${input.pincode}`);
    const after = toAdminPincode(row);
    await recordAudit(trx, actor, {
      action: 'pincode.update',
      entity: 'serviceable_pincode',
      entityId: row.pincode,
      before: toAdminPincode(before),
      after,
    });
    return after;
  });
}

export async function removePincode(deps: Deps, actor: Actor, input: { pincode: string }): Promise<{ ok: true }> {
  return withTransactionRetry(deps, async (trx) => {
    const gone = await repo.deletePincode(trx, input.pincode);
    if (!gone) throw notFound(`PIN code ${input.pincode}`);
    await recordAudit(trx, actor, {
      action: 'pincode.delete',
      entity: 'serviceable_pincode',
      entityId: gone.pincode,
      before: gone,
      after: null,
    });
    return { ok: true as const };
  });
}

// ---------- Cut-off and horizon ----------

export async function updateSlotConfig(deps: Deps, actor: Actor, input: SlotConfigDto): Promise<SlotConfig> {
  return withTransactionRetry(deps, async (trx) => {
    const before = parseSlotConfig(await repo.readSlotConfigForUpdate(trx));
    const after: SlotConfig = {
      horizonDays: input.horizonDays,
      cutoffMinutes: input.cutoffMinutes,
      standingCutoffTime: input.standingCutoffTime,
    };
    await repo.writeSlotConfig(trx, after);
    await recordAudit(trx, actor, {
      action: 'slot_configuration.update',
      entity: 'settings',
      entityId: repo.SLOT_CONFIG_KEY,
      before,
      after,
    });
    return after;
  });
}

// ---------- The kitchen's pin ----------

/** PUT /api/admin/kitchen-location (decision 288): where every rider's route starts. Audited. */
export async function updateKitchenLocation(deps: Deps, actor: Actor, input: KitchenLocationInput): Promise<KitchenLocation> {
  return withTransactionRetry(deps, async (trx) => {
    await repo.readKitchenLocationValue(trx, true);
    const before = await kitchenLocation(trx);
    const after = { latitude: input.latitude, longitude: input.longitude };
    await repo.writeKitchenLocation(trx, after);
    await recordAudit(trx, actor, {
      action: 'kitchen_location.update',
      entity: 'settings',
      entityId: repo.KITCHEN_LOCATION_KEY,
      before: before.isDefault ? null : { latitude: before.latitude, longitude: before.longitude },
      after,
    });
    return { ...after, isDefault: false };
  });
}
