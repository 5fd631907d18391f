/**
 * The render function: every page of the site, server-rendered, behind CloudFront (its default
 * behaviour; the SPA's hashed files under /assets/ stay on S3). A Lambda function URL event
 * (payload 2.0) → the page's HTML with its status (200, 404, 410, 503) and Cache-Control
 * (`s-maxage` + `stale-while-revalidate`, which CloudFront honours; see
 * frontend/src/entry-server.tsx).
 *
 * The page's loaders call the API the way the browser does, at the site's own origin
 * (`https://<the viewer's host>/api/...`, through CloudFront and its origin check): the viewer's
 * host arrives in `x-forwarded-host`, set by the behaviour's viewer-request CloudFront Function
 * (the function URL needs its own Host). The site build (frontend/dist: index.html, the Vite
 * manifest and the server build) is copied beside this bundle as `site/` (infra/aws/constructs/web.ts).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { loadPageRenderer, type PageRenderer } from '../render/page-renderer';

/** Where the site build sits in the deployed bundle. */
const SITE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'site');

let renderer: Promise<PageRenderer> | null = null;

/** The page request as the viewer made it: `https://<host><path>?<query>`, GET or HEAD. */
const pageRequest = (event: APIGatewayProxyEventV2): Request => {
  const host = event.headers['x-forwarded-host'] ?? event.requestContext.domainName;
  const query = event.rawQueryString ? `?${event.rawQueryString}` : '';
  return new Request(`https://${host}${event.rawPath}${query}`, { method: event.requestContext.http.method === 'HEAD' ? 'HEAD' : 'GET' });
};

export const handler = async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
  const method = event.requestContext.http.method;
  if (method !== 'GET' && method !== 'HEAD') {
    return { statusCode: 405, headers: { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }, body: 'Method Not Allowed' };
  }
  const request = pageRequest(event);
  renderer ??= loadPageRenderer(SITE_DIR, new URL(request.url).origin);
  const page = await (await renderer)(request);
  return { statusCode: page.status, headers: page.headers, body: method === 'HEAD' ? '' : page.body };
};
