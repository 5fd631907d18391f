/**
 * The crawler's HTTP client: the `Fetcher` port (shared/sources/source.ts) on undici 7.30.2.
 *
 * `createHttpFetcher(options)` → `{ get(url, { accept }), close() }`. Every request:
 * - carries the identifying User-Agent (`options.userAgent`, "LatentJobsBot/1.0 (+contact URL)");
 * - goes through the address guard (address-guard.ts): the URL is checked before the request
 *   and before each redirect (followed by hand, at most `maxRedirects`), and the peer address is
 *   checked at connection time, so only public addresses (or allowlisted test hosts) are reached;
 * - is paced per site (host-pacer.ts);
 * - must finish within `timeoutMs` (connect, headers and body together) and may carry at most
 *   `maxBytes` of body, decompressed (gzip, deflate, br are accepted and counted after
 *   decompression): a larger Content-Length is refused before reading, a longer stream is
 *   aborted as soon as it passes the cap;
 * - on 429 or 503 waits for Retry-After (else 1 s, 2 s, ...) and tries again, at most `retries`
 *   times; a Retry-After longer than `maxRetryAfterMs` fails at once. The wait holds back every
 *   request to that site.
 *
 * - is a POST of `jsonBody` (application/json) when one is given (Workday's jobs API); a redirect
 *   is followed with a GET.
 *
 * Result: `{ url (final), status (2xx), contentType, body (UTF-8 text) }`.
 *
 * `createCrawlFetcher(crawlConfig, overrides?)`: the client the crawl settings describe
 * (lambdas/config.ts CrawlConfig: User-Agent, allowlisted test hosts, timeout, size cap, pacing,
 * retries), written once for every caller (the crawler, the ECB rates refresh, `npm run companies`).
 * @throws FetchFailure: 'blocked' (refused address or scheme), 'redirect' (too many, or no
 * Location), 'not-found' (404, 410), 'http' (other non-2xx, or 429/503 after the retries),
 * 'timeout', 'too-large', 'network' (DNS, connection reset, TLS...).
 */
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Readable } from 'node:stream';
import { Agent, request, errors as undiciErrors } from 'undici';
import { FetchFailure, type FetchedResponse, type Fetcher, type FetchOptions } from '../../shared/sources/source';
import type { CrawlConfig } from '../config';
import { checkUrl, guardedConnector, policyFromList, type AddressPolicy } from './address-guard';
import { HostPacer } from './host-pacer';
import type { FetchedBytes } from '../logos/refresh-logo';
import { retryAfterMs } from './retry-after';

export interface HttpFetcherOptions {
  userAgent: string;
  policy: AddressPolicy;
  timeoutMs: number;
  maxBytes: number;
  /** Requests in flight per site, and least ms between request starts to one site (0 = off). */
  hostConcurrency: number;
  hostIntervalMs: number;
  /** Longest Retry-After waited for, in ms. */
  maxRetryAfterMs: number;
  /** Retries after a 429 or 503. */
  retries: number;
  /** Redirects followed (default 5). */
  maxRedirects?: number;
}

export interface HttpFetcher extends Fetcher {
  /**
   * The same guarded GET as `get`, the body kept as bytes and capped at `maxBytes` (at most the
   * client's own cap): for images (company logos). @throws FetchFailure as `get`.
   */
  getBytes(url: string, options: { accept: string; maxBytes: number }): Promise<FetchedBytes>;
  /** Closes the connection pool. */
  close(): Promise<void>;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const header = (headers: Record<string, string | string[] | undefined>, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const decoderFor = (encoding: string | undefined) => {
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      return null;
  }
};

/** Drops a body not to be read: destroyed, its abort error (emitted as 'error') swallowed. */
const discard = (body: Readable): void => {
  body.on('error', () => undefined);
  body.destroy();
};

/** Reads a body stream up to `maxBytes` (after decompression); destroys it and throws past the cap. */
const readCapped = async (body: Readable, encoding: string | undefined, maxBytes: number, url: string): Promise<Buffer> => {
  const decoder = decoderFor(encoding);
  const stream: Readable = decoder === null ? body : body.pipe(decoder);
  if (decoder !== null) body.on('error', (error) => decoder.destroy(error));
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream) {
      const buffer = chunk as Buffer;
      total += buffer.length;
      if (total > maxBytes) throw new FetchFailure('too-large', `response of ${url} passed the ${maxBytes}-byte cap: aborted`);
      chunks.push(buffer);
    }
  } finally {
    if (total > maxBytes || !stream.readableEnded) {
      discard(body);
      if (stream !== body) discard(stream);
    }
  }
  return Buffer.concat(chunks);
};

/** Maps undici's and node's errors to FetchFailure. */
const asFailure = (error: unknown, url: string, timeoutMs: number, timedOut: boolean): FetchFailure => {
  if (error instanceof FetchFailure) return error;
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof FetchFailure) return cause;
  if (
    timedOut ||
    error instanceof undiciErrors.ConnectTimeoutError ||
    error instanceof undiciErrors.HeadersTimeoutError ||
    error instanceof undiciErrors.BodyTimeoutError
  ) {
    return new FetchFailure('timeout', `no complete response from ${url} within ${timeoutMs} ms`);
  }
  const code = (error as NodeJS.ErrnoException).code ?? (cause as NodeJS.ErrnoException | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return new FetchFailure('network', `request to ${url} failed: ${code ?? message}`);
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Builds the client; see the module comment. */
export const createHttpFetcher = (options: HttpFetcherOptions): HttpFetcher => {
  const { policy, timeoutMs, maxBytes } = options;
  const maxRedirects = options.maxRedirects ?? 5;
  const agent = new Agent({
    connect: guardedConnector(policy, timeoutMs),
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connections: Math.max(4, options.hostConcurrency * 2),
  });
  const pacer = new HostPacer({ concurrency: options.hostConcurrency, intervalMs: options.hostIntervalMs });

  type Answer = { kind: 'body'; response: FetchedBytes } | { kind: 'redirect'; location: string } | { kind: 'retry'; status: number; retryAfter: number | null };

  /** One request, no redirect or retry handled: the body (2xx), a redirect target, or a retryable status. */
  const once = (url: URL, accept: string, cap: number, jsonBody?: string): Promise<Answer> =>
    pacer.schedule(url, async () => {
      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeoutMs);
      try {
        const response = await request(url, {
          dispatcher: agent,
          method: jsonBody === undefined ? 'GET' : 'POST',
          headers: { 'user-agent': options.userAgent, accept, 'accept-encoding': 'gzip, deflate, br', ...(jsonBody === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(jsonBody === undefined ? {} : { body: jsonBody }),
          signal: controller.signal,
        });
        const { statusCode, headers } = response;
        if (statusCode >= 200 && statusCode < 300) {
          const length = Number(header(headers, 'content-length'));
          if (Number.isFinite(length) && length > cap && header(headers, 'content-encoding') === undefined) {
            discard(response.body);
            throw new FetchFailure('too-large', `response of ${url.href} declares ${length} bytes, over the ${cap}-byte cap`);
          }
          const bytes = await readCapped(response.body, header(headers, 'content-encoding'), cap, url.href);
          return { kind: 'body', response: { url: url.href, status: statusCode, contentType: header(headers, 'content-type') ?? null, bytes } };
        }
        discard(response.body);
        if (REDIRECTS.has(statusCode)) {
          const location = header(headers, 'location');
          if (!location) throw new FetchFailure('redirect', `${url.href} answered ${statusCode} without a Location`);
          return { kind: 'redirect', location };
        }
        if (statusCode === 429 || statusCode === 503) {
          return { kind: 'retry', status: statusCode, retryAfter: retryAfterMs(headers['retry-after'], Date.now()) };
        }
        if (statusCode === 404 || statusCode === 410) throw new FetchFailure('not-found', `${url.href} answered HTTP ${statusCode}`, statusCode);
        throw new FetchFailure('http', `${url.href} answered HTTP ${statusCode}`, statusCode);
      } catch (error) {
        throw asFailure(error, url.href, timeoutMs, timedOut);
      } finally {
        clearTimeout(timer);
      }
    });

  const fetchBytes = async (value: string, fetchOptions: FetchOptions, cap: number): Promise<FetchedBytes> => {
    const accept = fetchOptions.accept ?? 'application/json';
    let url = checkUrl(value, policy);
    let redirects = 0;
    let retries = 0;
    for (;;) {
      const answer = await once(url, accept, cap, redirects === 0 ? fetchOptions.jsonBody : undefined);
      if (answer.kind === 'body') return answer.response;
      if (answer.kind === 'redirect') {
        redirects += 1;
        if (redirects > maxRedirects) throw new FetchFailure('redirect', `more than ${maxRedirects} redirects from ${value}`);
        url = checkUrl(new URL(answer.location, url), policy);
        continue;
      }
      const wait = answer.retryAfter ?? 1000 * (retries + 1);
      if (answer.retryAfter !== null && answer.retryAfter > options.maxRetryAfterMs) {
        throw new FetchFailure('http', `${url.href} answered HTTP ${answer.status} with Retry-After ${Math.round(answer.retryAfter / 1000)} s, over the ${Math.round(options.maxRetryAfterMs / 1000)} s bound`, answer.status);
      }
      if (retries >= options.retries) {
        throw new FetchFailure('http', `${url.href} answered HTTP ${answer.status} ${retries + 1} times (Retry-After honoured)`, answer.status);
      }
      retries += 1;
      pacer.delaySite(url, wait);
      await sleep(wait);
    }
  };

  const get = async (value: string, fetchOptions: FetchOptions = {}): Promise<FetchedResponse> => {
    const { bytes, ...response } = await fetchBytes(value, fetchOptions, maxBytes);
    return { ...response, body: bytes.toString('utf8') };
  };

  const getBytes = (value: string, byteOptions: { accept: string; maxBytes: number }): Promise<FetchedBytes> =>
    fetchBytes(value, { accept: byteOptions.accept }, Math.min(byteOptions.maxBytes, maxBytes));

  return { get, getBytes, close: () => agent.close() };
};

/** See the module comment; `overrides` replace single settings (e.g. no pacing for a one-off request). */
export const createCrawlFetcher = (crawl: CrawlConfig, overrides: Partial<HttpFetcherOptions> = {}): HttpFetcher =>
  createHttpFetcher({
    userAgent: crawl.userAgent,
    policy: policyFromList(crawl.allowHosts),
    timeoutMs: crawl.timeoutMs,
    maxBytes: crawl.maxBytes,
    hostConcurrency: crawl.hostConcurrency,
    hostIntervalMs: crawl.hostIntervalMs,
    maxRetryAfterMs: crawl.maxRetryAfterMs,
    retries: crawl.retries,
    ...overrides,
  });
