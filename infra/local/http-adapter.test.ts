import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../lambdas/config';
import { ROUTES, type FunctionName } from '../../lambdas/http/routes';
import { createHttpAdapter, type V2Handler, fromApiResult, matchRoute, toApiEvent } from './http-adapter';

/** Every function of the route table answering `{}`, for the tests to override the ones they use. */
const everyFunction = (): Record<FunctionName, V2Handler> =>
  Object.fromEntries(ROUTES.map((route) => [route.fn, async () => ({})])) as unknown as Record<FunctionName, V2Handler>;

describe('matchRoute', () => {
  it('matches the route table, decoding parameters and tolerating a trailing slash', () => {
    expect(matchRoute('GET', '/companies/')).toMatchObject({ route: { path: '/companies' } });
    expect(matchRoute('GET', '/companies/Physical%20Intelligence')).toMatchObject({
      route: { path: '/companies/{name}' },
      pathParameters: { name: 'Physical Intelligence' },
    });
    expect(matchRoute('GET', '/jobs/Cohere/ml-engineer-443368a3')?.pathParameters).toEqual({ company: 'Cohere', slug: 'ml-engineer-443368a3' });
    expect(matchRoute('GET', '/jobs/Cohere//ml-engineer-443368a3')?.pathParameters).toEqual({ company: 'Cohere', slug: '/ml-engineer-443368a3' });
  });

  it('matches nothing for an unknown path or another method', () => {
    expect(matchRoute('GET', '/jobs')).toBeNull();
    expect(matchRoute('DELETE', '/departments')).toBeNull();
    expect(matchRoute('GET', '/nothing')).toBeNull();
  });
});

describe('toApiEvent', () => {
  const at = new Date('2025-10-28T09:05:03.123Z');
  const match = matchRoute('POST', '/jobs')!;

  it('builds a payload-2.0 event as API Gateway does', () => {
    const event = toApiEvent(
      {
        method: 'POST',
        url: '/api/jobs?a=1&a=2&b=x%20y',
        headers: { 'content-type': 'application/json', cookie: 'theme=dark; session=abc', 'user-agent': 'curl/8', host: 'localhost:3000' },
        body: Buffer.from('{"page":1}'),
        sourceIp: '127.0.0.1',
        at,
      },
      '/jobs',
      match,
    );
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'POST /jobs',
      rawPath: '/jobs',
      rawQueryString: 'a=1&a=2&b=x%20y',
      queryStringParameters: { a: '1,2', b: 'x y' },
      cookies: ['theme=dark', 'session=abc'],
      body: '{"page":1}',
      isBase64Encoded: false,
      requestContext: {
        http: { method: 'POST', path: '/jobs', sourceIp: '127.0.0.1', userAgent: 'curl/8' },
        stage: '$default',
        time: '28/Oct/2025:09:05:03 +0000',
        timeEpoch: at.getTime(),
      },
    });
    expect(event.headers).not.toHaveProperty('cookie');
    expect(event.pathParameters).toBeUndefined();
  });

  it('base64-encodes a binary body', () => {
    const bytes = Buffer.from([0, 255, 1, 2]);
    const event = toApiEvent({ method: 'POST', url: '/api/jobs', headers: { 'content-type': 'application/octet-stream' }, body: bytes, sourceIp: '::1', at }, '/jobs', match);
    expect(event.isBase64Encoded).toBe(true);
    expect(Buffer.from(event.body!, 'base64')).toEqual(bytes);
  });
});

describe('fromApiResult', () => {
  it('takes a structured result as it is, with cookies and base64 bodies', () => {
    const reply = fromApiResult({ statusCode: 201, headers: { 'X-Thing': 'a' }, cookies: ['a=1', 'b=2'], body: Buffer.from('hi').toString('base64'), isBase64Encoded: true });
    expect(reply.statusCode).toBe(201);
    expect(reply.headers).toEqual({ 'x-thing': 'a', 'set-cookie': ['a=1', 'b=2'] });
    expect(reply.body.toString()).toBe('hi');
  });

  it('answers a plain object or string as 200 JSON', () => {
    const object = fromApiResult({ items: [1] });
    expect([object.statusCode, object.headers['content-type'], object.body.toString()]).toEqual([200, 'application/json', '{"items":[1]}']);
    expect(fromApiResult('hello').body.toString()).toBe('"hello"');
  });
});

describe('the adapter on a real socket', () => {
  let server: Server;
  let base: string;
  let dist: string;
  const seen: APIGatewayProxyEventV2[] = [];

  beforeAll(async () => {
    const scratch = path.join(REPO_ROOT, '.tmp');
    mkdirSync(scratch, { recursive: true });
    dist = mkdtempSync(path.join(scratch, 'adapter-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Latent Jobs</title>');
    const script = 'console.log("home");'.repeat(50);
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), script);
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(script));
    const listener = createHttpAdapter({
      staticDir: dist,
      logger: () => undefined,
      functions: {
        ...everyFunction(),
        jobs: async (event) => {
          seen.push(event);
          if (event.routeKey === 'GET /departments') throw new Error('secret detail');
          return { statusCode: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ route: event.routeKey, body: event.body ?? null }) };
        },
        companies: async (event) => ({ route: event.routeKey, params: event.pathParameters ?? null }),
        content: async (event) => ({ route: event.routeKey, params: event.pathParameters ?? null }),
      },
    });
    server = createServer(listener);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends /api requests to the function of their route, prefix stripped', async () => {
    const response = await fetch(`${base}/api/jobs`, { method: 'POST', body: '{"page":0}', headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ route: 'POST /jobs', body: '{"page":0}' });
    expect(seen.at(-1)?.rawPath).toBe('/jobs');
    const list = await fetch(`${base}/api/companies/`);
    expect(await list.json()).toEqual({ route: 'GET /companies', params: null });
    const one = await fetch(`${base}/api/companies/Physical%20Intelligence`);
    expect(await one.json()).toEqual({ route: 'GET /companies/{name}', params: { name: 'Physical Intelligence' } });
  });

  it('answers unknown API paths with 404 and a crashed function with 500, without details', async () => {
    const missing = await fetch(`${base}/api/nothing`);
    expect([missing.status, await missing.json()]).toEqual([404, { message: 'Not Found' }]);
    const crashed = await fetch(`${base}/api/departments`);
    expect(crashed.status).toBe(500);
    expect(await crashed.text()).toBe('{"message":"Internal Server Error"}');
  });

  it('refuses a body over 1 MB with 413', async () => {
    const response = await fetch(`${base}/api/jobs`, { method: 'POST', body: 'x'.repeat(1024 * 1024 + 1) });
    expect(response.status).toBe(413);
  });

  it('serves the SPA with index.html for client routes, never cached', async () => {
    for (const route of ['/', '/company/Character.AI', '/jobs/Cohere/ml-engineer-443368a3?x=1']) {
      const response = await fetch(`${base}${route}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<title>Latent Jobs</title>');
    }
  });

  it('serves hashed assets for a year, compressed when accepted, and 404s missing files', async () => {
    const asset = await fetch(`${base}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    expect(await asset.text()).toContain('console.log("home")');
    expect((await fetch(`${base}/assets/missing.js`)).status).toBe(404);
  });

  it('explains when the SPA is not built', async () => {
    const bare = createServer(createHttpAdapter({ staticDir: path.join(dist, 'none'), logger: () => undefined, functions: everyFunction() }));
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    const response = await fetch(`http://127.0.0.1:${(bare.address() as AddressInfo).port}/`);
    await new Promise((resolve) => bare.close(resolve));
    expect(response.status).toBe(503);
    expect(await response.text()).toContain('npm run build:web');
  });
});
