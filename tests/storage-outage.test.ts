/**
 * A storage outage under a running local product (issue 14.4): DynamoDB Local is killed, the API
 * answers 503 with Retry-After and a plain message while it is down, `npm start`'s supervisor
 * starts it again on the same port and data folder, and the API answers again without a restart.
 * The product runs on its own DynamoDB Local with its data in a fresh folder under .tmp.
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../lambdas/config';
import { startLocalProduct, type LocalProduct } from '../infra/local/server';

const dataDir = path.join(REPO_ROOT, '.tmp', `outage-${randomUUID().slice(0, 8)}`);
let product: LocalProduct;

beforeAll(async () => {
  product = await startLocalProduct({ port: 0, dataDir, signIn: false });
}, 240_000);

afterAll(async () => {
  await product?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

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
