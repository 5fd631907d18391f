/**
 * The site's origin as the client reached it ("https://jobs.example.com"), for links in answers
 * (feeds, the MCP tools' job pages): CloudFront's X-Forwarded-Host (set by the viewer-request
 * function of the site-root behaviours, infra/aws/constructs/web.ts) or Host; https unless the
 * host is local or CloudFront says the viewer used http. A host that is not a plain
 * "name[:port]" is taken as "localhost".
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

export const siteOrigin = (event: Pick<APIGatewayProxyEventV2, 'headers'>): string => {
  const headers = event.headers ?? {};
  const host = headers['x-forwarded-host'] ?? headers.host ?? 'localhost';
  const safeHost = /^[a-z0-9.-]+(:\d{1,5})?$/i.test(host) ? host : 'localhost';
  const local = /^(localhost|127\.0\.0\.1)(:|$)/.test(safeHost);
  const proto = headers['cloudfront-forwarded-proto'] ?? headers['x-forwarded-proto'] ?? (local ? 'http' : 'https');
  return `${proto === 'http' ? 'http' : 'https'}://${safeHost}`;
};
