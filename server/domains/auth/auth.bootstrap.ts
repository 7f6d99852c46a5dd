import type { Db } from '../../../db/database';
import type { Config } from '../../config';
import { ConfigError } from '../../config';
import { hashPassword } from '../../lib/passwords';
import { passwordProblem } from '../../../shared/rules/password';
import * as repo from './auth.repository';

/**
 * With ADMIN_EMAIL and ADMIN_PASSWORD set, the admin account exists after boot:
 * - missing → created with that password, role admin, e-mail marked verified;
 * - present → made admin (and verified) if it was not; its password is left as
 *   it is, so a password changed in the shop survives restarts.
 * A weak ADMIN_PASSWORD stops the boot with a readable error.
 */
export async function ensureAdminAccount(
  db: Db,
  config: Pick<Config, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'>,
  log: { info(obj: object, msg: string): void } = { info: () => {} },
  now = new Date(),
): Promise<'created' | 'promoted' | 'unchanged' | 'skipped'> {
  if (!config.ADMIN_EMAIL || !config.ADMIN_PASSWORD) return 'skipped';
  const email = config.ADMIN_EMAIL.toLowerCase();
  const existing = await repo.findUserByEmail(db, email);
  if (existing) {
    if (existing.role === 'admin' && existing.email_verified) return 'unchanged';
    await repo.promoteToAdmin(db, existing.id, now);
    log.info({ email }, 'ADMIN_EMAIL account made an administrator');
    return 'promoted';
  }
  const problem = passwordProblem(config.ADMIN_PASSWORD, { email });
  if (problem) throw new ConfigError(`Invalid configuration:\n  ADMIN_PASSWORD: ${problem}`);
  await repo.insertAdminIfMissing(db, { email, passwordHash: await hashPassword(config.ADMIN_PASSWORD) });
  log.info({ email }, 'ADMIN_EMAIL account created');
  return 'created';
}
