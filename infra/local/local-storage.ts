/**
 * Storage for a local command (start, seed, and later crawl and digest): uses the configured
 * DYNAMODB_ENDPOINT when there is one; else the DynamoDB Local another command (e.g. `npm
 * start`) is running on the same data folder, found through its endpoint.json (see
 * dynamodb-local.ts), and leaves it running; else starts DynamoDB Local itself with its data in
 * `.data/dynamodb` (git-ignored, kept across runs). Creates the tables either way.
 *
 * `openLocalStorage(config)` → `{ config, storage, dynamoDbLocal, close() }`; `close()` stops the
 * DynamoDB Local it started (if any) and releases the clients.
 */
import path from 'node:path';
import { REPO_ROOT, type Config } from '../../lambdas/config';
import { BULK_TIMEOUTS, createDynamoClients } from '../../lambdas/storage/dynamo-clients';
import { createStorage, type Storage } from '../../lambdas/storage/repositories';
import { ensureTables } from './create-tables';
import { findRunningDynamoDbLocal, startDynamoDbLocal, type DynamoDbLocal } from './dynamodb-local';

/** Where the local start and tools keep DynamoDB Local's data. */
export const LOCAL_DYNAMODB_DIR = path.join(REPO_ROOT, '.data', 'dynamodb');
/** Where the local product keeps company logos (lambdas/logos/local-logo-store.ts), served at /logos/<key>. */
export const LOCAL_LOGO_DIR = path.join(REPO_ROOT, '.data', 'logos');

export interface LocalStorage {
  /** The configuration with the endpoint in use. */
  config: Config;
  storage: Storage;
  /** The DynamoDB Local this call started, or null when an endpoint was configured or found running. */
  dynamoDbLocal: DynamoDbLocal | null;
  /** The endpoint of a DynamoDB Local another process runs on the data folder, when that one is used. */
  sharedEndpoint: string | null;
  close(): Promise<void>;
}

export const openLocalStorage = async (config: Config, options: { dataDir?: string } = {}): Promise<LocalStorage> => {
  const dataDir = options.dataDir ?? LOCAL_DYNAMODB_DIR;
  const sharedEndpoint = config.dynamodb.endpoint === undefined ? await findRunningDynamoDbLocal(dataDir) : null;
  const dynamoDbLocal = config.dynamodb.endpoint === undefined && sharedEndpoint === null ? await startDynamoDbLocal({ dataDir }) : null;
  const endpoint = dynamoDbLocal?.endpoint ?? sharedEndpoint ?? config.dynamodb.endpoint;
  const used: Config = { ...config, dynamodb: { ...config.dynamodb, endpoint } };
  // A command's writes are bulk work nobody waits on: patient timeouts (dynamo-clients.ts).
  const storage = createStorage(used, createDynamoClients(used, BULK_TIMEOUTS));
  try {
    await ensureTables(storage.clients.client, used);
  } catch (error) {
    storage.clients.client.destroy();
    await dynamoDbLocal?.stop();
    throw error;
  }
  return {
    config: used,
    storage,
    dynamoDbLocal,
    sharedEndpoint,
    close: async () => {
      storage.clients.client.destroy();
      await dynamoDbLocal?.stop();
    },
  };
};
