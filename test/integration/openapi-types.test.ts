import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../server/trpc/openapi';
import { openApiTypes, TYPES_FILE } from '../../scripts/openapi-export';

/** The generated client's types (test/generated/openapi.ts, used by openapi-client.test.ts) follow the document. */
describe('the committed OpenAPI types', () => {
  it('are what openapi-typescript makes from the document today (else: npm run openapi:export)', async () => {
    const fresh = await openApiTypes(await openApiDocument());
    expect(fs.readFileSync(TYPES_FILE, 'utf8') === fresh, 'test/generated/openapi.ts is stale: run `npm run openapi:export`').toBe(true);
  }, 60_000);
});
