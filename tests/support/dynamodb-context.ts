/**
 * What the global setup (tests/support/global-setup.ts) hands to test files through vitest's
 * `provide`/`inject`. Imported for its types by both sides.
 */
export interface SeedCounts {
  companies: number;
  listedCompanies: number;
  jobs: number;
  openJobs: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** DynamoDB Local's URL for this run, e.g. "http://127.0.0.1:41234". */
    dynamodbEndpoint: string;
    /** TABLE_PREFIX of the seeded, shared catalog's tables. */
    dynamodbTablePrefix: string;
    /** What the seed of the shared catalog wrote. */
    seedCounts: SeedCounts;
  }
}

/** Table prefix of the shared, seeded catalog. */
export const SHARED_TABLE_PREFIX = 'test-shared-';
/** "Now" for the seeds in tests: the day the Ashby boards were captured. */
export const SEED_TIME = '2025-10-28T12:00:00.000Z';
/**
 * Test files whose text contains one of these (their import of the helpers: the DynamoDB
 * helpers, the whole local product, or the digest tests' stand-in set-up) make the setup start
 * DynamoDB Local.
 */
export const DYNAMODB_HELPERS_MARKERS = ['support/dynamodb', 'support/product', 'support/browser-site', "from './stand-in-digest'"] as const;
