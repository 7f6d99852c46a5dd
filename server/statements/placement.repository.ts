import { sql, type RawBuilder } from 'kysely';
import { preparable, type Executor } from '../../db/database';
import type { ReadPiece, WritePiece } from '../lib/placement';
import * as addressesRepo from '../domains/addresses/addresses.repository';
import * as deliveryRepo from '../domains/slots/slots.repository';

/**
 * Placement's two statements, assembled from the steps' own pieces (decisions 021, 242): each step
 * brings its SQL from its own domain's repository (lib/placement.ts: ReadPiece, WritePiece), and
 * these functions only put the pieces side by side — one read statement that opens the transaction
 * (and books the slot), one order-writing statement that ends it. Services hold no SQL: they pass
 * the pieces through and get decoded rows back.
 */

const NAME = /^[a-z_]+$/;

/** The placing read statement: every step's column (with its CTEs) in one round trip, each decoded by its step. */
export async function readPlacement(db: Executor, pieces: readonly ReadPiece[]): Promise<Record<string, unknown>> {
  const ctes = pieces.flatMap((p) => (p.ctes ? [p.ctes] : []));
  const columns = pieces.map((p) => {
    if (!NAME.test(p.name)) throw new Error(`placement: a read is named in lower case, not "${p.name}"`);
    return sql`(${p.column ?? sql`null`}) as ${sql.raw(p.name)}`;
  });
  const head = ctes.length ? sql`with ${sql.join(ctes)} ` : sql``;
  const compiled = sql<Record<string, unknown>>`${head}select ${sql.join(columns)}`.compile(db);
  preparable(compiled.sql);
  const row = (await db.executeQuery(compiled)).rows[0]!;
  return Object.fromEntries(pieces.map((p) => [p.name, p.decode(row[p.name])]));
}

/**
 * The steps' writes as the order-writing statement's `also` (orders.repository.insertOrderGraph), in
 * step order (statements never import orders: the shape is orders.repository's OrderGraphAlso). At
 * most one conditional write answers `ok`; its refusal comes back with the composition.
 */
export function composeWrites(pieces: readonly WritePiece[]): {
  shape: string;
  ctes: (when: RawBuilder<unknown>) => RawBuilder<unknown>;
  params: readonly unknown[];
  check?: RawBuilder<boolean>;
  refusal?: () => Error;
} {
  const checked = pieces.filter((p) => p.check);
  if (checked.length > 1) throw new Error(`placement: one conditional write per statement, not ${checked.map((p) => p.shape).join(', ')}`);
  const check = checked[0]?.check;
  return {
    shape: pieces.map((p) => p.shape).join('+'),
    ctes: (when: RawBuilder<unknown>) => sql.join(pieces.map((p) => p.ctes(when))),
    params: pieces.flatMap((p) => p.params),
    ...(check ? { check: check.sql, refusal: check.refusal } : {}),
  };
}

export type DeliverableAddressRow = NonNullable<ReturnType<typeof addressesRepo.decodeDeliverable>>;

/** The customer's own address with its PIN code's served area (delivery's rule): SQL over both domains. */
export const deliverableAddressSql = (userId: string, id: string) => addressesRepo.deliverableAddressSql(userId, id, deliveryRepo.servedAreaSql);

/** The customer's own address with its PIN code's served area (null area: not served), in one round trip. */
export async function readDeliverableAddress(db: Executor, userId: string, id: string): Promise<DeliverableAddressRow | undefined> {
  return addressesRepo.decodeDeliverable(await addressesRepo.selectValue(db, deliverableAddressSql(userId, id)));
}
