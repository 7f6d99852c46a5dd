import crypto from 'node:crypto';
import type { AppDeps } from '../../deps';
import type { AuthUser } from '../../trpc/context';
import { AppError, notFound } from '../../lib/errors';
import { encodeImage } from '../../lib/images';
import { recordAudit } from '../audit/audit.service';
import { PricingSchema, DEFAULT_PRICING, type Pricing } from '../../../shared/schemas/catalogue';
import {
  IMAGE_UPLOAD,
  type AdminCatalogueListInput,
  type AdminIngredient,
  type AdminShake,
  type IngredientFields,
  type IngredientUpdateInput,
  type PricingInput,
  type ReorderInput,
  type ShakeFields,
  type ShakeUpdateInput,
  type UploadedImage,
} from '../../../shared/schemas/catalogue-admin';
import * as repo from './catalogue.admin.repository';
import { invalidateCatalogue, getPricing } from './catalogue.service';
import { withTransactionRetry } from '../../lib/transaction-retry';


/**
 * The back office's catalogue: shakes, ingredients, pricing and images. Every change commits with
 * its audit entry (who, what, before, after) in one transaction; after the commit the catalogue
 * caches are dropped on every instance (NOTIFY), so the storefront and new quotes see it at once.
 */
type Deps = Pick<AppDeps, 'db' | 'cache' | 'log'>;
type Actor = Pick<AuthUser, 'id' | 'email'>;

function slugTaken(e: unknown, what: string, slug: string | undefined): never {
  const err = e as { code?: string; constraint?: string; message?: string };
  if (err?.code === '23505' && `${err.constraint ?? ''}${err.message ?? ''}`.includes('slug')) {
    throw new AppError('CONFLICT', `Another ${what} already uses the slug "${slug}". Choose a different one.`, {
      details: { fieldErrors: { slug: [`"${slug}" is already used`] } },
    });
  }
  throw e;
}

/**
 * A vegan badge beside "Allergens: Dairy" tells a shopper something false: refused
 * with a field error on `vegan`, for shakes and ingredients, on create and on an update whose result
 * (patch merged with the stored row) would combine them.
 */
function refuseVeganWithDairy(what: 'shake' | 'ingredient', merged: { vegan: boolean; allergens: readonly string[] }): void {
  if (!merged.vegan || !merged.allergens.includes('dairy')) return;
  const message = `A ${what} with dairy cannot be vegan. Untick Vegan, or remove Dairy from the allergens.`;
  throw new AppError('VALIDATION_FAILED', message, {
    details: { fieldErrors: { vegan: ['A vegan item cannot contain dairy'] } },
  });
}

async function afterChange(deps: Deps): Promise<void> {
  try {
    await invalidateCatalogue(deps);
  } catch (e) {
    // The change is committed; the caches' time limit bounds how long an instance may lag.
    deps.log.warn({ err: e }, 'catalogue cache invalidation failed; caches expire on their own');
  }
}

// ── Shakes ──────────────────────────────────────────────────────────────────

export function listShakes(deps: Deps, input: AdminCatalogueListInput): Promise<AdminShake[]> {
  return repo.listShakes(deps.db, input.search || undefined);
}

export async function createShake(deps: Deps, actor: Actor, input: ShakeFields): Promise<AdminShake> {
  refuseVeganWithDairy('shake', input);
  const row = await withTransactionRetry(deps, async (trx) => {
    const created = await repo.insertShake(trx, input);
    const after = repo.toAdminShake(created);
    await recordAudit(trx, actor, { action: 'shake.create', entity: 'signature_shake', entityId: created.id, after });
    return after;
  }).catch((e) => slugTaken(e, 'shake', input.slug));
  await afterChange(deps);
  return row;
}

export async function updateShake(deps: Deps, actor: Actor, input: ShakeUpdateInput): Promise<AdminShake> {
  const { id, ...fields } = input;
  const row = await withTransactionRetry(deps, async (trx) => {
    const current = await repo.shakeForUpdate(trx, id);
    if (!current) throw notFound('That shake');
    const before = repo.toAdminShake(current);
    refuseVeganWithDairy('shake', { vegan: fields.vegan ?? before.vegan, allergens: fields.allergens ?? before.allergens });
    if (Object.keys(repo.shakeColumns(fields)).length === 0) return before;
    const after = repo.toAdminShake(await repo.updateShake(trx, id, fields));
    await recordAudit(trx, actor, { action: 'shake.update', entity: 'signature_shake', entityId: id, ...changed(before, after) });
    return after;
  }).catch((e) => slugTaken(e, 'shake', fields.slug));
  await afterChange(deps);
  return row;
}

export async function reorderShakes(deps: Deps, actor: Actor, input: ReorderInput): Promise<AdminShake[]> {
  await reorder(deps, actor, 'signature_shakes', input.ids);
  return repo.listShakes(deps.db);
}

// ── Ingredients ─────────────────────────────────────────────────────────────

export function listIngredients(deps: Deps, input: AdminCatalogueListInput): Promise<AdminIngredient[]> {
  return repo.listIngredients(deps.db, input.search || undefined);
}

export async function createIngredient(deps: Deps, actor: Actor, input: IngredientFields): Promise<AdminIngredient> {
  refuseVeganWithDairy('ingredient', input);
  const row = await withTransactionRetry(deps, async (trx) => {
    const after = repo.toAdminIngredient(await repo.insertIngredient(trx, input));
    await recordAudit(trx, actor, { action: 'ingredient.create', entity: 'ingredient', entityId: after.id, after });
    return after;
  }).catch((e) => slugTaken(e, 'ingredient', input.slug));
  await afterChange(deps);
  return row;
}

export async function updateIngredient(deps: Deps, actor: Actor, input: IngredientUpdateInput): Promise<AdminIngredient> {
  const { id, ...fields } = input;
  const row = await withTransactionRetry(deps, async (trx) => {
    const current = await repo.ingredientForUpdate(trx, id);
    if (!current) throw notFound('That ingredient');
    const before = repo.toAdminIngredient(current);
    refuseVeganWithDairy('ingredient', { vegan: fields.vegan ?? before.vegan, allergens: fields.allergens ?? before.allergens });
    if (Object.keys(repo.ingredientColumns(fields)).length === 0) return before;
    const after = repo.toAdminIngredient(await repo.updateIngredient(trx, id, fields));
    await recordAudit(trx, actor, { action: 'ingredient.update', entity: 'ingredient', entityId: id, ...changed(before, after) });
    return after;
  }).catch((e) => slugTaken(e, 'ingredient', fields.slug));
  await afterChange(deps);
  return row;
}

export async function reorderIngredients(deps: Deps, actor: Actor, input: ReorderInput): Promise<AdminIngredient[]> {
  await reorder(deps, actor, 'ingredients', input.ids);
  return repo.listIngredients(deps.db);
}

async function reorder(deps: Deps, actor: Actor, table: 'signature_shakes' | 'ingredients', ids: string[]): Promise<void> {
  if (new Set(ids).size !== ids.length) throw new AppError('VALIDATION_FAILED', 'Each item may appear only once in the new order.');
  await withTransactionRetry(deps, async (trx) => {
    const before = await repo.sortOrders(trx, table, ids);
    if (before.length !== ids.length) throw notFound(`${ids.length - before.length === 1 ? 'One item' : 'Some items'} of that order`);
    await repo.reorder(trx, table, ids);
    await recordAudit(trx, actor, {
      action: table === 'ingredients' ? 'ingredient.reorder' : 'shake.reorder',
      entity: table === 'ingredients' ? 'ingredient' : 'signature_shake',
      entityId: null,
      before: { order: before.map((r) => r.id) },
      after: { order: ids },
    });
  });
  await afterChange(deps);
}

/** Only the fields that changed, so the audit log reads as a diff. */
function changed<T extends Record<string, unknown>>(before: T, after: T): { before: Partial<T>; after: Partial<T> } {
  const b: Partial<T> = {};
  const a: Partial<T> = {};
  for (const k of Object.keys(after) as (keyof T)[]) {
    if (k === 'updatedAt') continue;
    if (JSON.stringify(before[k]) !== JSON.stringify(after[k])) {
      b[k] = before[k];
      a[k] = after[k];
    }
  }
  return { before: b, after: a };
}

// ── Pricing ─────────────────────────────────────────────────────────────────

export function readPricing(deps: Deps): Promise<Pricing> {
  return getPricing(deps);
}

/** PUT /api/admin/pricing — the whole settings object, validated, audited, applied to the next quote. */
export async function savePricing(deps: Deps, actor: Actor, input: PricingInput): Promise<Pricing> {
  const next = PricingSchema.parse(input);
  await withTransactionRetry(deps, async (trx) => {
    const raw = await repo.pricingForUpdate(trx);
    const parsed = PricingSchema.safeParse(raw);
    const before = parsed.success ? parsed.data : DEFAULT_PRICING;
    await repo.savePricing(trx, next);
    await recordAudit(trx, actor, { action: 'pricing.update', entity: 'settings', entityId: 'pricing', ...changed(before, next) });
  });
  await afterChange(deps);
  return next;
}

// ── Images ──────────────────────────────────────────────────────────────────

export const IMAGE_URL_PREFIX = '/api/images/';

/**
 * POST /api/admin/images — checks the bytes (JPEG, PNG or WebP, ≤ 5 MiB), re-encodes them as WebP
 * at the shake card's 4:3 (metadata dropped), stores them under the hash of the result and answers
 * the immutable URL with its width and height.
 */
export async function uploadImage(deps: Deps, actor: Actor, body: Buffer): Promise<UploadedImage> {
  const out = await encodeImage(body, { ...IMAGE_UPLOAD, fit: 'cover' });
  const kind = out.kind;
  const hash = crypto.createHash('sha256').update(out.data).digest('hex').slice(0, 40);
  const image = { url: `${IMAGE_URL_PREFIX}${hash}.webp`, width: out.info.width, height: out.info.height, bytes: out.data.length };
  await withTransactionRetry(deps, async (trx) => {
    await repo.insertImage(trx, { hash, width: image.width, height: image.height, bytes: out.data, uploadedBy: actor.id });
    await recordAudit(trx, actor, {
      action: 'image.upload',
      entity: 'image',
      entityId: hash,
      after: { ...image, source: { type: kind, bytes: body.length } },
    });
  });
  return image;
}

export async function readImage(deps: Deps, file: string): Promise<{ bytes: Buffer; contentType: string } | null> {
  const m = /^([0-9a-f]{40})\.webp$/.exec(file);
  if (!m) return null;
  const row = await repo.imageByHash(deps.db, m[1]!);
  return row ? { bytes: Buffer.from(row.bytes), contentType: row.content_type } : null;
}
