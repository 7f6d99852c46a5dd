import type { ZodError } from 'zod';

/**
 * A form's field errors from the shared schema, checked in the browser before sending (the server
 * checks again with the same schema): the first message per field, keyed by its dotted path
 * ('sizes.large.ml') and by its first segment ('sizes') when that has none of its own.
 */
export function issuesByField(error: ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String);
    const key = path.join('.') || 'form';
    out[key] ??= issue.message;
    if (path.length > 1) out[path[0]!] ??= issue.message;
  }
  return out;
}
