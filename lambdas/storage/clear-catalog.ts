/**
 * Deletes every job and company (the catalog) from their tables: the seed's `--reset`.
 * Reads the keys with a key-only Scan and deletes them (BatchWriteItem, or transactions on
 * DynamoDB Local: see lambdas/storage/batch.ts). A tool operation,
 * never a request path; the state table (catalog version) is kept so that the version only ever
 * moves forward.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { writeAll, type WriteMode } from './batch';
import { scanAll } from './paginate';

export interface CatalogTables {
  jobs: string;
  companies: string;
}

/** Deletes every item of the jobs and companies tables; returns how many of each. */
export const clearCatalog = async (
  doc: DynamoDBDocumentClient,
  tables: CatalogTables,
  writeMode: WriteMode = 'batch',
): Promise<{ jobs: number; companies: number }> => {
  const jobKeys = await scanAll(doc, {
    TableName: tables.jobs,
    ProjectionExpression: 'company_key, slug_url',
  });
  await writeAll(doc, tables.jobs, jobKeys.map((Key) => ({ DeleteRequest: { Key } })), writeMode);
  const companyKeys = await scanAll(doc, { TableName: tables.companies, ProjectionExpression: 'company_key' });
  await writeAll(doc, tables.companies, companyKeys.map((Key) => ({ DeleteRequest: { Key } })), writeMode);
  return { jobs: jobKeys.length, companies: companyKeys.length };
};
