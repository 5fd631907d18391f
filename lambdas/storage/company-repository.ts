/**
 * DynamoCompanyRepository: the CompanyRepository port (shared/companies/company-ports.ts) on the companies table
 * (lambdas/storage/tables.ts, COMPANIES_TABLE).
 *
 * Item shape: the Company (shared/companies/company.ts) as is, keyed by company_key, plus the
 * sparse attribute `listed` = LISTED_MARKER while `job_count` > 0. Only listed companies appear in
 * the `listed-by-name` index, so the public company list is one Query of that index.
 *
 * `listAll` is the one Scan: it serves the seed and the crawler (which visit every company of the
 * registry, listed or not), never an HTTP request. The table holds one small item per registry
 * company (hundreds, a few KB each), so the Scan is a page or two; a Query would need an extra
 * always-present index attribute for no gain.
 */
import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CompanyRepository } from '../../shared/companies/company-ports';
import { CompanySchema, type Company } from '../../shared/companies/company';
import { COMPANIES_TABLE, LISTED_MARKER } from './tables';
import { lastPerKey, writeAll, type WriteMode } from './batch';
import { queryAll, scanAll } from './paginate';

/** The stored form of a company: the Company plus the sparse `listed` marker. */
export type CompanyItem = Company & { listed?: typeof LISTED_MARKER };

const LISTED_INDEX = COMPANIES_TABLE.indexes[0]!.indexName;

/** The item written for a company: `listed` only while it has open jobs. */
export const toCompanyItem = (company: Company): CompanyItem =>
  company.job_count > 0 ? { ...company, listed: LISTED_MARKER } : { ...company };

/** The company an item holds, without the storage-only `listed` marker. */
export const fromCompanyItem = (item: Record<string, unknown>): Company => {
  const { listed: _listed, ...company } = item;
  return company as Company;
};

const byKey = (a: Company, b: Company): number => (a.company_key < b.company_key ? -1 : a.company_key > b.company_key ? 1 : 0);

export class DynamoCompanyRepository implements CompanyRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    /** Physical name of the companies table. */
    private readonly table: string,
    /** How putMany writes: BatchWriteItem (default) or TransactWriteItems (faster on DynamoDB Local). */
    private readonly writeMode: WriteMode = 'batch',
  ) {}

  async get(companyKey: string): Promise<Company | null> {
    const out = await this.doc.send(new GetCommand({ TableName: this.table, Key: { company_key: companyKey } }));
    return out.Item === undefined ? null : fromCompanyItem(out.Item);
  }

  /** Companies with at least one open job, ordered by company_key (one Query of `listed-by-name`). */
  async listListed(): Promise<Company[]> {
    const items = await queryAll(this.doc, {
      TableName: this.table,
      IndexName: LISTED_INDEX,
      KeyConditionExpression: 'listed = :listed',
      ExpressionAttributeValues: { ':listed': LISTED_MARKER },
    });
    return items.map(fromCompanyItem);
  }

  /** Every stored company, ordered by company_key. A Scan: for the seed and crawler only (see above). */
  async listAll(): Promise<Company[]> {
    const items = await scanAll(this.doc, { TableName: this.table });
    return items.map(fromCompanyItem).sort(byKey);
  }

  /**
   * Validates every company (CompanySchema; throws a ZodError before anything is written) and
   * writes them with BatchWriteItem, 25 per call; a company listed twice is written as its last.
   */
  async putMany(companies: readonly Company[]): Promise<void> {
    const valid = companies.map((company) => CompanySchema.parse(company));
    const requests = lastPerKey(valid, (company) => company.company_key).map((company) => ({
      PutRequest: { Item: toCompanyItem(company) },
    }));
    await writeAll(this.doc, this.table, requests, this.writeMode);
  }
}
