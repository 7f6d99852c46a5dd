/**
 * The database as Kysely sees it: generated from the migrations (db/generated/database.ts, by
 * `npm run db:types`; `npm run lint` fails when it is stale). The narrowed column types the code
 * relies on are in db/column-types.ts (decision 106).
 */
export type { DB } from './generated/database';
