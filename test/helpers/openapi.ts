import fc from 'fast-check';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/**
 * Reading the shop's OpenAPI document as an integrator's tools do: its operations, ajv validators
 * for each documented answer, and fast-check arbitraries for each operation's inputs made from the
 * document's own schemas (for the fuzzer, test/integration/openapi-fuzz.test.ts).
 */

export type Json = Record<string, unknown>;
export interface OpenApiDoc {
  paths: Record<string, Record<string, Json>>;
  components: Record<string, Record<string, Json>>;
  servers?: { url: string }[];
}

export interface Operation {
  method: string;
  /** As in the document (relative to the server, `/api`). */
  path: string;
  op: Json;
  key: string;
  isProtected: boolean;
  parameters: Json[];
  body?: Json;
  /** The documented statuses. */
  statuses: string[];
}

export function operationsOf(doc: OpenApiDoc): Operation[] {
  const out: Operation[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (!op || typeof op !== 'object' || !('responses' in op)) continue;
      const parameters = ((op.parameters as Json[] | undefined) ?? []).map((p) => deref(doc, p));
      const requestBody = op.requestBody ? deref(doc, op.requestBody as Json) : undefined;
      const content = requestBody?.content as Record<string, { schema?: Json }> | undefined;
      out.push({
        method,
        path,
        op,
        key: `${method.toUpperCase()} ${path}`,
        isProtected: Array.isArray(op.security) && op.security.length > 0,
        parameters,
        body: content?.['application/json']?.schema,
        statuses: Object.keys(op.responses as Json),
      });
    }
  }
  return out;
}

/** Follows a local `$ref` (a few levels). */
export function deref(doc: OpenApiDoc, node: Json): Json {
  let n = node;
  for (let i = 0; i < 8 && typeof n?.$ref === 'string'; i++) {
    n = (n.$ref as string)
      .replace(/^#\//, '')
      .split('/')
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((o, k) => (o as Json)[k], doc) as Json;
  }
  return n;
}

/** Validators for the documented answers: `validatorFor(op, status)` → the JSON body's schema, or null when the answer is not JSON. */
export function answerValidators(doc: OpenApiDoc) {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema({ ...doc, $id: 'openapi' } as Json);
  const cache = new Map<string, ValidateFunction | null>();
  return (o: Operation, status: string): { validate: ValidateFunction | null; response: Json } | undefined => {
    const raw = (o.op.responses as Record<string, Json>)[status];
    if (!raw) return undefined;
    const response = deref(doc, raw);
    const key = `${o.key} ${status}`;
    if (!cache.has(key)) {
      const json = (response.content as Record<string, { schema?: Json }> | undefined)?.['application/json'];
      if (!json) cache.set(key, null);
      else {
        // Point into the document so its $refs resolve.
        const pointer = typeof raw.$ref === 'string' ? `${raw.$ref}/content/application~1json/schema` : `#/paths/${esc(o.path)}/${o.method}/responses/${status}/content/application~1json/schema`;
        cache.set(key, ajv.compile({ $ref: `openapi${pointer}` }));
      }
    }
    return { validate: cache.get(key)!, response };
  };
}

const esc = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** Values a careless or hostile client sends in place of any field. */
export const HOSTILE: unknown[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '',
  ' ',
  'x'.repeat(5000),
  '0x5',
  '-1',
  '__proto__',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  -1,
  0,
  2 ** 53,
  1e308,
  0.5,
  true,
  null,
  [],
  {},
  [null],
  { $ne: null },
];

export interface ArbOptions {
  /** Real ids to use now and then for a uuid field (an order, an address, a shake…), so answers beyond 404 are reached. */
  ids: string[];
}

/**
 * A fast-check arbitrary for a JSON schema of the document: values that fit it, and at every
 * field, now and then, a hostile value instead.
 */
export function arbitraryFor(doc: OpenApiDoc, schema: Json | undefined, opts: ArbOptions, depth = 0): fc.Arbitrary<unknown> {
  const fitting = fittingFor(doc, schema, opts, depth);
  return fc.oneof({ weight: 5, arbitrary: fitting }, { weight: 1, arbitrary: fc.constantFrom(...HOSTILE) });
}

function fittingFor(doc: OpenApiDoc, raw: Json | undefined, opts: ArbOptions, depth: number): fc.Arbitrary<unknown> {
  if (!raw || depth > 6) return fc.constant(undefined);
  const schema = deref(doc, raw);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const alts = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (alts?.length) return fc.oneof(...alts.map((a) => fittingFor(doc, a, opts, depth + 1)));
  if (Array.isArray(schema.allOf) && schema.allOf.length) return fittingFor(doc, schema.allOf[0] as Json, opts, depth + 1);
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : schema.type ? [schema.type as string] : [];
  if (types.length > 1) return fc.oneof(...types.map((t) => fittingFor(doc, { ...schema, type: t }, opts, depth)));
  switch (types[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : -5;
      const max = typeof schema.maximum === 'number' ? schema.maximum : 1_000_000;
      return fc.integer({ min: Math.max(min, -1e9), max: Math.min(max, Math.max(min, -1e9) + 1e9) });
    }
    case 'number':
      return fc.double({ min: typeof schema.minimum === 'number' ? schema.minimum : -1e6, max: typeof schema.maximum === 'number' ? schema.maximum : 1e6, noNaN: true });
    case 'array': {
      const items = schema.items as Json | undefined;
      const maxLength = Math.min(typeof schema.maxItems === 'number' ? schema.maxItems : 3, 3);
      const minLength = Math.min(typeof schema.minItems === 'number' ? schema.minItems : 0, maxLength);
      return fc.array(arbitraryFor(doc, items, opts, depth + 1), { minLength, maxLength });
    }
    case 'object': {
      const props = (schema.properties ?? {}) as Record<string, Json>;
      const required = new Set((schema.required as string[] | undefined) ?? []);
      const keys = Object.keys(props);
      if (!keys.length) return fc.dictionary(fc.string({ maxLength: 6 }), fc.constantFrom(...HOSTILE), { maxKeys: 2 });
      return fc.record(Object.fromEntries(keys.map((k) => [k, arbitraryFor(doc, props[k], opts, depth + 1)])), {
        requiredKeys: keys.filter((k) => required.has(k)),
      });
    }
    case 'string':
      return stringFor(schema, opts);
    default:
      return fc.constantFrom(...HOSTILE);
  }
}

function stringFor(schema: Json, opts: ArbOptions): fc.Arbitrary<string> {
  const maxLength = Math.min(typeof schema.maxLength === 'number' ? schema.maxLength : 40, 40);
  const minLength = Math.min(typeof schema.minLength === 'number' ? schema.minLength : 0, maxLength);
  switch (schema.format) {
    case 'uuid':
      return opts.ids.length ? fc.oneof(fc.uuid({ version: 4 }), fc.constantFrom(...opts.ids)) : fc.uuid({ version: 4 });
    case 'email':
      return fc.emailAddress();
    case 'date':
      return fc.date({ min: new Date('2025-01-01'), max: new Date('2027-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return fc.date({ min: new Date('2025-01-01'), max: new Date('2027-12-31'), noInvalidDate: true }).map((d) => d.toISOString());
    default:
      break;
  }
  if (typeof schema.pattern === 'string') {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= Math.max(maxLength, 1) * 3);
    } catch {
      // A pattern fast-check cannot read: any string.
    }
  }
  return fc.string({ minLength, maxLength, unit: fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz ABCXYZ0123456789-_.@+') }, { weight: 1, arbitrary: fc.constantFrom('\u00e9', '\u0928', '\ud83e\udd64', '\u0000') }) });
}
