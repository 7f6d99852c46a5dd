import crypto from 'node:crypto';
import type { Db } from '../../db/database';
import type { Config } from '../config';
import type { TokenKeys } from './tokens';
import { keepJwtSecret, keepVapidKeys } from './secrets.repository';

/**
 * The access-token signing key: JWT_SECRET when configured (production), else a
 * random key generated once and kept in the database, so every instance on the
 * same database and every restart agree on it.
 */
export async function resolveTokenKeys(db: Db, config: Config): Promise<TokenKeys> {
  const ttlSeconds = config.ACCESS_TOKEN_TTL_SECONDS;
  if (config.JWT_SECRET) return { secret: new TextEncoder().encode(config.JWT_SECRET), ttlSeconds };
  const fresh = crypto.randomBytes(48).toString('base64url');
  const value = await keepJwtSecret(db, fresh);
  return { secret: new TextEncoder().encode(String(value)), ttlSeconds };
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const vapid = new WeakMap<Db, Promise<VapidKeys>>();

/**
 * The web push key pair (decision 270): VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when configured, else a
 * pair generated once and kept in the database, so every instance signs with the key the browsers
 * subscribed with. Read once per database handle.
 */
export function resolveVapidKeys(db: Db, config: Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'MAIL_FROM'>): Promise<VapidKeys> {
  let p = vapid.get(db);
  if (!p) {
    p = (async () => {
      const subject = config.VAPID_SUBJECT ?? `mailto:${config.MAIL_FROM}`;
      if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
        return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
      }
      const { default: webpush } = await import('web-push');
      const kept = (await keepVapidKeys(db, webpush.generateVAPIDKeys())) as { publicKey: string; privateKey: string };
      return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject };
    })();
    // A failed read is tried again next time.
    p.catch(() => vapid.delete(db));
    vapid.set(db, p);
  }
  return p;
}
