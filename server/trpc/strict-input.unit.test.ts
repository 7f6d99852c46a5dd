import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { declaredCoercionOnly, SCHEMA_MODULES } from './strict-input';
import { CartQuoteInputSchema } from '../../shared/schemas/cart';
import { PageInput } from '../../shared/schemas/common';

const schemasDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../shared/schemas');

describe('declaredCoercionOnly', () => {
  it('covers every module of shared/schemas', () => {
    const files = fs
      .readdirSync(schemasDir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => f.replace(/\.ts$/, ''));
    expect(Object.keys(SCHEMA_MODULES).sort()).toEqual(files.sort());
  });

  it('keeps what a schema declares, whatever sets the flag later (as trpc-to-openapi does on every call)', () => {
    declaredCoercionOnly();
    const quantity = CartQuoteInputSchema.shape.lines.element.shape.quantity;
    (quantity.def as { coerce?: boolean }).coerce = true;
    expect(quantity.safeParse('5').success).toBe(false);
    expect(quantity.safeParse(5).success).toBe(true);
    const page = PageInput.shape.page.unwrap();
    (page.def as { coerce?: boolean }).coerce = false;
    expect(PageInput.parse({ page: '2' })).toMatchObject({ page: 2 });
  });
});
