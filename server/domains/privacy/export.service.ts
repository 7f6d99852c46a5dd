import type { AppDeps } from '../../deps';
import type { Executor } from '../../../db/database';
import { AppError } from '../../lib/errors';
import * as limits from '../../lib/rate-limit';
import type { Limit } from '../../lib/rate-limit';
import { withTransactionRetry } from '../../lib/transaction-retry';
import { kickNotices, notify } from '../notifications/notify.service';
import { NOTICE_VERSION } from '../../../shared/rules/privacy-notice';
import type { DataExport } from '../../../shared/schemas/privacy';
import * as repo from './export.repository';

type Deps = AppDeps;

export const EXPORT_HOURS = 24;
/** Exports one person may ask for in a day: building one reads every table about them. */
export const EXPORT_LIMIT: Limit = { name: 'data-export:user', max: 3, windowSeconds: 24 * 3600 };
export const EXPORT_GONE = 'That download has expired (we keep it for 24 hours). Ask for a new one under Privacy.';

const iso = (v: string | Date | null) => (v ? new Date(v).toISOString() : null);

/** GET /api/user/data-export: the latest request and, when ready, where to download it until when. */
export async function status(deps: Pick<Deps, 'db' | 'clock'>, userId: string): Promise<DataExport> {
  const row = await repo.latestExport(deps.db, userId);
  if (!row) return { status: 'none', requestedAt: null, readyAt: null, expiresAt: null, sizeBytes: null, downloadPath: null };
  const expired = row.status === 'expired' || (row.status === 'ready' && new Date(row.expires_at!) <= deps.clock.now());
  return {
    status: expired ? 'expired' : row.status,
    requestedAt: iso(row.requested_at),
    readyAt: iso(row.ready_at),
    expiresAt: iso(row.expires_at),
    sizeBytes: row.size_bytes,
    downloadPath: row.status === 'ready' && !expired ? '/api/user/data-export/file' : null,
  };
}

/** POST /api/user/data-export: a new export (one in progress at a time, EXPORT_LIMIT a day), built by the job; the build starts now on this instance. */
export async function request(deps: Deps, userId: string): Promise<DataExport> {
  const now = deps.clock.now();
  const current = await status(deps, userId);
  if (current.status !== 'queued') {
    await limits.enforce(deps.db, now, [[EXPORT_LIMIT, userId]]);
    await repo.insertExport(deps.db, userId, now.toISOString());
  }
  void buildPending(deps).catch((err: unknown) => deps.log.warn({ err }, 'data export build failed; the job tries again'));
  return status(deps, userId);
}

/** The README at the top of the ZIP: what each file is. */
function readme(at: string, counts: { table: string; about: string; rows: number }[]): string {
  return [
    'Your data at Hydro Shakes',
    '=========================',
    '',
    `Made on ${at} (UTC), under India's Digital Personal Data Protection Act 2023.`,
    `Privacy notice version: ${NOTICE_VERSION}.`,
    '',
    'Each .json file holds the rows of one of our tables that are about you, as JSON.',
    'Amounts are in paise (100 paise = 1 rupee); times are in UTC. Passwords, sign-in codes and link',
    'secrets are never stored in readable form and are not included.',
    '',
    ...counts.map((c) => `${c.table}.json — ${c.about} (${c.rows} ${c.rows === 1 ? 'row' : 'rows'})`),
    '',
    'Questions, or something here is wrong? Write to our grievance officer (see /privacy).',
    '',
  ].join('\n');
}

/** Every area's rows about the person, as a ZIP of JSON files with a README. */
export async function buildZip(db: Executor, userId: string, at: Date): Promise<Uint8Array> {
  // Loaded by the export job when it first builds one: the idle server does not carry it.
  const { strToU8, zipSync } = await import('fflate');
  const files: Record<string, Uint8Array> = {};
  const counts: { table: string; about: string; rows: number }[] = [];
  for (const area of repo.AREAS) {
    const rows = await repo.areaRows(db, area, userId);
    files[`${area.table}.json`] = strToU8(JSON.stringify(rows, null, 2));
    counts.push({ table: area.table, about: area.about, rows: rows.length });
  }
  files['README.txt'] = strToU8(readme(at.toISOString(), counts));
  return zipSync(files, { level: 6, mtime: at });
}

/**
 * Builds the queued exports, one transaction each: the row is claimed (SKIP LOCKED: two instances never
 * build the same one), the ZIP written into it, and the person told — all or nothing, so a run that
 * dies leaves the request queued for the next. Also drops files past their 24 hours.
 */
export async function buildPending(deps: Deps): Promise<number> {
  let built = 0;
  for (;;) {
    const done = await withTransactionRetry(deps, async (trx) => {
      const job = await repo.claimQueued(trx);
      if (!job) return false;
      const now = deps.clock.now();
      // Told first, so the file holds that message too: it is the inbox as it is when the file is offered.
      await notify(deps, trx, { userId: job.user_id }, 'data_export_ready', { hours: EXPORT_HOURS });
      const zip = await buildZip(trx, job.user_id, now);
      const expires = new Date(now.getTime() + EXPORT_HOURS * 3600_000);
      await repo.markReady(trx, job.id, zip, now.toISOString(), expires.toISOString());
      return true;
    });
    if (!done) break;
    built++;
  }
  if (built) kickNotices(deps);
  await repo.expireOld(deps.db, deps.clock.now().toISOString());
  return built;
}

/** GET /api/user/data-export/file: the ZIP, while it is offered. */
export async function file(deps: Pick<Deps, 'db' | 'clock'>, userId: string): Promise<{ zip: Buffer; readyAt: string }> {
  const row = await repo.readyFile(deps.db, userId, deps.clock.now().toISOString());
  if (!row?.file) throw new AppError('NOT_FOUND', EXPORT_GONE);
  return { zip: Buffer.from(row.file), readyAt: new Date(row.ready_at!).toISOString() };
}
