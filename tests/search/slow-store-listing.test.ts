/**
 * The jobs and MCP functions without a search snapshot list every open job from DynamoDB on their
 * first search. A store that sits over the request timeouts' 1.5 s (lambdas/storage/dynamo-clients.ts)
 * before each Query page, as DynamoDB Local did on a page of 100,000 stored jobs
 * (bench:cold-start:bundle), still gives the first search its answer: the listing runs on the
 * bulk timeouts. The store is the shared seeded catalog on DynamoDB Local behind a proxy that holds
 * every Query answer 2 s; other requests (the catalog version's GetItem) pass at once.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Context } from 'aws-lambda';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { readConfig, readMcpConfig } from '../../lambdas/config';
import { createJobsFunction } from '../../lambdas/functions/jobs';
import { createMcpFunction } from '../../lambdas/functions/mcp';
import { dynamodbEndpoint, sharedConfig } from '../support/dynamodb';
import { sampleEvent } from '../support/sample-event';

const QUERY_HELD_MS = 2_000;

let proxy: Server;

beforeAll(async () => {
  const upstream = dynamodbEndpoint();
  proxy = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const headers = Object.fromEntries(Object.entries(request.headers).flatMap(([name, value]) => (typeof value === 'string' && name !== 'host' ? [[name, value]] : [])));
      const answer = await fetch(new URL(request.url ?? '/', upstream), { method: request.method, headers, body: Buffer.concat(chunks) });
      const body = Buffer.from(await answer.arrayBuffer());
      if (request.headers['x-amz-target'] === 'DynamoDB_20120810.Query') await new Promise((resolve) => setTimeout(resolve, QUERY_HELD_MS));
      response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/x-amz-json-1.0' }).end(body);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  proxy.closeAllConnections();
  await new Promise((resolve) => proxy?.close(resolve));
});

/** The function configuration on the seeded catalog, reached through the proxy, without a snapshot. */
const slowStoreConfig = () => {
  const shared = sharedConfig();
  const endpoint = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  const config = { ...readConfig({ TABLE_PREFIX: shared.dynamodb.tables.jobs.replace(/jobs$/, ''), DYNAMODB_ENDPOINT: endpoint }), logLevel: 'error' as const };
  expect(config.dynamodb.tables).toEqual(shared.dynamodb.tables);
  expect(config.searchSnapshots).toBeNull();
  return config;
};

it('answers the first search with every open job when each page of the listing takes 2 s to come', async () => {
  const handler = createJobsFunction(slowStoreConfig());
  const answer = await handler(sampleEvent('POST /jobs', { body: {} }), { awsRequestId: 'slow-store' } as Context);
  expect(answer.statusCode).toBe(200);
  expect((JSON.parse(answer.body) as { count: number }).count).toBe(inject('seedCounts').openJobs);
}, 60_000);

it("answers an assistant's first search_jobs through MCP with every open job on the same store", async () => {
  const handler = createMcpFunction(slowStoreConfig(), readMcpConfig({}));
  const event = sampleEvent('POST /mcp', {
    body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_jobs', arguments: {} } },
    headers: { accept: 'application/json, text/event-stream' },
  });
  // The captured event's "Bearer foo" would be refused: search_jobs is public.
  delete event.headers.authorization;
  const answer = await handler(event, { awsRequestId: 'slow-store-mcp' } as Context);
  expect(answer.statusCode).toBe(200);
  const message = JSON.parse(answer.body.startsWith('{') ? answer.body : answer.body.split('\n').find((line) => line.startsWith('data: '))!.slice(6)) as {
    result: { isError?: boolean; structuredContent: { count: number } };
  };
  expect(message.result.isError).not.toBe(true);
  expect(message.result.structuredContent.count).toBe(inject('seedCounts').openJobs);
}, 60_000);
