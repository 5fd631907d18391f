/**
 * A local fixture server that plays the ATS hosts for crawler tests and the crawl bench:
 * node:http on 127.0.0.1 (a free port), one path prefix per provider, as
 * lambdas/crawler/board-urls.ts `localEndpoints(server.base)` lays them out:
 *   /ashby/posting-api/job-board/{token}, /greenhouse/v1/boards/{token}/jobs,
 *   /lever/v0/postings/{token}, /lever-eu/v0/postings/{token},
 *   /workable/api/v1/widget/accounts/{token}, /smartrecruiters/v1/companies/{token}/postings,
 *   /recruitee/{token}/api/offers/, /rippling/board/{token}/jobs
 *
 * What a board answers is set per board with `server.set(provider, token, answer)`:
 * - `{ json: body }` (or `{ json: body, pages }` for SmartRecruiters: `pages[offset]`; or
 *   `{ json: body, records }` for Rippling: `records[uuid]` at /rippling/board/{token}/jobs/{uuid},
 *   404 for a uuid without one);
 * - `{ text: body }`: 200 with that JSON text as is, or made by a function per request (the
 *   bench: boards built on demand instead of held in memory);
 * - `{ status, headers?, body? }` (e.g. 500, or 429 with Retry-After);
 * - `{ hang: true }`: headers never sent (a timeout);
 * - `{ bytes: n }`: 200 with n bytes of JSON-looking filler, streamed without Content-Length;
 * - `{ redirect: url }`: 302 to that URL.
 * A board with no answer set gets 404. `server.requests` logs every request (path, time, headers).
 * Board bodies come from the real captures and documented-field fixtures (see the tests).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FixtureProvider = 'ashby' | 'greenhouse' | 'lever' | 'lever-eu' | 'workable' | 'smartrecruiters' | 'recruitee' | 'rippling';

export type FixtureAnswer =
  | { json: unknown; pages?: Record<number, unknown>; records?: Record<string, unknown> }
  | { text: string | (() => string) }
  | { status: number; headers?: Record<string, string>; body?: string }
  | { hang: true }
  | { bytes: number }
  | { redirect: string };

export interface FixtureRequest {
  provider: string;
  token: string;
  path: string;
  at: number;
  userAgent: string | undefined;
}

export interface FixtureServer {
  /** e.g. "http://127.0.0.1:41234" */
  base: string;
  /** "127.0.0.1:PORT", for CRAWL_ALLOW_HOSTS. */
  hostPort: string;
  set(provider: FixtureProvider, token: string, answer: FixtureAnswer): void;
  requests: FixtureRequest[];
  close(): Promise<void>;
}

const ROUTES: [FixtureProvider, RegExp][] = [
  ['ashby', /^\/ashby\/posting-api\/job-board\/([^/?]+)/],
  ['greenhouse', /^\/greenhouse\/v1\/boards\/([^/?]+)\/jobs/],
  ['lever', /^\/lever\/v0\/postings\/([^/?]+)/],
  ['lever-eu', /^\/lever-eu\/v0\/postings\/([^/?]+)/],
  ['workable', /^\/workable\/api\/v1\/widget\/accounts\/([^/?]+)/],
  ['smartrecruiters', /^\/smartrecruiters\/v1\/companies\/([^/?]+)\/postings/],
  ['recruitee', /^\/recruitee\/([^/?]+)\/api\/offers/],
  ['rippling', /^\/rippling\/board\/([^/?]+)\/jobs/],
];

const FILLER = Buffer.alloc(64 * 1024, ' ');

export const startFixtureServer = async (): Promise<FixtureServer> => {
  const answers = new Map<string, FixtureAnswer>();
  const requests: FixtureRequest[] = [];
  const hanging = new Set<ServerResponse>();

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fixture');
    const route = ROUTES.map(([provider, pattern]) => [provider, pattern.exec(url.pathname)?.[1]] as const).find(([, token]) => token !== undefined);
    if (route === undefined) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"ok":false}');
      return;
    }
    const [provider, rawToken] = route;
    const token = decodeURIComponent(rawToken!);
    requests.push({ provider, token, path: url.pathname + url.search, at: Date.now(), userAgent: req.headers['user-agent'] });
    const answer = answers.get(`${provider}/${token}`);
    if (answer === undefined) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"ok":false,"error":"Document not found"}');
    } else if ('json' in answer) {
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const record = provider === 'rippling' ? /\/jobs\/([^/]+)$/.exec(url.pathname)?.[1] : undefined;
      const body = record !== undefined ? answer.records?.[decodeURIComponent(record)] : offset > 0 ? answer.pages?.[offset] : answer.json;
      if (body === undefined) res.writeHead(404).end();
      else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    } else if ('text' in answer) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(typeof answer.text === 'string' ? answer.text : answer.text());
    } else if ('status' in answer) {
      res.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers }).end(answer.body ?? '');
    } else if ('hang' in answer) {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
    } else if ('redirect' in answer) {
      res.writeHead(302, { location: answer.redirect }).end();
    } else {
      res.writeHead(200, { 'content-type': 'application/json' });
      let sent = 0;
      const pump = () => {
        while (sent < answer.bytes) {
          const part = FILLER.subarray(0, Math.min(FILLER.length, answer.bytes - sent));
          sent += part.length;
          if (!res.write(part)) {
            res.once('drain', pump);
            return;
          }
        }
        res.end();
      };
      res.on('error', () => undefined);
      res.write('{"jobs":[');
      pump();
    }
  };

  const server = createServer(handle);
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    set: (provider, token, answer) => {
      answers.set(`${provider}/${token}`, answer);
    },
    requests,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
