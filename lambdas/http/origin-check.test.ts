import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { clientAddressOf } from './client-address';
import { createHttpHandler } from './http-handler';
import { sampleEvent } from '../../tests/support/sample-event';

const SECRET = 'origin-verify-test-secret-0123456789abcdef';
const context = {} as Context;

/** A function with one route that answers the client address it was given and the headers it saw. */
const handlerWith = (originSecret: string | null) =>
  createHttpHandler(
    { 'GET /whoami': { cache: 'none', handle: (event) => ({ address: clientAddressOf(event), headers: Object.keys(event.headers ?? {}) }) } },
    { originSecret, logger: () => undefined },
  );

const call = async (handler: ReturnType<typeof handlerWith>, headers: Record<string, string>) => {
  const event = sampleEvent('GET /whoami', { headers });
  const result = await handler({ ...event, requestContext: { ...event.requestContext, http: { ...event.requestContext.http, sourceIp: '198.51.100.7' } } }, context);
  return { status: result.statusCode, body: JSON.parse(result.body) as { address?: string; headers?: string[]; message?: string } };
};

describe('the origin check', () => {
  it('with a secret: refuses requests that did not come through CloudFront, and trusts the viewer address of those that did', async () => {
    const handler = handlerWith(SECRET);
    expect(await call(handler, {})).toEqual({ status: 403, body: { message: 'Forbidden' } });
    expect((await call(handler, { 'x-origin-verify': 'guess', 'cloudfront-viewer-address': '203.0.113.9:443' })).status).toBe(403);
    expect((await call(handler, { 'x-origin-verify': `${SECRET}x` })).status).toBe(403);
    const through = await call(handler, { 'x-origin-verify': SECRET, 'cloudfront-viewer-address': '203.0.113.9:443' });
    expect(through.status).toBe(200);
    expect(through.body.address).toBe('203.0.113.9');
    expect(through.body.headers).not.toContain('x-origin-verify');
  });

  it('without one (locally): a viewer-address header is ignored, the connection address counts', async () => {
    const handler = handlerWith(null);
    for (const viewer of ['203.0.113.9:443', '10.0.0.1:1', `${'1'.repeat(2000)}:80`]) {
      const answer = await call(handler, { 'cloudfront-viewer-address': viewer });
      expect(answer).toMatchObject({ status: 200, body: { address: '198.51.100.7' } });
      expect(answer.body.headers).not.toContain('cloudfront-viewer-address');
    }
  });
});
