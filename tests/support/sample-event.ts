/**
 * Payload-2.0 events for tests, built on a real captured one
 * (aws-powertools/powertools-lambda-typescript@1e5fe1b4:tests/events, MIT-0;
 * here ../shared/data/aws/events/apigw-http_no-auth.json) with our route, path, parameters
 * and body put in, as API Gateway would.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { readConfig } from '../../lambdas/config';

let sample: APIGatewayProxyEventV2 | undefined;

const loadSample = (): APIGatewayProxyEventV2 =>
  (sample ??= JSON.parse(
    readFileSync(path.join(readConfig({}).sharedDataDir, 'aws/events/apigw-http_no-auth.json'), 'utf8'),
  ) as APIGatewayProxyEventV2);

export interface SampleEventParts {
  /** The path as requested, e.g. "/jobs/Cohere/ml-engineer-1"; defaults to the route's path. */
  rawPath?: string;
  pathParameters?: Record<string, string>;
  /** The raw body as sent (JSON text), or an object to serialise. */
  body?: string | object;
  headers?: Record<string, string>;
}

/** A payload-2.0 event for `routeKey` (e.g. "POST /jobs") as API Gateway would send it. */
export const sampleEvent = (routeKey: string, parts: SampleEventParts = {}): APIGatewayProxyEventV2 => {
  const base = loadSample();
  const [method = 'GET', routePath = '/'] = routeKey.split(' ');
  const rawPath = parts.rawPath ?? routePath;
  const body = parts.body === undefined ? undefined : typeof parts.body === 'string' ? parts.body : JSON.stringify(parts.body);
  return {
    ...base,
    routeKey,
    rawPath,
    headers: { ...base.headers, ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }), ...parts.headers },
    ...(parts.pathParameters === undefined ? {} : { pathParameters: parts.pathParameters }),
    ...(body === undefined ? {} : { body }),
    requestContext: { ...base.requestContext, routeKey, http: { ...base.requestContext.http, method, path: rawPath } },
    isBase64Encoded: false,
  };
};
