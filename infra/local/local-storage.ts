/**
 * Storage for a local command (start, seed, and later crawl and digest): uses the configured
 * DYNAMODB_ENDPOINT when there is one, else starts DynamoDB Local itself with its data in
 * `.data/dynamodb` (git-ignored, kept across runs); creates the tables either way.
 *
 * `openLocalStorage(config)` → `{ config, storage, dynamoDbLocal, close() }`; `close()` stops the
 * DynamoDB Local it started (if any) and releases the clients.
 */
import path from 'node:path';
import { REPO_ROOT, type Config } from '../../lambdas/config';
import { createStorage, type Storage } from '../../lambdas/storage/repositories';
import { ensureTables } from './create-tables';
import { startDynamoDbLocal, type DynamoDbLocal } from './dynamodb-local';

/** Where the local start and tools keep DynamoDB Local's data. */
export const LOCAL_DYNAMODB_DIR = path.join(REPO_ROOT, '.data', 'dynamodb');

export interface LocalStorage {
  /** The configuration with the endpoint in use. */
  config: Config;
  storage: Storage;
  /** The DynamoDB Local this call started, or null when an endpoint was configured. */
  dynamoDbLocal: DynamoDbLocal | null;
  close(): Promise<void>;
}

export const openLocalStorage = async (config: Config, options: { dataDir?: string } = {}): Promise<LocalStorage> => {
  const dynamoDbLocal =
    config.dynamodb.endpoint === undefined ? await startDynamoDbLocal({ dataDir: options.dataDir ?? LOCAL_DYNAMODB_DIR }) : null;
  const used: Config =
    dynamoDbLocal === null ? config : { ...config, dynamodb: { ...config.dynamodb, endpoint: dynamoDbLocal.endpoint } };
  const storage = createStorage(used);
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
    close: async () => {
      storage.clients.client.destroy();
      await dynamoDbLocal?.stop();
    },
  };
};
