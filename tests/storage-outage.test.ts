/**
 * Storage outages:
 * - under a running local product (issue 14.4): DynamoDB Local is killed, the API answers 503
 *   with Retry-After and a plain message while it is down, `npm start`'s supervisor starts it
 *   again on the same port and data folder, and the API answers again without a restart. The
 *   product runs on its own DynamoDB Local with its data in a fresh folder under .tmp;
 * - a frozen store (issue 23.1): a TCP server that accepts connections and never answers stands
 *   in for DynamoDB; the function built from the configuration (its real clients and timeouts)
 *   answers 503 within 5 s instead of holding the request.
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig, REPO_ROOT } from '../lambdas/config';
import { createCompaniesFunction } from '../lambdas/functions/companies';
import { startLocalProduct, type LocalProduct } from '../infra/local/server';
import { sampleEvent } from './support/sample-event';

const dataDir = path.join(REPO_ROOT, '.tmp', `outage-${randomUUID().slice(0, 8)}`);
let product: LocalProduct;


const company = () => fetch(new URL('api/companies/Cohere', product.url));

/** Asks every 100 ms until `done` says yes; fails after `ms`. */
const until = async (ms: number, done: () => Promise<boolean>): Promise<void> => {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('DynamoDB Local dies under the running product', () => {
  beforeAll(async () => {
    product = await startLocalProduct({ port: 0, dataDir, signIn: false });
  }, 240_000);

  afterAll(async () => {
    await product?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 with Retry-After while it is down, and recovers by itself once it is restarted', async () => {
    expect((await company()).status).toBe(200);
    const pid = product.dynamoDbLocalPid();
    expect(pid).toBeDefined();
    process.kill(pid!, 'SIGKILL');

    const outage: Response[] = [];
    await until(20_000, async () => {
      const answer = await company();
      if (answer.status === 503) outage.push(answer);
      else await answer.arrayBuffer();
      return outage.length > 0;
    });
    expect(outage[0]!.headers.get('retry-after')).toBe('10');
    expect(await outage[0]!.json()).toEqual({ message: 'The service is briefly unavailable. Please try again in a few seconds.' });

    await until(90_000, async () => (await company()).status === 200);
    expect(product.dynamoDbLocalPid()).not.toBe(pid);
    const answer = await company();
    expect(((await answer.json()) as { company_name: string }).company_name).toBe('Cohere');
  }, 150_000);
});

describe('a store that accepts connections and never answers', () => {
  let frozen: Server;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    frozen = createServer((socket) => {
      sockets.push(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => frozen.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => frozen?.close(resolve));
  });

  it('answers 503 with Retry-After within 5 seconds', async () => {
    const endpoint = `http://127.0.0.1:${(frozen.address() as AddressInfo).port}`;
    const handler = createCompaniesFunction({ ...readConfig({ DYNAMODB_ENDPOINT: endpoint }), logLevel: 'error' });
    const started = performance.now();
    const answer = await handler(sampleEvent('GET /companies/{name}', { pathParameters: { name: 'Cohere' } }), { awsRequestId: 'frozen' } as Context);
    const seconds = (performance.now() - started) / 1000;
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('10');
    expect(JSON.parse(answer.body)).toEqual({ message: 'The service is briefly unavailable. Please try again in a few seconds.' });
    expect(seconds).toBeLessThan(5);
    expect(sockets.length).toBeGreaterThan(0);
  }, 30_000);
});
