/**
 * Writes the OpenAPI document (the one /api/openapi.json serves) and the TypeScript types
 * openapi-typescript makes from it.
 *
 *   npm run openapi:export                      → test/generated/openapi.ts (the typed client's types)
 *   tsx scripts/openapi-export.ts --out f.json  → also the document itself, e.g. for `redocly lint`
 *
 * The types file is committed: test/integration/openapi-client.test.ts fails when it is not what
 * this script makes from today's router (run `npm run openapi:export` after adding an operation).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApiDocument } from '../server/trpc/openapi';

export const TYPES_FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test/generated/openapi.ts');

/** The types openapi-typescript makes from the document, with a header saying where they come from. */
export async function openApiTypes(doc: unknown): Promise<string> {
  const { default: openapiTS, astToString } = await import('openapi-typescript');
  const ast = await openapiTS(doc as Parameters<typeof openapiTS>[0], { alphabetize: true });
  return `// Made by \`npm run openapi:export\` (openapi-typescript) from the OpenAPI document. Do not edit.\n\n${astToString(ast)}`;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const at = args.indexOf('--out');
  const doc = await openApiDocument();
  if (at >= 0) {
    const out = path.resolve(args[at + 1] ?? 'openapi.json');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, JSON.stringify(doc, null, 2) + '\n');
    console.log(`wrote ${out}`);
  }
  if (!args.includes('--no-types')) {
    fs.mkdirSync(path.dirname(TYPES_FILE), { recursive: true });
    fs.writeFileSync(TYPES_FILE, await openApiTypes(doc));
    console.log(`wrote ${TYPES_FILE}`);
  }
  process.exit(0);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
