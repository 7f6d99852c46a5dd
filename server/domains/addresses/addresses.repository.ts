import { sql, type Expression, type RawBuilder } from 'kysely';
import type { Executor } from '../../../db/database';

const columns = [
  'id',
  'user_id',
  'name',
  'phone',
  'line1',
  'line2',
  'landmark',
  'city',
  'state',
  'pincode',
  'latitude',
  'longitude',
  'is_default',
  'created_at',
  'updated_at',
] as const;

/** What the customer writes (and an order copies). */
export interface AddressValues {
  name: string;
  phone: string;
  line1: string;
  line2: string | null;
  landmark: string | null;
  city: string;
  state: string;
  pincode: string;
  /** The customer's pin (decision 287): both or neither. */
  latitude: number | null;
  longitude: number | null;
}

export interface AddressRow extends AddressValues {
  id: string;
  user_id: string;
  is_default: boolean;
  created_at: string;
  updated_at: string;
}

/**
 * Serialises one customer's address writes (limit count, default switch). NO KEY
 * UPDATE does not block other tables' foreign-key checks against the user row.
 */
export async function lockOwner(db: Executor, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().executeTakeFirst();
  return !!row;
}

export function listForUser(db: Executor, userId: string): Promise<AddressRow[]> {
  return db
    .selectFrom('addresses')
    .select(columns)
    .where('user_id', '=', userId)
    .orderBy('is_default', 'desc')
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .execute();
}

/** Scoped by owner: another customer's id simply finds nothing. */
export function findForUser(db: Executor, userId: string, id: string): Promise<AddressRow | undefined> {
  return db.selectFrom('addresses').select(columns).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/**
 * The owner's address with the area its PIN code is served by (`area`, null when not
 * served) as ONE json value — null when the address is not theirs. An expression, so
 * checkout can fold it into the statement that also prices the cart. `areaOf` is
 * delivery's served-area subquery: that domain owns the PIN code table.
 */
export function deliverableAddressSql(
  userId: string,
  id: string,
  areaOf: (pincode: Expression<string>) => RawBuilder<string | null>,
): RawBuilder<unknown> {
  return sql`(select json_build_object(
      'id', a.id, 'user_id', a.user_id, 'name', a.name, 'phone', a.phone, 'line1', a.line1, 'line2', a.line2,
      'landmark', a.landmark, 'city', a.city, 'state', a.state, 'pincode', a.pincode, 'latitude', a.latitude,
      'longitude', a.longitude, 'is_default', a.is_default,
      'created_at', a.created_at, 'updated_at', a.updated_at, 'area', ${areaOf(sql.ref('a.pincode'))})
    from addresses a where a.id = ${id}::uuid and a.user_id = ${userId}::uuid)`;
}

/** The row of deliverableAddressSql (timestamps normalised to ISO like every other read). */
export function decodeDeliverable(raw: unknown): (AddressRow & { area: string | null }) | undefined {
  if (!raw) return undefined;
  const r = raw as AddressRow & { area: string | null };
  return { ...r, created_at: new Date(r.created_at).toISOString(), updated_at: new Date(r.updated_at).toISOString() };
}

export async function selectValue(db: Executor, value: RawBuilder<unknown>): Promise<unknown> {
  const { rows } = await sql<{ v: unknown }>`select ${value} as v`.execute(db);
  return rows[0]?.v;
}

export async function countForUser(db: Executor, userId: string): Promise<number> {
  const r = await db
    .selectFrom('addresses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export function clearDefault(db: Executor, userId: string) {
  return db
    .updateTable('addresses')
    .set({ is_default: false, updated_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('is_default', '=', true)
    .execute();
}

export function insert(db: Executor, userId: string, v: AddressValues & { is_default: boolean }): Promise<AddressRow> {
  return db
    .insertInto('addresses')
    .values({ ...v, user_id: userId })
    .returning(columns)
    .executeTakeFirstOrThrow();
}

export function update(
  db: Executor,
  userId: string,
  id: string,
  patch: Partial<AddressValues> & { is_default?: boolean },
): Promise<AddressRow | undefined> {
  return db
    .updateTable('addresses')
    .set({ ...patch, updated_at: sql`now()` })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(columns)
    .executeTakeFirst();
}

export function remove(db: Executor, userId: string, id: string): Promise<AddressRow | undefined> {
  return db.deleteFrom('addresses').where('id', '=', id).where('user_id', '=', userId).returning(columns).executeTakeFirst();
}

/** After the default was deleted: the most recently used remaining address becomes default. */
/** Makes the most recently changed address whose PIN code is in `pincodes` the default. */
export async function promoteLatest(db: Executor, userId: string, pincodes: readonly string[]) {
  if (!pincodes.length) return;
  await db
    .updateTable('addresses')
    .set({ is_default: true })
    .where('id', '=', (eb) =>
      eb
        .selectFrom('addresses')
        .select('id')
        .where('user_id', '=', userId)
        .where('pincode', 'in', [...pincodes])
        .orderBy('updated_at', 'desc')
        .orderBy('id')
        .limit(1),
    )
    .execute();
}

/** True when the customer has a default address. */
export async function hasDefault(db: Executor, userId: string): Promise<boolean> {
  const row = await db.selectFrom('addresses').select('id').where('user_id', '=', userId).where('is_default', '=', true).executeTakeFirst();
  return !!row;
}
