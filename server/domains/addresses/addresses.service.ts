import { readDeliverableAddress, type DeliverableAddressRow } from '../../statements/placement.repository';
import type { AppDeps } from '../../deps';
import type { Executor } from '../../../db/database';
import { AppError, notFound } from '../../lib/errors';
import type { z } from 'zod';
import { MAX_ADDRESSES, type Address, type AddressCreateInputSchema, type AddressUpdateInputSchema } from '../../../shared/schemas/addresses';
import * as repo from './addresses.repository';
import { notServiceable, serviceablePincodes } from '../slots/slots.service';
import { withTransactionRetry } from '../../lib/transaction-retry';

type Deps = Pick<AppDeps, 'db'>;

/** Output of the create and update schemas (phone and PIN code already normalised). */
export type AddressCreate = z.output<typeof AddressCreateInputSchema>;
export type AddressPatch = z.output<typeof AddressUpdateInputSchema>;

const NOT_FOUND = 'That address';
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toDto(row: repo.AddressRow, served: Map<string, string>): Address {
  const area = served.get(row.pincode) ?? null;
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    line1: row.line1,
    line2: row.line2,
    landmark: row.landmark,
    city: row.city,
    state: row.state,
    pincode: row.pincode,
    latitude: row.latitude,
    longitude: row.longitude,
    isDefault: row.is_default,
    serviceable: area !== null,
    area,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

async function withServiceability(executor: Executor, rows: repo.AddressRow[]): Promise<Address[]> {
  const served = await serviceablePincodes(
    executor,
    rows.map((r) => r.pincode),
  );
  return rows.map((r) => toDto(r, served));
}

export async function list(deps: Deps, userId: string): Promise<Address[]> {
  return withServiceability(deps.db, await repo.listForUser(deps.db, userId));
}

export async function create(deps: Deps, userId: string, input: AddressCreate): Promise<Address> {
  return withTransactionRetry(deps, async (trx) => {
    if (!(await repo.lockOwner(trx, userId))) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
    const count = await repo.countForUser(trx, userId);
    if (count >= MAX_ADDRESSES) {
      throw new AppError('ADDRESS_LIMIT', `You can save up to ${MAX_ADDRESSES} addresses. Remove one to add another.`);
    }
    // An address we cannot deliver to may be saved (the customer may move, or we may grow), but it
    // never becomes the default: checkout would preselect a card it must disable.
    const served = (await serviceablePincodes(trx, [input.pincode])).has(input.pincode);
    // With no default yet (earlier ones were out of our area), the first one we serve takes the place.
    const makeDefault = served && (count === 0 || input.isDefault === true || !(await repo.hasDefault(trx, userId)));
    if (makeDefault) await repo.clearDefault(trx, userId);
    const row = await repo.insert(trx, userId, {
      name: input.name,
      phone: input.phone,
      line1: input.line1,
      line2: input.line2 || null,
      landmark: input.landmark || null,
      city: input.city,
      state: input.state,
      pincode: input.pincode,
      latitude: input.latitude ?? null,
      longitude: input.longitude ?? null,
      is_default: makeDefault,
    });
    return (await withServiceability(trx, [row]))[0];
  });
}

export async function update(deps: Deps, userId: string, input: AddressPatch): Promise<Address> {
  return withTransactionRetry(deps, async (trx) => {
    await repo.lockOwner(trx, userId);
    const current = await repo.findForUser(trx, userId, input.id);
    if (!current) throw notFound(NOT_FOUND);
    const pincode = input.pincode ?? current.pincode;
    const served = (await serviceablePincodes(trx, [pincode])).has(pincode);
    if (input.isDefault === true && !served) {
      throw new AppError('NOT_SERVICEABLE', `We don’t deliver to PIN code ${pincode} yet, so it can’t be your default address.`, {
        details: { pincode, fieldErrors: { isDefault: ['We don’t deliver to this PIN code yet'] } },
      });
    }
    if (input.isDefault === true && !current.is_default) await repo.clearDefault(trx, userId);
    // The default moved to a PIN code we don't serve: it stops being the default.
    const dropDefault = current.is_default && !served;
    const row = await repo.update(trx, userId, input.id, {
      name: input.name,
      phone: input.phone,
      line1: input.line1,
      line2: input.line2 === undefined ? undefined : input.line2 || null,
      landmark: input.landmark === undefined ? undefined : input.landmark || null,
      city: input.city,
      state: input.state,
      pincode: input.pincode,
      latitude: input.latitude,
      longitude: input.longitude,
      is_default: dropDefault ? false : input.isDefault,
    });
    if (!row) throw notFound(NOT_FOUND);
    if (dropDefault) await promoteLatestServed(trx, userId);
    return (await withServiceability(trx, [row]))[0];
  });
}

/** The most recently changed address we deliver to becomes the default (none when there is none). */
async function promoteLatestServed(executor: Executor, userId: string): Promise<void> {
  const rows = await repo.listForUser(executor, userId);
  const served = await serviceablePincodes(
    executor,
    rows.map((r) => r.pincode),
  );
  await repo.promoteLatest(executor, userId, [...served.keys()]);
}

export async function remove(deps: Deps, userId: string, id: string): Promise<{ ok: true }> {
  return withTransactionRetry(deps, async (trx) => {
    await repo.lockOwner(trx, userId);
    const gone = await repo.remove(trx, userId, id);
    if (!gone) throw notFound(NOT_FOUND);
    if (gone.is_default) await promoteLatestServed(trx, userId);
    return { ok: true as const };
  });
}

/**
 * For checkout, inside its transaction: the customer's own address (404 for anyone
 * else's). Serviceability is not checked here: call delivery's assertServiceable.
 */
export async function getOwnAddress(executor: Executor, userId: string, id: string): Promise<Address> {
  if (!/^[0-9a-f-]{36}$/i.test(String(id))) throw notFound(NOT_FOUND);
  const row = await repo.findForUser(executor, userId, id);
  if (!row) throw notFound(NOT_FOUND);
  return (await withServiceability(executor, [row]))[0];
}

/** An address id worth reading (anything else is simply not found). */
export const isAddressId = (id: string): boolean => UUID_RE.test(String(id));

/**
 * The checkout verdict on an address row read with its PIN code's served area (by
 * getDeliverableAddress, or by order placement's single statement): the address, or
 * NOT_FOUND (not the customer's) / NOT_SERVICEABLE (we don't deliver to its PIN code).
 */
export function deliverableAddressOf(row: DeliverableAddressRow | undefined): Address {
  if (!row) throw notFound(NOT_FOUND);
  if (row.area === null) throw notServiceable(row.pincode);
  return toDto(row, new Map([[row.pincode, row.area]]));
}

/**
 * For checkout, inside its transaction: the customer's own address (404 for anyone
 * else's), refused with NOT_SERVICEABLE when we don't deliver to its PIN code. One round trip.
 */
export async function getDeliverableAddress(executor: Executor, userId: string, id: string): Promise<Address> {
  if (!isAddressId(id)) return deliverableAddressOf(undefined);
  return deliverableAddressOf(await readDeliverableAddress(executor, userId, id));
}
