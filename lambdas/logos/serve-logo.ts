/**
 * `GET /logos/<key>` on the local server (on AWS CloudFront serves the S3 objects directly):
 * the stored bytes with their Content-Type, `nosniff`, and a year's immutable caching (a new
 * logo gets a new key); 404 `{"message"}` for an unknown or malformed key, 405 for other methods.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LogoStore } from '../../shared/companies/logo-store';

export const LOGO_PATH_PREFIX = '/logos/';
export const LOGO_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const answer = (res: ServerResponse, status: number, message: string): void => {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ message }));
};

export const createLogoHandler =
  (store: LogoStore) =>
  async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return answer(res, 405, 'Logos are read with GET');
    const key = (req.url ?? '').split('?')[0]!.slice(LOGO_PATH_PREFIX.length);
    try {
      const logo = await store.get(key);
      if (logo === null) return answer(res, 404, `No logo ${key}`);
      res.writeHead(200, {
        'content-type': logo.contentType,
        'content-length': String(logo.bytes.length),
        'cache-control': LOGO_CACHE_CONTROL,
        'x-content-type-options': 'nosniff',
      });
      res.end(req.method === 'HEAD' ? undefined : Buffer.from(logo.bytes));
    } catch {
      answer(res, 503, 'Logos are unavailable right now');
    }
  };
