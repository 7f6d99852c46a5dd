import crypto from 'node:crypto';
import type { Db } from '../../db/database';
import type { Config } from '../config';
import type { TokenKeys } from './tokens';
import { keepJwtSecret } from './secrets.repository';

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
