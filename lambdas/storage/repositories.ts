/**
 * Builds the DynamoDB-backed repositories from the configuration: what handlers and local tools
 * use. `createStorage(readConfig())` → `{ jobs, companies, catalogVersion, users, savedSearches, clearCatalog, clients }`.
 */
import type { Config } from '../config';
import { createDynamoClients, type DynamoClients } from './dynamo-clients';
import { DynamoJobRepository } from './job-repository';
import { DynamoCompanyRepository } from './company-repository';
import { DynamoCatalogVersion } from './catalog-version';
import { DynamoUserRepository } from './user-repository';
import { DynamoSavedSearchRepository } from './saved-search-repository';
import { clearCatalog } from './clear-catalog';
import type { WriteMode } from './batch';

export interface Storage {
  jobs: DynamoJobRepository;
  companies: DynamoCompanyRepository;
  catalogVersion: DynamoCatalogVersion;
  users: DynamoUserRepository;
  savedSearches: DynamoSavedSearchRepository;
  /** Deletes every job and company (seed `--reset` only); returns how many were deleted. */
  clearCatalog(): Promise<{ jobs: number; companies: number }>;
  clients: DynamoClients;
}

/**
 * The repositories on the configured endpoint and physical table names (clients built unless
 * given). With a configured endpoint (DynamoDB Local) bulk writes go as transactions, which it
 * commits several times faster; on AWS as batch writes (half the write units). See batch.ts.
 */
export const createStorage = (config: Pick<Config, 'region' | 'dynamodb'>, clients = createDynamoClients(config)): Storage => {
  const { tables } = config.dynamodb;
  const writeMode: WriteMode = config.dynamodb.endpoint === undefined ? 'batch' : 'transaction';
  return {
    jobs: new DynamoJobRepository(clients.doc, tables.jobs, writeMode),
    companies: new DynamoCompanyRepository(clients.doc, tables.companies, writeMode),
    catalogVersion: new DynamoCatalogVersion(clients.doc, tables.state),
    users: new DynamoUserRepository(clients.doc, tables.users),
    savedSearches: new DynamoSavedSearchRepository(clients.doc, tables.saved_searches),
    clearCatalog: () => clearCatalog(clients.doc, tables, writeMode),
    clients,
  };
};
