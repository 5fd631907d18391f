/**
 * DynamoCatalogVersion: the CatalogVersion port (shared/jobs/job-ports.ts) as one item of the state table,
 * `{ id: 'catalog-version', version: N, bumped_at: ISO-8601 }`. `bump` increments N atomically
 * (UpdateItem ADD), so concurrent bumps (a seed and a crawl) never collapse into one version.
 * `current()` is `String(N)`, or `NO_CATALOG_VERSION` ('0') before the first bump.
 */
import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CatalogVersion } from '../../shared/jobs/job-ports';

export const CATALOG_VERSION_ID = 'catalog-version';
/** The version before anything was ever seeded or crawled. */
export const NO_CATALOG_VERSION = '0';

export class DynamoCatalogVersion implements CatalogVersion {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    /** Physical name of the state table. */
    private readonly table: string,
  ) {}

  /** The current version: a decimal counter as a string. Strongly consistent read. */
  async current(): Promise<string> {
    const out = await this.doc.send(
      new GetCommand({ TableName: this.table, Key: { id: CATALOG_VERSION_ID }, ConsistentRead: true }),
    );
    const version = out.Item?.['version'];
    return typeof version === 'number' ? String(version) : NO_CATALOG_VERSION;
  }

  /** Moves to the next version, recording `at` (UTC ISO-8601) as the time of the change. */
  async bump(at: string): Promise<void> {
    await this.doc.send(
      new UpdateCommand({
        TableName: this.table,
        Key: { id: CATALOG_VERSION_ID },
        UpdateExpression: 'ADD #version :one SET bumped_at = :at',
        ExpressionAttributeNames: { '#version': 'version' },
        ExpressionAttributeValues: { ':one': 1, ':at': at },
      }),
    );
  }
}
