/**
 * The DynamoDB tables, defined once: CDK (infra/aws) declares them from these definitions and
 * the local start (infra/local) creates them in DynamoDB Local from the same ones.
 *
 * Access patterns (none scans a table):
 * - jobs: one job by (company_key, slug_url); a company's jobs by company_key; every open job's
 *   summary through the sparse `open-by-date` index (only open jobs carry `open`).
 * - companies: one company by company_key; listed companies (at least one open job) through the
 *   sparse `listed-by-name` index (only listed companies carry `listed`).
 * - state: small singleton records by id (the catalog version; later crawl runs).
 * - users: one user by user_id (the Cognito `sub`); the user of a Stripe customer through the
 *   sparse `by-stripe-customer` index (only users who reached checkout carry `stripe_customer_id`).
 * - digest_ledger: the daily digest's send ledger (lambdas/alerts/digest-ledger.ts): one item per
 *   subscriber and UTC day, claimed with a conditional put before the email is sent and marked
 *   after; a subscriber's latest entries by Query on user_id (newest day first). Expires by TTL.
 */
import { JOB_SUMMARY_FIELDS } from '../../shared/jobs/job-summary';

export type AttributeType = 'S' | 'N';

export interface KeyAttribute {
  name: string;
  type: AttributeType;
}

export interface IndexDefinition {
  indexName: string;
  partitionKey: KeyAttribute;
  sortKey?: KeyAttribute;
  /** Non-key attributes copied into the index; 'ALL' copies every attribute. */
  projection: 'ALL' | readonly string[];
}

export interface TableDefinition {
  /** Logical name: the CDK construct id and, locally, the table name. */
  name: string;
  partitionKey: KeyAttribute;
  sortKey?: KeyAttribute;
  indexes: readonly IndexDefinition[];
  /** Attribute holding an epoch-seconds expiry, when the table has one. */
  timeToLiveAttribute?: string;
}

/** Value of the sparse `open` attribute that puts a job into the `open-by-date` index. */
export const OPEN_MARKER = 'OPEN';
/** Value of the sparse `listed` attribute that puts a company into the `listed-by-name` index. */
export const LISTED_MARKER = 'LISTED';

export const JOBS_TABLE: TableDefinition = {
  name: 'jobs',
  partitionKey: { name: 'company_key', type: 'S' },
  sortKey: { name: 'slug_url', type: 'S' },
  indexes: [
    {
      indexName: 'open-by-date',
      partitionKey: { name: 'open', type: 'S' },
      sortKey: { name: 'date_posted', type: 'S' },
      projection: JOB_SUMMARY_FIELDS.filter((field) => !['company_key', 'slug_url', 'date_posted'].includes(field)),
    },
  ],
};

export const COMPANIES_TABLE: TableDefinition = {
  name: 'companies',
  partitionKey: { name: 'company_key', type: 'S' },
  indexes: [
    {
      indexName: 'listed-by-name',
      partitionKey: { name: 'listed', type: 'S' },
      sortKey: { name: 'company_key', type: 'S' },
      projection: 'ALL',
    },
  ],
};

export const STATE_TABLE: TableDefinition = {
  name: 'state',
  partitionKey: { name: 'id', type: 'S' },
  indexes: [],
};

export const USERS_TABLE: TableDefinition = {
  name: 'users',
  partitionKey: { name: 'user_id', type: 'S' },
  indexes: [
    {
      indexName: 'by-stripe-customer',
      partitionKey: { name: 'stripe_customer_id', type: 'S' },
      projection: 'ALL',
    },
  ],
};

/** Send ledger of the daily digest: pk `user_id`, sk `day` (YYYY-MM-DD, UTC); TTL `expires_at` (epoch s). */
export const DIGEST_LEDGER_TABLE: TableDefinition = {
  name: 'digest_ledger',
  partitionKey: { name: 'user_id', type: 'S' },
  sortKey: { name: 'day', type: 'S' },
  indexes: [],
  timeToLiveAttribute: 'expires_at',
};

export const TABLES = [JOBS_TABLE, COMPANIES_TABLE, STATE_TABLE, USERS_TABLE, DIGEST_LEDGER_TABLE] as const;
