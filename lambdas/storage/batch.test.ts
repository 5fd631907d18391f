// Batch helpers against a stand-in for the DynamoDB document client (the network edge): chunking
// to DynamoDB's limits and re-sending what DynamoDB reports as unprocessed.
import { describe, expect, it } from 'vitest';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchGetAll, batchWriteAll, transactWriteAll, UnprocessedBatchError } from './batch';

type Sent = { name: string; input: Record<string, unknown> };

/** A client whose `send` records each command and answers with `answer`. */
const fakeClient = (answer: (sent: Sent, call: number) => unknown) => {
  const sent: Sent[] = [];
  const doc = {
    send: async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
      const entry = { name: command.constructor.name, input: command.input };
      sent.push(entry);
      return answer(entry, sent.length);
    },
  } as unknown as DynamoDBDocumentClient;
  return { doc, sent };
};

const keys = (count: number) => Array.from({ length: count }, (_, index) => ({ company_key: 'c', slug_url: `/job-${index}` }));

describe('batchGetAll', () => {
  it('asks for at most 100 keys a call and re-sends the keys DynamoDB left unprocessed', async () => {
    const { doc, sent } = fakeClient((entry, call) => {
      const asked = (entry.input['RequestItems'] as Record<string, { Keys: unknown[] }>)['jobs']!.Keys;
      // The first call answers half and leaves the rest unprocessed.
      const [done, left] = call === 1 ? [asked.slice(0, 50), asked.slice(50)] : [asked, []];
      return { Responses: { jobs: done }, UnprocessedKeys: left.length > 0 ? { jobs: { Keys: left } } : {} };
    });
    const found = await batchGetAll(doc, 'jobs', keys(250));
    expect(found).toHaveLength(250);
    expect(new Set(found.map((item) => item['slug_url'])).size).toBe(250);
    const sizes = sent.map((entry) => (entry.input['RequestItems'] as Record<string, { Keys: unknown[] }>)['jobs']!.Keys.length);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(100);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(300);
  });
});

describe('batchWriteAll', () => {
  it('writes at most 25 items a call and re-sends unprocessed items', async () => {
    const { doc, sent } = fakeClient((entry, call) => {
      const requests = (entry.input['RequestItems'] as Record<string, unknown[]>)['jobs']!;
      return { UnprocessedItems: call === 2 ? { jobs: requests.slice(0, 3) } : {} };
    });
    const puts = keys(60).map((Item) => ({ PutRequest: { Item } }));
    await batchWriteAll(doc, 'jobs', puts);
    const sizes = sent.map((entry) => (entry.input['RequestItems'] as Record<string, unknown[]>)['jobs']!.length);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(25);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(63);
  });

  it('gives up with UnprocessedBatchError when DynamoDB never takes the items', async () => {
    const { doc } = fakeClient((entry) => ({ UnprocessedItems: entry.input['RequestItems'] }));
    await expect(batchWriteAll(doc, 'jobs', [{ PutRequest: { Item: { company_key: 'c', slug_url: '/a' } } }])).rejects.toBeInstanceOf(
      UnprocessedBatchError,
    );
  });
});

describe('transactWriteAll', () => {
  it('groups writes into transactions of at most 100 items', async () => {
    const { doc, sent } = fakeClient(() => ({}));
    await transactWriteAll(doc, 'jobs', keys(230).map((Key) => ({ DeleteRequest: { Key } })));
    expect(sent.map((entry) => (entry.input['TransactItems'] as unknown[]).length)).toEqual([100, 100, 30]);
    expect((sent[0]!.input['TransactItems'] as unknown[])[0]).toEqual({ Delete: { TableName: 'jobs', Key: { company_key: 'c', slug_url: '/job-0' } } });
  });
});
