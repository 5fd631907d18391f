/**
 * The `SearchSnapshotStore` port (lambdas/search/search-snapshot.ts) on S3:
 * - `search-snapshots/v/<version>.index.gz`: one snapshot (a gzip'd job index image, written once per version);
 * - `search-snapshots/latest.json`: the pointer, `{ "version": "7", "format": 2 }`, written after the
 *   snapshot it names, so a reader never follows it to missing bytes. A pointer to a snapshot of
 *   another format (SNAPSHOT_FORMAT) reads as none: readers list from storage, and the builder
 *   writes the version again in this code's format instead of finding it current.
 * Locally the same adapter speaks to the s3rver stand-in (infra/local/s3-stand-in.ts).
 *
 * Plain S3 REST GET and PUT object requests (https://docs.aws.amazon.com/AmazonS3/latest/API/API_GetObject.html,
 * API_PutObject.html) over fetch, signed with Signature Version 4 by @smithy/signature-v4 (the
 * AWS SDK's own signer), rather than @aws-sdk/client-s3: the S3 client brings every S3 shape's
 * schema and its endpoint rules, about 30 KB gzipped in each API function that only reads.
 * Credentials: the AWS SDK's default chain (on Lambda, the role's environment variables).
 * @throws Error naming the status and S3's error code for any failure but a missing key (404 → null).
 */
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { Sha256 } from '@smithy/core/checksum';
import { SignatureV4 } from '@smithy/signature-v4';
import type { Config } from '../config';
import { SNAPSHOT_FORMAT, type SearchSnapshotStore } from '../search/search-snapshot';

export const SNAPSHOT_PREFIX = 'search-snapshots/';
const POINTER_KEY = `${SNAPSHOT_PREFIX}latest.json`;
/** Versions are the catalog's decimal counter (lambdas/storage/catalog-version.ts). */
const VERSION_PATTERN = /^\d{1,20}$/;

const versionKey = (version: string): string => {
  if (!VERSION_PATTERN.test(version)) throw new Error(`Not a catalog version: ${JSON.stringify(version)}`);
  return `${SNAPSHOT_PREFIX}v/${version}.index.gz`;
};

/** Signs and sends one object request: `key`'s URL, the method, headers and body. Returns the response. */
export type S3ObjectRequest = (method: 'GET' | 'PUT', key: string, options?: { body?: Uint8Array; headers?: Record<string, string> }) => Promise<Response>;

/**
 * Object requests on `bucket`: virtual-hosted on AWS's regional endpoint, or path-style on
 * `endpoint` (the s3rver stand-in, which takes any request signed with its S3RVER key).
 */
export const s3ObjectRequests = (options: { region: string; bucket: string; endpoint?: string }): S3ObjectRequest => {
  const local = options.endpoint !== undefined;
  const base = local ? `${options.endpoint!.replace(/\/$/, '')}/${options.bucket}/` : `https://${options.bucket}.s3.${options.region}.amazonaws.com/`;
  const signer = new SignatureV4({
    service: 's3',
    region: options.region,
    sha256: Sha256,
    // S3 signs the path as sent, not escaped a second time.
    uriEscapePath: false,
    credentials: local ? { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } : defaultProvider(),
  });
  return async (method, key, { body, headers = {} } = {}) => {
    const url = new URL(key, base);
    const signed = await signer.sign({
      method,
      protocol: url.protocol,
      hostname: url.hostname,
      port: url.port === '' ? undefined : Number(url.port),
      path: url.pathname,
      query: {},
      headers: { ...headers, host: url.host, ...(body === undefined ? {} : { 'content-length': String(body.byteLength) }) },
      body,
    });
    // fetch sets Host and Content-Length itself, to the values signed above.
    const { host: _host, 'content-length': _length, ...sent } = signed.headers;
    // A snapshot's bytes are never in a SharedArrayBuffer (gzipSync's Buffer, or the pointer's).
    return fetch(url, { method, headers: sent, ...(body === undefined ? {} : { body: body as Uint8Array<ArrayBuffer> }) });
  };
};

/** S3's error code from its XML error body (e.g. AccessDenied), or the status text. */
const failure = async (response: Response, what: string): Promise<Error> => {
  const code = /<Code>([^<]{1,100})<\/Code>/.exec(await response.text())?.[1] ?? response.statusText;
  return new Error(`S3 ${what}: ${response.status} ${code}`);
};

export const createS3SearchSnapshots = (send: S3ObjectRequest): SearchSnapshotStore => {
  const get = async (key: string): Promise<Uint8Array | null> => {
    const response = await send('GET', key);
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) throw await failure(response, `GET ${key}`);
    return new Uint8Array(await response.arrayBuffer());
  };
  const put = async (key: string, body: Uint8Array, headers: Record<string, string>): Promise<void> => {
    const response = await send('PUT', key, { body, headers });
    if (!response.ok) throw await failure(response, `PUT ${key}`);
    await response.body?.cancel();
  };
  return {
    async latest() {
      const pointer = await get(POINTER_KEY);
      if (pointer === null) return null;
      try {
        const { version, format } = JSON.parse(Buffer.from(pointer).toString('utf8')) as { version?: unknown; format?: unknown };
        return typeof version === 'string' && VERSION_PATTERN.test(version) && format === SNAPSHOT_FORMAT ? version : null;
      } catch {
        return null;
      }
    },
    read: (version) => get(versionKey(version)),
    async write(version, data) {
      await put(versionKey(version), data, { 'content-type': 'application/gzip' });
      await put(POINTER_KEY, Buffer.from(JSON.stringify({ version, format: SNAPSHOT_FORMAT })), { 'content-type': 'application/json', 'cache-control': 'no-cache' });
    },
  };
};

/** The configured snapshot store (SEARCH_SNAPSHOT_BUCKET, S3_ENDPOINT), or undefined when none is. */
export const searchSnapshotsFromConfig = (config: Pick<Config, 'region' | 'searchSnapshots'>): SearchSnapshotStore | undefined => {
  const settings = config.searchSnapshots;
  if (settings === null) return undefined;
  return createS3SearchSnapshots(s3ObjectRequests({ region: config.region, bucket: settings.bucket, endpoint: settings.endpoint }));
};
