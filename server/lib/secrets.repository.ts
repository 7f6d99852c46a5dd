import type { Db } from '../../db/database';

/** The generated signing key kept in settings: the first instance's `fresh` wins, every instance reads it back. */
export async function keepJwtSecret(db: Db, fresh: string): Promise<unknown> {
  await db
    .insertInto('settings')
    .values({ key: 'secret:jwt', value: JSON.stringify(fresh) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('settings').select('value').where('key', '=', 'secret:jwt').executeTakeFirstOrThrow();
  return row.value;
}
