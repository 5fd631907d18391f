/**
 * Bad input never gets a 500 (issue 14.3): path parameters that grow past DynamoDB's key limit
 * once normalised, and any text at all as a company name or job slug, through the Lambda
 * entry points and the local server, against the run's shared seeded DynamoDB Local (read only).
 */
import type { Context } from 'aws-lambda';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as companiesHandler } from '../lambdas/functions/companies';
import { handler as jobsHandler } from '../lambdas/functions/jobs';
import { sampleEvent } from './support/sample-event';
import type { LocalProduct } from '../infra/local/server';
import { startProductWithEntryPoints } from './support/product';

let product: LocalProduct;

beforeAll(async () => {
  product = await startProductWithEntryPoints();
});

afterAll(async () => {
  await product?.stop();
});

const context = { awsRequestId: 'bad-input' } as Context;

/** Status and message of a route's Lambda handler for these path parameters. */
const invoke = async (routeKey: string, pathParameters: Record<string, string>): Promise<{ status: number; message?: string }> => {
  const fn = routeKey.includes('/companies') ? companiesHandler : jobsHandler;
  const result = await fn(sampleEvent(routeKey, { pathParameters }), context);
  return { status: result.statusCode, message: (JSON.parse(result.body) as { message?: string }).message };
};

// One U+FDFA becomes 18 letters under NFKD: 120 of them pass a 200-character check but make a
// key far over DynamoDB's 1,024-byte limit.
const ligatures = '\uFDFA'.repeat(120);

describe('path parameters that grow when normalised', () => {
  it('answer 400 naming the field, never 500', async () => {
    expect(await invoke('GET /companies/{name}', { name: ligatures })).toEqual({ status: 400, message: 'name: Empty or over 1,024 bytes once normalised' });
    expect(await invoke('GET /jobs/{company}/{slug}', { company: ligatures, slug: 'x' })).toEqual({ status: 400, message: 'company: Empty or over 1,024 bytes once normalised' });
    expect(await invoke('GET /companies/{name}', { name: '\u0301\u0301' })).toMatchObject({ status: 400 });
  });

  it('any text as a company name or slug gets 200, 400 or 404', async () => {
    const text = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 250 }),
      fc.string({ unit: 'binary', maxLength: 320 }),
      fc.integer({ min: 1, max: 200 }).map((n) => '\uFDFA'.repeat(n)),
      fc.constantFrom('', ' ', '\u0000', '/', '..', '%00', '\uD800'),
    );
    await fc.assert(
      fc.asyncProperty(text, text, async (name, slug) => {
        expect([200, 400, 404]).toContain((await invoke('GET /companies/{name}', { name })).status);
        expect([200, 400, 404]).toContain((await invoke('GET /jobs/{company}/{slug}', { company: name, slug })).status);
      }),
      { numRuns: 150 },
    );
  });

  it('answer 400 through the local server too', async () => {
    expect((await fetch(new URL(`api/companies/${encodeURIComponent(ligatures)}`, product.url))).status).toBe(400);
    expect((await fetch(new URL(`api/jobs/${encodeURIComponent(ligatures)}/x`, product.url))).status).toBe(400);
  });
});

describe('request bodies too deep or too large', () => {
  const deep = '['.repeat(4_500) + ']'.repeat(4_500);
  const post = (path: string, body: string) => fetch(new URL(path, product.url), { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  it('answer 400 with a message on every route that takes a body, never 500', async () => {
    const huge = JSON.stringify({ search: ['x'.repeat(70_000)] });
    for (const path of ['api/jobs', 'api/newsletter/subscribe', 'api/users/subscribe']) {
      for (const [body, message] of [
        [deep, 'Request body is nested too deeply: at most 32 levels of arrays and objects'],
        [`{"search": ${deep}}`, 'Request body is nested too deeply: at most 32 levels of arrays and objects'],
        [huge, 'Request body is too large: at most 65536 bytes'],
      ] as const) {
        const answer = await post(path, body);
        // Signed-in routes may refuse an anonymous caller first (401): never a 500.
        expect([400, 401], path).toContain(answer.status);
        if (path === 'api/jobs' || path === 'api/newsletter/subscribe') expect(await answer.json()).toEqual({ message });
        else await answer.arrayBuffer();
      }
    }
  });

  it('the jobs entry point answers the 9 KB body nested 4,500 deep with 400', async () => {
    const result = await jobsHandler(sampleEvent('POST /jobs', { body: deep }), context);
    expect(result.statusCode).toBe(400);
  });
});
