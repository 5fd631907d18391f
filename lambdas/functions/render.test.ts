/**
 * The render function in the HTTP chain (issue 23.4): a failed load of the page renderer fails
 * that request with the one error shape and is tried again on the next; pages, HEAD and other
 * methods. The last test loads the real server build (frontend/dist: `npm run build:web`).
 */
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config';
import type { Logger, LogFields, LogLevel } from '../observability/log';
import { loadPageRenderer, type PageRenderer } from '../render/page-renderer';
import { sampleEvent } from '../../tests/support/sample-event';
import { createRenderHandler, RENDER_ROUTE_KEY, type LoadRenderer } from './render';

const context = { awsRequestId: 'render-test' } as Context;

const pageEvent = (method: string, rawPath: string, host = 'jobs.example.com') => {
  const base = sampleEvent(RENDER_ROUTE_KEY);
  return {
    ...base,
    rawPath,
    rawQueryString: 'page=2',
    headers: { ...base.headers, 'x-forwarded-host': host },
    requestContext: { ...base.requestContext, domainName: 'abc.lambda-url.us-east-1.on.aws', http: { ...base.requestContext.http, method, path: rawPath } },
  };
};

const recordingLogger = () => {
  const lines: { level: LogLevel; message: string; fields?: LogFields }[] = [];
  const logger: Logger = (level, message, fields) => lines.push({ level, message, fields });
  return Object.assign(logger, { lines });
};

const echoRenderer: PageRenderer = async (request) => ({
  status: 200,
  headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=0, s-maxage=300' },
  body: `<p>${request.method} ${request.url}</p>`,
});

describe('the render function', () => {
  it('answers a failed load with 500 and the one error shape, logs it once, and loads again on the next request', async () => {
    const logger = recordingLogger();
    const origins: string[] = [];
    let calls = 0;
    const load: LoadRenderer = async (origin) => {
      origins.push(origin);
      calls += 1;
      if (calls === 1) throw new Error('ENOENT: no such file or directory, open site/index.html');
      return echoRenderer;
    };
    const handler = createRenderHandler(load, { logger });
    const failed = await handler(pageEvent('GET', '/jobs'), context);
    expect(failed.statusCode).toBe(500);
    expect(JSON.parse(failed.body)).toEqual({ message: 'Internal server error' });
    expect(failed.body).not.toContain('ENOENT');
    expect(logger.lines.filter((line) => line.level === 'error')).toHaveLength(1);
    expect(logger.lines[0]!.fields).toMatchObject({ routeKey: '$default', status: 500, error: { message: 'ENOENT: no such file or directory, open site/index.html' } });

    const page = await handler(pageEvent('GET', '/jobs'), context);
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe('<p>GET https://jobs.example.com/jobs?page=2</p>');
    expect((await handler(pageEvent('GET', '/'), context)).statusCode).toBe(200);
    expect(calls).toBe(2);
    expect(origins).toEqual(['https://jobs.example.com', 'https://jobs.example.com']);
  });

  it("sends the page compressed for the viewer's Accept-Encoding, as base64 with its Content-Encoding", async () => {
    const body = `<ol>${Array.from({ length: 200 }, (_, i) => `<li>Job ${i}</li>`).join('')}</ol>`;
    const handler = createRenderHandler(async () => async () => ({ ...(await echoRenderer(new Request('https://x/'))), body }), { logger: () => undefined });
    const event = pageEvent('GET', '/');
    const page = await handler({ ...event, headers: { ...event.headers, 'accept-encoding': 'gzip, br' } }, context);
    expect([page.statusCode, page.headers['content-encoding'], page.headers.vary, page.isBase64Encoded]).toEqual([200, 'br', 'Accept-Encoding', true]);
    expect(brotliDecompressSync(Buffer.from(page.body, 'base64')).toString()).toBe(body);
  });

  it('answers HEAD without a body and other methods with 405 and Allow', async () => {
    const handler = createRenderHandler(async () => echoRenderer, { logger: () => undefined });
    const head = await handler(pageEvent('HEAD', '/'), context);
    expect([head.statusCode, head.body, head.headers['cache-control']]).toEqual([200, '', 'public, max-age=0, s-maxage=300']);
    const post = await handler(pageEvent('POST', '/'), context);
    expect(post.statusCode).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    expect(JSON.parse(post.body)).toEqual({ message: 'Method Not Allowed' });
  });

  it('loads the real server build after a failed load of a missing one', async () => {
    const dirs = [path.join(REPO_ROOT, '.tmp', 'no-such-site'), path.join(REPO_ROOT, 'frontend', 'dist')];
    const handler = createRenderHandler((origin) => loadPageRenderer(dirs.shift()!, origin), { logger: () => undefined });
    expect((await handler(pageEvent('GET', '/robots.txt'), context)).statusCode).toBe(500);
    const robots = await handler(pageEvent('GET', '/robots.txt'), context);
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain('Sitemap: https://jobs.example.com/');
  });
});
