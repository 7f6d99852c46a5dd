import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string | undefined;
  url: string | undefined;
  headers: http.IncomingHttpHeaders;
  /** The whole body, as sent. */
  raw: string;
  /** The same body as bytes (an encrypted push message is no text). */
  bytes: Buffer;
}

/** Answers with `body` as JSON. */
export type Answer = (status: number, body: unknown, headers?: Record<string, string>) => void;

export interface JsonServer {
  url: string;
  /** The next `n` requests that ask `failure()` get `status` (500 by default) from it. */
  failNext(n: number, status?: number): void;
  close(): Promise<void>;
}

/**
 * The HTTP skeleton of the fake third parties (MSG91, Meta's Graph API): a server on a free local
 * port that reads each request's body whole and lets `handle` answer in JSON. `failure()` says
 * whether this request is one of those `failNext` asked to fail (with its status), counting it;
 * `handle` asks once it knows the path is one of its own, as the real service fails past routing.
 */
export async function startJsonServer(
  handle: (req: FakeRequest, answer: Answer, failure: () => number | null) => void,
): Promise<JsonServer> {
  let failing = 0;
  let failStatus = 500;
  const failure = () => {
    if (failing <= 0) return null;
    failing--;
    return failStatus;
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const bytes = Buffer.concat(chunks);
      const raw = bytes.toString('utf8');
      const answer: Answer = (status, body, headers = {}) => {
        res.statusCode = status;
        for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(body));
      };
      handle({ method: req.method, url: req.url, headers: req.headers, raw, bytes }, answer, failure);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    failNext(n, status = 500) {
      failing = n;
      failStatus = status;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
