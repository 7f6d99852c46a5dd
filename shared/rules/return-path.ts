/**
 * Back to where they were (decision 226): the page a sign-in started from, carried with the sign-in
 * code so that whichever tab completes it returns there. Only ever a path on this site: it starts
 * with one `/`, has no scheme, host, backslash, control character or white space, and is not a
 * sign-in page itself. Anything else is ignored (null): never an open redirect.
 */
const RETURN_PATH_MAX = 512;

const SIGN_IN_PAGES = /^\/(auth|join|reset-password|reset-callback|admin\/login)(\/|\?|#|$)/;

export function safeReturnPath(path: string | null | undefined): string | null {
  if (typeof path !== 'string' || path.length > RETURN_PATH_MAX) return null;
  // One leading slash, then no second one (`//host`), no backslash (`/\host`), no spaces or controls.
  if (!/^\/(?![/\\])[^\\\s]*$/.test(path) || [...path].some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127)) return null;
  let url: URL;
  try {
    url = new URL(path, 'https://return.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'https://return.invalid') return null;
  const clean = url.pathname + url.search + url.hash;
  return SIGN_IN_PAGES.test(clean) ? null : clean;
}
