/**
 * The `LogoStore` port (shared/companies/logo-store.ts) on S3 (@aws-sdk/client-s3): one object
 * per logo at `logos/<key>` in `bucket`, with its Content-Type and a year's immutable
 * Cache-Control, so CloudFront's `/logos/*` behaviour (infra/aws/constructs/web.ts) serves it as
 * stored. @throws the SDK's errors, except a missing key (NoSuchKey → null).
 */
import { GetObjectCommand, NoSuchKey, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { LOGO_CONTENT_TYPES, LOGO_KEY_PATTERN, type LogoStore, type StoredLogo } from '../../shared/companies/logo-store';
import { LOGO_CACHE_CONTROL } from './serve-logo';

export const createS3LogoStore = (s3: S3Client, bucket: string): LogoStore => ({
  async put(key, logo) {
    if (!LOGO_KEY_PATTERN.test(key)) throw new Error(`Not a logo key: ${JSON.stringify(key)}`);
    await s3.send(
      new PutObjectCommand({ Bucket: bucket, Key: `logos/${key}`, Body: logo.bytes, ContentType: logo.contentType, CacheControl: LOGO_CACHE_CONTROL }),
    );
  },
  async get(key): Promise<StoredLogo | null> {
    if (!LOGO_KEY_PATTERN.test(key)) return null;
    try {
      const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: `logos/${key}` }));
      const contentType = LOGO_CONTENT_TYPES.find((known) => known === object.ContentType);
      if (contentType === undefined || object.Body === undefined) return null;
      return { bytes: await object.Body.transformToByteArray(), contentType };
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      throw error;
    }
  },
});
