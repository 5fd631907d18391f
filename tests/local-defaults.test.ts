/**
 * Safe local defaults (issue 14.5): the local product and DynamoDB Local listen on 127.0.0.1
 * only (DynamoDB Local takes any credentials: on every interface anyone on the network could
 * read users' emails), and the local server sends the security headers CloudFront adds on AWS,
 * from their one definition (infra/security-headers.ts). "Only 127.0.0.1" is shown with
 * 127.0.0.2, another loopback address that a server listening on every interface would answer.
 * The pages inline their stylesheet and hydration loader, which the CSP allows by their hashes
 * (lambdas/render/inline-assets.ts).
 */
import { createHash } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDynamoDbLocal } from '../infra/local/dynamodb-local';
import { startLocalProduct, type LocalProduct } from '../infra/local/server';
import { securityHeaders } from '../infra/security-headers';
import { sharedConfig } from './support/dynamodb';

let product: LocalProduct;

beforeAll(async () => {
  const shared = sharedConfig();
  product = await startLocalProduct({
    port: 0,
    env: { DYNAMODB_ENDPOINT: shared.dynamodb.endpoint!, JOBS_TABLE: shared.dynamodb.tables.jobs, COMPANIES_TABLE: shared.dynamodb.tables.companies, STATE_TABLE: shared.dynamodb.tables.state },
  });
});

afterAll(async () => {
  await product?.stop();
});

/** Whether a TCP connection to host:port is accepted. */
const accepts = (host: string, port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect({ host, port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

describe('what listens where', () => {
  it('the local server answers on 127.0.0.1 only', async () => {
    const port = Number(new URL(product.url).port);
    expect(await accepts('127.0.0.1', port)).toBe(true);
    expect(await accepts('127.0.0.2', port)).toBe(false);
  });

  it('DynamoDB Local answers on 127.0.0.1 only', async () => {
    const local = await startDynamoDbLocal();
    try {
      expect(local.endpoint).toBe(`http://127.0.0.1:${local.port}`);
      expect(await accepts('127.0.0.1', local.port)).toBe(true);
      expect(await accepts('127.0.0.2', local.port)).toBe(false);
    } finally {
      await local.stop();
    }
  }, 90_000);
});

describe('security headers', () => {
  it('pages and the API carry the CloudFront policy headers', async () => {
    const expected = securityHeaders({}, { https: false });
    for (const path of ['/', 'api/departments']) {
      const response = await fetch(new URL(path, product.url));
      await response.arrayBuffer();
      for (const name of ['strict-transport-security', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'permissions-policy']) {
        expect(response.headers.get(name), `${path} ${name}`).toBe(expected[name]);
      }
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      // No HTTPS locally to upgrade to.
      expect(csp).not.toContain('upgrade-insecure-requests');
    }
  });

  it('inlines the stylesheet into each page, allowed by its hash, so the first paint waits for no CSS request', async () => {
    const response = await fetch(product.url);
    const html = await response.text();
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]!);
    // The entry's stylesheet and the route's own (CSS is split by chunk), each allowed by its hash.
    expect(styles.length).toBeGreaterThanOrEqual(1);
    expect(styles.join('\n')).toContain('box-sizing');
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/style-src 'self' 'sha256-/);
    for (const style of styles) expect(policy).toContain(`'sha256-${createHash('sha256').update(style, 'utf8').digest('base64')}'`);
  });

  it('loads the scripts through one inline loader, allowed by its hash, and no script tag of their own', async () => {
    const response = await fetch(product.url);
    const html = await response.text();
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    expect(scripts).toHaveLength(1);
    expect(html).not.toMatch(/<script[^>]*\ssrc=|<link rel="modulepreload"/);
    const hash = createHash('sha256').update(scripts[0]!, 'utf8').digest('base64');
    expect(response.headers.get('content-security-policy')).toContain(`script-src 'self' 'sha256-${hash}'`);
  });
});
