/**
 * The DynamoDB tables, defined once: CDK (infra/aws) declares them from these definitions and
 * the local start (infra/local) creates them in DynamoDB Local from the same ones.
 *
 * Access patterns (none scans a table):
 * - jobs: one job by (company_key, slug_url); a company's jobs by company_key; every open job's
 *   summary through the sparse `open-by-shard-v1` index (only open jobs carry `open_shard`), one
 *   Query per shard (see OPEN_SHARDS).
 * - companies: one company by company_key; listed companies (at least one open job) through the
 *   sparse `listed-by-name` index (only listed companies carry `listed`).
 * - state: small singleton records by id (the catalog version; later crawl runs; the latest ECB
 *   reference rates, lambdas/storage/ecb-rates.ts).
 * - users: one user by user_id (the Cognito `sub`); the user of a Stripe customer through the
 *   sparse `by-stripe-customer` index (only users who reached checkout carry `stripe_customer_id`).
 * - digest_ledger: the daily digest's send ledger (lambdas/alerts/digest-ledger.ts): one item per
 *   subscriber and UTC day, claimed with a conditional put before the email is sent and marked
 *   after; a subscriber's latest entries by Query on user_id (newest day first). Expires by TTL.
 * - saved_searches: users' saved searches (shared/alerts/saved-search-ports.ts), pk `user_id` (the
 *   owner's `sub`), sk `search_id`: a user's list by Query on user_id, one by GetItem; a private
 *   feed's search by its token through the `by-feed-token` index (every saved search has one).
 * - suppressions: addresses we must never mail again (permanent bounce, complaint), by `email`.
 * - email_preferences: per-list unsubscribes, one item per (`email`, `list`); a batch of
 *   subscribers is checked with BatchGetItem.
 * - newsletter_subscribers: weekly-newsletter sign-ups by `email` (pending or confirmed); the
 *   confirmed ones through the sparse `confirmed-by-email` index (only they carry `confirmed`).
 * - rate_limits: fixed-window request counters by `id` (e.g. "subscribe#ip#1.2.3.4#2026-01-01T10"),
 *   gone by TTL.
 * - email_events: ids of SES notifications already taken in (SNS MessageId), gone by TTL after 30 days.
 */
import { createHash } from 'node:crypto';

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

export interface TableDefinition<Name extends string = string> {
  /** Logical name: the CDK construct id and, locally, the table name. */
  name: Name;
  partitionKey: KeyAttribute;
  sortKey?: KeyAttribute;
  indexes: readonly IndexDefinition[];
  /** Attribute holding an epoch-seconds expiry, when the table has one. */
  timeToLiveAttribute?: string;
}

/** A table definition with its logical name kept as a literal type (`TableName` derives from them). */
const defineTable = <Name extends string>(definition: TableDefinition<Name>): TableDefinition<Name> => definition;

/**
 * How many partition values open jobs are spread over in the `open-by-shard-v1` index, so that
 * no one value takes every write (issue 19.3). DynamoDB allows one partition 1,000 write units
 * and 3,000 read units a second, and each write of an open job writes its index entry too (two
 * units: the entry, the projected summary and keys, is about 1.2 KB). A crawl writing 100,000
 * changes an hour is 28 a second on average; bunched into the first 10 minutes of the hour, 167 a
 * second, 333 units. With 8 shards that is 42 units a second per partition at the bunched rate,
 * 4% of the limit (one partition would manage it too, but with no room for a registry 10× larger
 * or a re-crawl writing every job at once: 1,000,000 writes in 10 minutes is 417 units a second
 * per shard, still under, and 3,333 on one value, throttled). Reading every open job is 8 Queries
 * in parallel. README "Open jobs without a hot key" shows the figures.
 * Changing this number re-shards: every open job must be written again (a new index version).
 */
export const OPEN_SHARDS = 8;

/** The `open_shard` value of an open job: "OPEN#0".."OPEN#7", from an MD5 of its key (stable, evenly spread). */
export const openShardOf = (key: { company_key: string; slug_url: string }): string =>
  `OPEN#${createHash('md5').update(`${key.company_key}\u0000${key.slug_url}`).digest().readUInt32BE(0) % OPEN_SHARDS}`;

/** Every `open_shard` value. */
export const OPEN_SHARD_VALUES: readonly string[] = Array.from({ length: OPEN_SHARDS }, (_, shard) => `OPEN#${shard}`);

/**
 * Non-key attributes of the RETIRED `open-by-date` index, exactly as deployed before the shards
 * (main's job summary fields of 2026-11-26 morning): CloudFormation cannot change an index's
 * projection in place, so this list never changes while the index exists.
 */
const LEGACY_OPEN_FIELDS: readonly string[] = [
  'source', 'job_title', 'company_name', 'company_logo', 'company_url', 'department', 'first_seen_at', 'last_seen_at', 'closed_at',
  'workplace_type', 'employment_type', 'locations', 'skills', 'compensation', 'min_salary', 'max_salary', 'job_url', 'seniority',
  'remote_eligibility', 'salary_usd_year', 'years_experience', 'visa_sponsorship', 'reposted_from',
];

/**
 * Non-key attributes of `open-by-shard-v1`: the job summary's fields (shared/jobs/job-summary.ts)
 * as they were when the index was made (this release: the legacy list plus `description_terms`,
 * the words search reads from descriptions), FROZEN. CloudFormation cannot change an index's
 * projection in place, so the projection must not follow the job schema: a summary field added
 * later is not in the index, and the warm search index reads the jobs that lack it in full
 * (lambdas/search/warm-job-index.ts). To project a new field, add `open-by-shard-v2` in one deploy,
 * read from it, and remove v1 in the next (CloudFormation adds or removes one index per update).
 */
export const OPEN_BY_SHARD_V1_FIELDS: readonly string[] = [...LEGACY_OPEN_FIELDS, 'description_terms'];

/**
 * RETIRED, removed in the deploy after this one: the unsharded index every open job was written
 * to under one value (`open` = "OPEN"), kept exactly as deployed (its projection frozen to what it
 * was) because CloudFormation cannot add one index and remove another in one update. Nothing new
 * is written to it: every write of a job and every crawl touch of an unchanged open job moves it
 * to its shard (lambdas/storage/job-repository.ts `toJobItem`, crawl-writes.ts), and the read of
 * every open job also takes what is left here meanwhile (README, "Open jobs without a hot key").
 */
export const LEGACY_OPEN_INDEX: IndexDefinition = {
  indexName: 'open-by-date',
  partitionKey: { name: 'open', type: 'S' },
  sortKey: { name: 'date_posted', type: 'S' },
  projection: LEGACY_OPEN_FIELDS,
};

/** Value of the retired sparse `open` attribute (LEGACY_OPEN_INDEX). */
export const LEGACY_OPEN_MARKER = 'OPEN';
/** Value of the sparse `listed` attribute that puts a company into the `listed-by-name` index. */
export const LISTED_MARKER = 'LISTED';

export const OPEN_INDEX: IndexDefinition = {
  indexName: 'open-by-shard-v1',
  partitionKey: { name: 'open_shard', type: 'S' },
  sortKey: { name: 'date_posted', type: 'S' },
  projection: OPEN_BY_SHARD_V1_FIELDS,
};

/** The indexes a reader of every open job queries (`listOpenSummaries`): grant both until the legacy one goes. */
export const OPEN_JOB_INDEX_NAMES: readonly string[] = [OPEN_INDEX.indexName, LEGACY_OPEN_INDEX.indexName];

export const JOBS_TABLE = defineTable({
  name: 'jobs',
  partitionKey: { name: 'company_key', type: 'S' },
  sortKey: { name: 'slug_url', type: 'S' },
  indexes: [LEGACY_OPEN_INDEX, OPEN_INDEX],
});

export const COMPANIES_TABLE = defineTable({
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
});

export const STATE_TABLE = defineTable({
  name: 'state',
  partitionKey: { name: 'id', type: 'S' },
  indexes: [],
});

export const USERS_TABLE = defineTable({
  name: 'users',
  partitionKey: { name: 'user_id', type: 'S' },
  indexes: [
    {
      indexName: 'by-stripe-customer',
      partitionKey: { name: 'stripe_customer_id', type: 'S' },
      projection: 'ALL',
    },
  ],
});

/** Send ledger of the daily digest: pk `user_id`, sk `day` (YYYY-MM-DD, UTC); TTL `expires_at` (epoch s). */
export const DIGEST_LEDGER_TABLE = defineTable({
  name: 'digest_ledger',
  partitionKey: { name: 'user_id', type: 'S' },
  sortKey: { name: 'day', type: 'S' },
  indexes: [],
  timeToLiveAttribute: 'expires_at',
});

/** Saved searches: pk `user_id`, sk `search_id`; `by-feed-token` finds a private feed's search. */
export const SAVED_SEARCHES_TABLE = defineTable({
  name: 'saved_searches',
  partitionKey: { name: 'user_id', type: 'S' },
  sortKey: { name: 'search_id', type: 'S' },
  indexes: [{ indexName: 'by-feed-token', partitionKey: { name: 'feed_token', type: 'S' }, projection: 'ALL' }],
});

/** Value of the sparse `confirmed` attribute that puts a sign-up into the `confirmed-by-email` index. */
export const CONFIRMED_MARKER = 'CONFIRMED';

/** Suppressed addresses: pk `email` (normalised, shared/email/address.ts). */
export const SUPPRESSIONS_TABLE = defineTable({
  name: 'suppressions',
  partitionKey: { name: 'email', type: 'S' },
  indexes: [],
});

/** Per-list unsubscribes: pk `email`, sk `list` (shared/email/lists.ts). */
export const EMAIL_PREFERENCES_TABLE = defineTable({
  name: 'email_preferences',
  partitionKey: { name: 'email', type: 'S' },
  sortKey: { name: 'list', type: 'S' },
  indexes: [],
});

/** Weekly-newsletter sign-ups: pk `email`; confirmed ones in the sparse `confirmed-by-email` index. */
export const NEWSLETTER_SUBSCRIBERS_TABLE = defineTable({
  name: 'newsletter_subscribers',
  partitionKey: { name: 'email', type: 'S' },
  indexes: [
    {
      indexName: 'confirmed-by-email',
      partitionKey: { name: 'confirmed', type: 'S' },
      sortKey: { name: 'email', type: 'S' },
      projection: 'ALL',
    },
  ],
});

/** Fixed-window counters: pk `id`; TTL `expires_at` (epoch s). */
export const RATE_LIMITS_TABLE = defineTable({
  name: 'rate_limits',
  partitionKey: { name: 'id', type: 'S' },
  indexes: [],
  timeToLiveAttribute: 'expires_at',
});

/** SES notifications taken in: pk `event_id`; TTL `expires_at` (epoch s). */
export const EMAIL_EVENTS_TABLE = defineTable({
  name: 'email_events',
  partitionKey: { name: 'event_id', type: 'S' },
  indexes: [],
  timeToLiveAttribute: 'expires_at',
});

/** The email side's tables (who may be emailed: issue 6). */
export const EMAIL_TABLES = [SUPPRESSIONS_TABLE, EMAIL_PREFERENCES_TABLE, NEWSLETTER_SUBSCRIBERS_TABLE, RATE_LIMITS_TABLE, EMAIL_EVENTS_TABLE] as const;

/**
 * Stripe webhook events taken in (lambdas/storage/payment-events.ts): pk `event_id`, written with
 * a conditional put so a replay is recorded once; TTL `expires_at` (epoch s).
 */
export const STRIPE_EVENTS_TABLE = defineTable({
  name: 'stripe_events',
  partitionKey: { name: 'event_id', type: 'S' },
  indexes: [],
  timeToLiveAttribute: 'expires_at',
});

export const TABLES = [JOBS_TABLE, COMPANIES_TABLE, STATE_TABLE, USERS_TABLE, DIGEST_LEDGER_TABLE, SAVED_SEARCHES_TABLE, ...EMAIL_TABLES, STRIPE_EVENTS_TABLE] as const;

/** The logical name of a table of TABLES: 'jobs', 'companies', ... */
export type TableName = (typeof TABLES)[number]['name'];

/** A value for every table of TABLES, by logical name (e.g. the physical names, lambdas/config.ts). */
export type PerTable<Value> = Readonly<Record<TableName, Value>>;

const coversEveryTable = <Value>(record: Readonly<Record<string, Value>>): record is PerTable<Value> => TABLES.every((table) => Object.hasOwn(record, table.name));

/** `valueOf` each table of TABLES, by logical name. */
export function perTable<Value>(valueOf: (table: (typeof TABLES)[number]) => Value): PerTable<Value> {
  const record = Object.fromEntries(TABLES.map((table) => [table.name, valueOf(table)]));
  if (!coversEveryTable(record)) throw new Error('unreachable: a table of TABLES has no entry');
  return record;
}

/** The environment variable holding a table's physical name (`jobs` → JOBS_TABLE): CDK sets it, lambdas/config.ts reads it. */
export const tableEnvironmentVariable = (tableName: string): string => `${tableName.toUpperCase()}_TABLE`;
