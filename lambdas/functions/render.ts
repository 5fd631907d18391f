/**
 * The render function: every page of the site, server-rendered, behind CloudFront (its default
 * behaviour; the SPA's hashed files under /assets/ stay on S3). A Lambda function URL event
 * (payload 2.0, route key `$default`) → the page's HTML with its status (200, 404, 410, 503) and
 * Cache-Control (`s-maxage` + `stale-while-revalidate`, which CloudFront honours; see
 * frontend/src/entry-server.tsx).
 *
 * It runs in the one HTTP middy chain (lambdas/http/http-handler.ts) like every other function:
 * Powertools logger context and X-Ray subsegment, body limits, one error shape (a failure is
 * `{"message": ...}` with its status, logged once with its details). The function URL is reached
 * only through CloudFront's origin access control (IAM), so there is no origin secret to check.
 * Methods other than GET and HEAD get 405 with `Allow`. Pages go out compressed for the viewer's
 * Accept-Encoding (which the page cache policy forwards and keys on) by ../render/page-encoding.ts:
 * Brotli at its smallest for the pages CloudFront keeps, which it then serves as they are.
 *
 * The page's loaders call the API the way the browser does, at the site's own origin
 * (`https://<the viewer's host>/api/...`, through CloudFront and its origin check): the viewer's
 * host arrives in `x-forwarded-host`, set by the behaviour's viewer-request CloudFront Function
 * (the function URL needs its own Host). The site build (frontend/dist: index.html, the Vite
 * manifest and the server build) is copied beside this bundle as `site/` (infra/aws/constructs/web.ts).
 * The renderer is loaded on the first request; a load that fails fails that request (500) and
 * the next request tries again (a rejected load is never kept).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHttpHandler, type ApiEvent, type HttpHandler, type HttpHandlerOptions } from '../http/http-handler';
import { jsonResponse } from '../http/responses';
import { createLogger } from '../observability/log';
import { encodePage } from '../render/page-encoding';
import { loadPageRenderer, type PageRenderer } from '../render/page-renderer';
import { onFirstCall } from './on-first-call';

/** Where the site build sits in the deployed bundle. */
const SITE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'site');

/** The route key API Gateway and function URLs give an event that no route table chose. */
export const RENDER_ROUTE_KEY = '$default';

/** Loads the page renderer for the site at `origin` (e.g. "https://jobs.example.com"). @throws when the build cannot be loaded. */
export type LoadRenderer = (origin: string) => Promise<PageRenderer>;

/** The page request as the viewer made it: `https://<host><path>?<query>`, GET or HEAD. */
const pageRequest = (event: ApiEvent): Request => {
  const host = event.headers?.['x-forwarded-host'] ?? event.requestContext.domainName;
  const query = event.rawQueryString ? `?${event.rawQueryString}` : '';
  return new Request(`https://${host}${event.rawPath}${query}`, { method: event.requestContext.http.method === 'HEAD' ? 'HEAD' : 'GET' });
};

/** `load`, called once and kept while it succeeds; a rejected load is dropped so the next call tries again. */
const retryingLoad = (load: LoadRenderer): LoadRenderer => {
  let loading: Promise<PageRenderer> | null = null;
  return (origin) => {
    loading ??= load(origin).catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
};

/** The render function over a renderer loader (tests give their own). */
export const createRenderHandler = (load: LoadRenderer, options: HttpHandlerOptions = {}): HttpHandler => {
  const renderer = retryingLoad(load);
  return createHttpHandler(
    {
      [RENDER_ROUTE_KEY]: {
        cache: 'none',
        kind: 'page',
        handle: async (event) => {
          const method = event.requestContext.http.method;
          if (method !== 'GET' && method !== 'HEAD') {
            const refused = jsonResponse(405, { message: 'Method Not Allowed' });
            refused.headers.allow = 'GET, HEAD';
            return refused;
          }
          const request = pageRequest(event);
          const page = encodePage(await (await renderer(new URL(request.url).origin))(request), event.headers?.['accept-encoding']);
          if (method === 'HEAD') return { statusCode: page.status, headers: page.headers, body: '' };
          const encoded = page.headers['content-encoding'] !== undefined;
          return { statusCode: page.status, headers: page.headers, body: page.body.toString(encoded ? 'base64' : 'utf8'), isBase64Encoded: encoded };
        },
      },
    },
    { originSecret: null, ...options },
  );
};

/** Lambda entry point (function URL, payload 2.0). */
export const handler: HttpHandler = onFirstCall(() => createRenderHandler((origin) => loadPageRenderer(SITE_DIR, origin), { logger: createLogger() }));
