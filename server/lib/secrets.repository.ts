import type { Db } from '../../db/database';

/** A generated secret kept in settings: the first instance's `fresh` wins, every instance reads it back. */
async function keepSecret(db: Db, key: string, fresh: unknown): Promise<unknown> {
  await db
    .insertInto('settings')
    .values({ key, value: JSON.stringify(fresh) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  return row.value;
}

/** The generated access-token signing key. */
export function keepJwtSecret(db: Db, fresh: string): Promise<unknown> {
  return keepSecret(db, 'secret:jwt', fresh);
}

/** The generated web push (VAPID) key pair. */
export function keepVapidKeys(db: Db, fresh: { publicKey: string; privateKey: string }): Promise<unknown> {
  return keepSecret(db, 'secret:vapid', fresh);
}
