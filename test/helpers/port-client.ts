/**
 * A JSON client for a test app on a real port, sending what a browser sends (the house rule: HTTP
 * through a real port with the headers real clients send): Accept-Encoding br and gzip (fetch decodes
 * the answer), the shop's Origin, a browser's User-Agent, and keep-alive (fetch's default).
 */
export function portClient(base: string, origin: string, userAgent = 'Mozilla/5.0 (integration test)') {
  return async function call(auth: string | null, method: string, path: string, body?: unknown) {
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: {
        ...(auth ? { authorization: auth } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        accept: 'application/json',
        'accept-encoding': 'br, gzip',
        origin,
        'user-agent': userAgent,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
  };
}
