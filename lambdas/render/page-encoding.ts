/**
 * A rendered page compressed for the client that asked for it, as the render function sends it
 * to CloudFront and the local server to the browser: `encodePage(page, acceptEncoding)`.
 *
 *   encodePage({ status: 200, headers: { 'cache-control': PAGE_CACHE_CONTROL, … }, body: html }, 'gzip, br')
 *   // → { status: 200, headers: { …, 'content-encoding': 'br', vary: 'Accept-Encoding' }, body: <Buffer> }
 *
 * - Brotli when the client accepts `br`, else gzip when it accepts `gzip` (RFC 9110 §12.5.3;
 *   `;q=0` refuses), else the HTML as UTF-8 bytes. Bodies under 1 KB (a redirect's) go as they are.
 * - The quality follows who keeps the result. A page the edge keeps (its Cache-Control has
 *   `s-maxage`: CloudFront's page cache policy keys on the encoding, so each encoding is made
 *   once per edge and refresh and then served many times) gets the smallest: Brotli quality 11,
 *   gzip level 9; past 256 KB of HTML Brotli 9, as quality 11's time grows faster than the page
 *   (the 4 MB /jobs/api page: 10.5 s at 11, 0.3 s at 9, measured under load). A page nobody keeps (`no-store`: a failure) is compressed on every request and
 *   gets the fast settings: Brotli 4, gzip 6. CloudFront passes an origin's Content-Encoding
 *   through rather than compressing again, so these are the bytes visitors receive.
 *   Measured by `npm run bench:page-weight` (README, "Page weight"): on the 60 KB company page
 *   Brotli 11 is about 20% smaller than gzip 9, where Brotli 4 was about gzip's size.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { RenderedPage } from './page-renderer';

/** Compression settings for a page the edge keeps, and for one compressed per request. */
export const PAGE_COMPRESSION = {
  cached: { brotliQuality: 11, gzipLevel: 9 },
  cachedLarge: { brotliQuality: 9, gzipLevel: 9 },
  uncached: { brotliQuality: 4, gzipLevel: 6 },
} as const;

/** Bytes of HTML beyond which a kept page gets `cachedLarge`. */
export const LARGE_PAGE_BYTES = 256 * 1024;

const MIN_BYTES = 1024;

export type PageEncoding = 'br' | 'gzip' | null;

export interface EncodedPage {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** The encoding to send for an Accept-Encoding header: 'br', else 'gzip', else null. */
export const pageEncoding = (acceptEncoding: string | undefined): PageEncoding => {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, q]) => q === undefined || Number.parseFloat(q.replace(/^\s*q=/, '')) > 0)
      .map(([name]) => name!.trim()),
  );
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
};

/** Whether the edge keeps `page` (its Cache-Control names a shared-cache lifetime). */
export const isCachedPage = (page: Pick<RenderedPage, 'headers'>): boolean => /\bs-maxage=\d*[1-9]/.test(page.headers['cache-control'] ?? '');

/** `html` compressed as `encoding` with the settings for a kept (`cached`) or per-request page. */
export const compressPage = (html: string | Buffer, encoding: 'br' | 'gzip', cached: boolean): Buffer => {
  const raw = typeof html === 'string' ? Buffer.from(html) : html;
  const settings = PAGE_COMPRESSION[!cached ? 'uncached' : raw.length > LARGE_PAGE_BYTES ? 'cachedLarge' : 'cached'];
  return encoding === 'br'
    ? brotliCompressSync(raw, {
        params: { [constants.BROTLI_PARAM_QUALITY]: settings.brotliQuality, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
      })
    : gzipSync(raw, { level: settings.gzipLevel });
};

/** `page` as sent to a client whose Accept-Encoding is `acceptEncoding` (see the module). */
export const encodePage = (page: RenderedPage, acceptEncoding: string | undefined): EncodedPage => {
  const raw = Buffer.from(page.body);
  const encoding = raw.length < MIN_BYTES ? null : pageEncoding(acceptEncoding);
  const headers = { ...page.headers, vary: 'Accept-Encoding' };
  if (encoding === null) return { status: page.status, headers, body: raw };
  return { status: page.status, headers: { ...headers, 'content-encoding': encoding }, body: compressPage(raw, encoding, isCachedPage(page)) };
};
