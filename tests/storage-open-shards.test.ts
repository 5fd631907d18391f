/**
 * Open jobs under several partition values (issue 19.3), against DynamoDB Local: the seeded
 * catalog spread over every shard of `open-by-shard-v1`; the read of every open job merging the
 * shards newest first; jobs stored before the shards (carrying the retired `open` marker) still
 * read, and moved to their shard by the crawl's next touch; a data folder made before the shards
 * gains the index at the next start. Jobs are Cohere's, as seeded from ../shared/data/ats/ashby.
 */
import { CreateTableCommand, DeleteTableCommand, DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTableInput, ensureTables } from '../infra/local/create-tables';
import { DynamoCrawlJobs } from '../lambdas/storage/crawl-writes';
import { JOBS_TABLE, LEGACY_OPEN_INDEX, OPEN_INDEX, OPEN_SHARD_VALUES, OPEN_SHARDS, openShardOf } from '../lambdas/storage/tables';
import type { Job } from '../shared/jobs/job';
import { toJobSummary } from '../shared/jobs/job-summary';
import { isolatedCatalog, sharedConfig, sharedStorage, type IsolatedCatalog } from './support/dynamodb';

const shardCount = async (doc: ReturnType<typeof sharedStorage>['clients']['doc'], table: string, shard: string): Promise<number> => {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const out = await doc.send(
      new QueryCommand({ TableName: table, IndexName: OPEN_INDEX.indexName, KeyConditionExpression: 'open_shard = :s', ExpressionAttributeValues: { ':s': shard }, Select: 'COUNT', ExclusiveStartKey: start }),
    );
    count += out.Count ?? 0;
    start = out.LastEvaluatedKey;
  } while (start !== undefined);
  return count;
};

describe('the seeded catalog on the shards', () => {
  const storage = sharedStorage();

  it('spreads the 1,323 open jobs over all 8 shards, none holding more than 1.5× its share', async () => {
    const counts = await Promise.all(OPEN_SHARD_VALUES.map((shard) => shardCount(storage.clients.doc, sharedConfig().dynamodb.tables.jobs, shard)));
    expect(OPEN_SHARD_VALUES).toHaveLength(OPEN_SHARDS);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1_323);
    for (const count of counts) expect(count).toBeLessThanOrEqual(Math.ceil((1.5 * 1_323) / OPEN_SHARDS));
    for (const count of counts) expect(count).toBeGreaterThan(0);
  });

  it('reads every open job once, newest first, across the shards', async () => {
    const summaries = await storage.jobs.listOpenSummaries();
    expect(summaries).toHaveLength(1_323);
    expect(new Set(summaries.map((s) => `${s.company_key}/${s.slug_url}`)).size).toBe(1_323);
    const dates = summaries.map((summary) => summary.date_posted);
    expect(dates).toEqual([...dates].sort().reverse());
  });
});

describe('jobs stored before the shards', () => {
  let catalog: IsolatedCatalog;
  let sharded: Job[];
  let legacy: Job[];

  beforeAll(async () => {
    // Cohere's 71 seeded jobs (../shared/data/ats/ashby), copied into tables of this test's own.
    const cohere = await sharedStorage().jobs.listByCompany('cohere');
    [sharded, legacy] = [cohere.slice(0, 20), cohere.slice(20, 30)];
    const closedLegacy = cohere[30]!;
    catalog = await isolatedCatalog();
    await catalog.storage.jobs.putMany(sharded);
    // As the pre-shard code wrote them: the `open` marker, no `open_shard`.
    for (const job of legacy) {
      await catalog.storage.clients.doc.send(new PutCommand({ TableName: catalog.config.dynamodb.tables.jobs, Item: { ...job, open: 'OPEN', crawl_version: 1 } }));
    }
    await catalog.storage.clients.doc.send(new PutCommand({ TableName: catalog.config.dynamodb.tables.jobs, Item: { ...closedLegacy, closed_at: '2025-01-01T00:00:00.000Z' } }));
  });

  afterAll(async () => {
    await catalog?.drop();
  });

  it('are read with the sharded ones, each once, newest first, without storage markers', async () => {
    const summaries = await catalog.storage.jobs.listOpenSummaries();
    const expected = [...sharded, ...legacy].map(toJobSummary).sort((a, b) => (a.date_posted < b.date_posted ? 1 : a.date_posted > b.date_posted ? -1 : 0));
    expect(summaries.map((s) => s.slug_url).sort()).toEqual(expected.map((s) => s.slug_url).sort());
    expect(summaries.map((s) => s.date_posted)).toEqual(expected.map((s) => s.date_posted));
    expect(summaries[0]).not.toHaveProperty('open');
    expect(summaries[0]).not.toHaveProperty('open_shard');
    const crawl = new DynamoCrawlJobs(catalog.storage.clients.doc, catalog.config.dynamodb.tables);
    expect(await crawl.countOpenJobs('cohere')).toBe(30);
  });

  it('move to their shard when the crawl next touches them, and are still read once', async () => {
    const crawl = new DynamoCrawlJobs(catalog.storage.clients.doc, catalog.config.dynamodb.tables);
    const job = legacy[0]!;
    const outcome = await crawl.writeJobs([{ kind: 'touch', key: { company_key: job.company_key, slug_url: job.slug_url }, lastSeenAt: '2026-11-26T10:00:00.000Z', expectedVersion: 1 }]);
    expect(outcome).toEqual({ written: 1, conflicts: 0 });
    const { Item } = await catalog.storage.clients.doc.send(new GetCommand({ TableName: catalog.config.dynamodb.tables.jobs, Key: { company_key: job.company_key, slug_url: job.slug_url } }));
    expect(Item).toMatchObject({ open_shard: openShardOf(job), last_seen_at: '2026-11-26T10:00:00.000Z' });
    expect(Item).not.toHaveProperty('open');
    expect(await catalog.storage.jobs.listOpenSummaries()).toHaveLength(30);
    expect(await crawl.countOpenJobs('cohere')).toBe(30);
  });
});

describe('a data folder made before the shards', () => {
  let catalog: IsolatedCatalog;

  beforeAll(async () => {
    catalog = await isolatedCatalog();
  });

  afterAll(async () => {
    await catalog?.drop();
  });

  it('gains the sharded index at the next start, its jobs table otherwise as it was', async () => {
    const { client } = catalog.storage.clients;
    const old = `${catalog.config.dynamodb.tables.jobs}-old`;
    await client.send(new CreateTableCommand(createTableInput({ ...JOBS_TABLE, indexes: [LEGACY_OPEN_INDEX] }, old)));
    const config = { ...catalog.config, dynamodb: { ...catalog.config.dynamodb, tables: { ...catalog.config.dynamodb.tables, jobs: old } } };
    expect(await ensureTables(client, config, { timeToLive: false })).toEqual([`${old}.${OPEN_INDEX.indexName}`]);
    const { Table } = await client.send(new DescribeTableCommand({ TableName: old }));
    expect(Table?.GlobalSecondaryIndexes?.map((index) => index.IndexName).sort()).toEqual([LEGACY_OPEN_INDEX.indexName, OPEN_INDEX.indexName].sort());
    expect(await ensureTables(client, config, { timeToLive: false })).toEqual([]);
    await client.send(new DeleteTableCommand({ TableName: old }));
  });
});
