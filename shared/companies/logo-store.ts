/**
 * Company logos as we keep and serve them (issue 13.5): the `LogoStore` port, the logo key, and
 * what counts as a logo image.
 *
 * A logo is stored under a key made of the company key's and the bytes' digests
 * (`logoKey`, e.g. "3f9c…-a81b…"), so a new logo gets a new URL and `/logos/<key>` can be cached
 * for a year (immutable). Adapters: lambdas/logos/local-logo-store.ts (`.data/logos/`) and
 * lambdas/logos/s3-logo-store.ts (the logos S3 bucket CloudFront serves under `/logos/*`).
 *
 * Images are hostile input: only raster formats whose first bytes match the declared type are
 * kept (PNG, JPEG, GIF, WebP, ICO). SVG is refused: it can carry script, and a raster icon is
 * almost always declared too (`/favicon.ico` at least).
 */

/** A logo's bytes and its Content-Type (one of `LOGO_CONTENT_TYPES`). */
export interface StoredLogo {
  bytes: Uint8Array;
  contentType: LogoContentType;
}

/** Where logos are kept. @throws on a storage failure (never for a missing key: get → null). */
export interface LogoStore {
  put(key: string, logo: StoredLogo): Promise<void>;
  get(key: string): Promise<StoredLogo | null>;
}

export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/x-icon'] as const;
export type LogoContentType = (typeof LOGO_CONTENT_TYPES)[number];

/** Largest logo kept, in bytes (512 KiB). */
export const MAX_LOGO_BYTES = 512 * 1024;

/** The Accept header logo requests send. */
export const LOGO_ACCEPT = 'image/png, image/jpeg, image/gif, image/webp, image/x-icon, image/vnd.microsoft.icon;q=0.9';

/** A logo key: 1-100 of [0-9a-f-] (what `logoKey` makes); anything else is not ours. */
export const LOGO_KEY_PATTERN = /^[0-9a-f][0-9a-f-]{0,99}$/;

/** Declared Content-Type (parameters dropped) → the type we serve, or null when not an accepted image type. */
const DECLARED: Record<string, LogoContentType> = {
  'image/png': 'image/png',
  'image/jpeg': 'image/jpeg',
  'image/jpg': 'image/jpeg',
  'image/gif': 'image/gif',
  'image/webp': 'image/webp',
  'image/x-icon': 'image/x-icon',
  'image/vnd.microsoft.icon': 'image/x-icon',
  'image/ico': 'image/x-icon',
};

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

/** The format the first bytes show (file signatures: PNG spec §5.2, JFIF, GIF89a, RIFF/WEBP, ICO header), or null. */
const sniff = (bytes: Uint8Array): LogoContentType | null => {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'image/gif';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0x00]) && bytes.length > 6) return 'image/x-icon';
  return null;
};

/**
 * The logo these bytes are, or null: the declared Content-Type must be an accepted raster type
 * and the bytes must start like that format (a PNG served as image/x-icon is common and kept as
 * PNG); empty or over `MAX_LOGO_BYTES` → null. SVG and everything else → null.
 */
export const asLogo = (contentType: string | null, bytes: Uint8Array): StoredLogo | null => {
  const declared = DECLARED[(contentType ?? '').split(';')[0]!.trim().toLowerCase()];
  if (declared === undefined || bytes.length === 0 || bytes.length > MAX_LOGO_BYTES) return null;
  const actual = sniff(bytes);
  return actual === null ? null : { bytes, contentType: actual };
};

/** The public URL of a stored logo: `${siteUrl}/logos/<key>` (siteUrl without a trailing slash). */
export const logoUrl = (siteUrl: string, key: string): string => `${siteUrl}/logos/${key}`;

/** The key in one of our logo URLs, or null when `url` is not `${siteUrl}/logos/<key>`. */
export const logoKeyOf = (siteUrl: string, url: string | null): string | null => {
  const prefix = `${siteUrl}/logos/`;
  if (url === null || !url.startsWith(prefix)) return null;
  const key = url.slice(prefix.length);
  return LOGO_KEY_PATTERN.test(key) ? key : null;
};
