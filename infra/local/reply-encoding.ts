/**
 * What the local server does to an API answer on its way out, as CloudFront does on AWS:
 *
 * - a GET whose `If-None-Match` names the answer's `ETag` gets 304 with no body (RFC 9110 §13.1.2);
 * - a text answer (JSON, HTML, XML, feeds, plain text) of 1 KB or more is compressed when the
 *   client accepts it: Brotli (quality 5, fast enough per request) before gzip, with
 *   `Content-Encoding` and `Vary: Accept-Encoding`.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { IncomingHttpHeaders } from 'node:http';

export interface EncodableReply {
  statusCode: number;
  headers: Record<string, string | string[]>;
  /** Bytes, or text to be sent as UTF-8. */
  body: Buffer | string;
}

const COMPRESSIBLE = /^(text\/|application\/(json|[\w.+-]+\+json|xml|[\w.+-]+\+xml|javascript))/i;
const MIN_BYTES = 1024;

const NONE = new Set<string>();

/** The encodings a client accepts (q > 0), from its Accept-Encoding header. */
const accepted = (header: string | undefined): Set<string> =>
  header === undefined ? NONE : new Set(
    header
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, q]) => q === undefined || Number.parseFloat(q.replace(/^\s*q=/, '')) > 0)
      .map(([name]) => name!.trim()),
  );

const etagMatches = (ifNoneMatch: string | undefined, etag: string): boolean =>
  ifNoneMatch !== undefined && ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === etag.replace(/^W\//, ''));

/** `reply` as sent to a client that asked `request` (see the module). */
export const encodeReply = (reply: EncodableReply, request: { method?: string | undefined; headers: IncomingHttpHeaders }): EncodableReply => {
  const etag = reply.headers.etag;
  if (typeof etag === 'string' && reply.statusCode === 200 && (request.method === 'GET' || request.method === 'HEAD') && etagMatches(request.headers['if-none-match'], etag)) {
    const { 'content-type': _type, ...headers } = reply.headers;
    return { statusCode: 304, headers, body: '' };
  }
  const type = reply.headers['content-type'];
  // A text is at least as many UTF-8 bytes as UTF-16 units: its byte length is only counted when short.
  const short = typeof reply.body === 'string' && reply.body.length >= MIN_BYTES ? false : Buffer.byteLength(reply.body) < MIN_BYTES;
  if (short || typeof type !== 'string' || !COMPRESSIBLE.test(type) || reply.headers['content-encoding'] !== undefined) return reply;
  const encodings = accepted(request.headers['accept-encoding']);
  const headers = { ...reply.headers, vary: 'accept-encoding' };
  if (encodings.has('br')) {
    const body = brotliCompressSync(reply.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(reply.body) } });
    return { ...reply, headers: { ...headers, 'content-encoding': 'br' }, body };
  }
  if (encodings.has('gzip')) return { ...reply, headers: { ...headers, 'content-encoding': 'gzip' }, body: gzipSync(reply.body, { level: 6 }) };
  return { ...reply, headers };
};
