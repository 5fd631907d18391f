/**
 * The `SearchSnapshotStore` port (lambdas/search/search-snapshot.ts) on S3 (@aws-sdk/client-s3):
 * - `search-snapshots/v/<version>.json.gz`: one snapshot (gzip'd JSON, written once per version);
 * - `search-snapshots/latest.json`: the pointer, `{ "version": "7" }`, written after the snapshot
 *   it names, so a reader never follows it to missing bytes.
 * Locally the same adapter speaks to the s3rver stand-in (infra/local/s3-stand-in.ts).
 * @throws the SDK's errors, except a missing key (NoSuchKey → null).
 */
import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../config';
import type { SearchSnapshotStore } from '../search/search-snapshot';

export const SNAPSHOT_PREFIX = 'search-snapshots/';
const POINTER_KEY = `${SNAPSHOT_PREFIX}latest.json`;
/** Versions are the catalog's decimal counter (lambdas/storage/catalog-version.ts). */
const VERSION_PATTERN = /^\d{1,20}$/;

const versionKey = (version: string): string => {
  if (!VERSION_PATTERN.test(version)) throw new Error(`Not a catalog version: ${JSON.stringify(version)}`);
  return `${SNAPSHOT_PREFIX}v/${version}.json.gz`;
};

export const createS3SearchSnapshots = (s3: S3Client, bucket: string): SearchSnapshotStore => {
  const get = async (key: string): Promise<Uint8Array | null> => {
    try {
      const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return object.Body === undefined ? null : await object.Body.transformToByteArray();
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      throw error;
    }
  };
  return {
    async latest() {
      const pointer = await get(POINTER_KEY);
      if (pointer === null) return null;
      try {
        const version = (JSON.parse(Buffer.from(pointer).toString('utf8')) as { version?: unknown }).version;
        return typeof version === 'string' && VERSION_PATTERN.test(version) ? version : null;
      } catch {
        return null;
      }
    },
    read: (version) => get(versionKey(version)),
    async write(version, data) {
      await s3.send(new PutObjectCommand({ Bucket: bucket, Key: versionKey(version), Body: data, ContentType: 'application/gzip' }));
      await s3.send(new PutObjectCommand({ Bucket: bucket, Key: POINTER_KEY, Body: JSON.stringify({ version }), ContentType: 'application/json', CacheControl: 'no-cache' }));
    },
  };
};

/** The configured snapshot store (SEARCH_SNAPSHOT_BUCKET, S3_ENDPOINT), or undefined when none is. */
export const searchSnapshotsFromConfig = (config: Pick<Config, 'region' | 'searchSnapshots'>): SearchSnapshotStore | undefined => {
  const settings = config.searchSnapshots;
  if (settings === null) return undefined;
  const s3 = new S3Client({
    region: config.region,
    ...(settings.endpoint === undefined ? {} : { endpoint: settings.endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } }),
  });
  return createS3SearchSnapshots(s3, settings.bucket);
};
