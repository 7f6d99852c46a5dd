import { z } from 'zod';

/** Integer paise; every amount in the shop is one of these. */
export const Paise = z.number().int().min(0).max(100_000_000);
export const Uuid = z.uuid({ message: 'Must be a valid id' });
/** Calendar date in Asia/Kolkata, YYYY-MM-DD. */
export const IsoDate = z.iso.date({ message: 'Use a date like 2026-01-31' });
export const IsoDateTime = z.string();

export const PageInput = z.object({
  page: z.coerce.number().int().min(1, 'page starts at 1').max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100, 'pageSize is at most 100').default(10),
});

export const OkSchema = z.object({ ok: z.literal(true) });
