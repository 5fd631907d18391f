/**
 * Request body limits, checked first in the HTTP chain (http-handler.ts) for every route, before
 * the body is parsed or any route code runs (issue 23.1): a body that breaks one is answered 400
 * `{"message": ...}` saying which limit and what it is, and nothing else happens.
 *
 * - Size: at most `MAX_BODY_BYTES` (64 KiB) of decoded bytes, or a route's own `maxBodyBytes`
 *   (the Stripe webhook's signed events are larger). API Gateway itself allows 10 MB.
 * - Depth (JSON routes only): at most `MAX_JSON_DEPTH` (32) nested arrays or objects. Counted
 *   over the text without parsing or recursion (strings skipped, escapes honoured), so a body of
 *   thousands of `[` cannot overflow the stack of a parser or of any later `JSON.stringify`.
 *
 * The widest body a route takes today is a search (`POST /jobs`, depth 2, a few hundred bytes)
 * or a saved search; a Stripe event nests about 6 deep.
 */
import { BadRequestError } from '../../shared/errors';

/** Default largest request body, bytes after base64 decoding. */
export const MAX_BODY_BYTES = 64 * 1024;

/** Deepest nesting of arrays and objects in a JSON body. */
export const MAX_JSON_DEPTH = 32;

/** Bytes the body carries: UTF-8 length of a text body, decoded length of a base64 one. */
export const bodyBytes = (body: string, base64: boolean): number => {
  if (!base64) return Buffer.byteLength(body, 'utf8');
  const padding = body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0;
  return Math.floor((body.length * 3) / 4) - padding;
};

/**
 * The deepest nesting of `[` / `{` in JSON `text` (0 for a scalar), counted outside strings, or
 * `limit + 1` as soon as it passes `limit` (the rest is not read). Malformed text is counted as
 * far as it goes; the parser refuses it afterwards.
 */
export const jsonDepth = (text: string, limit = MAX_JSON_DEPTH): number => {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c) i += 1; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      depth += 1;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (char === 0x5d || char === 0x7d) depth -= 1;
  }
  return deepest;
};

export interface BodyLimits {
  maxBytes: number;
  /** Depth limit for JSON bodies; null for bodies not parsed as JSON here. */
  maxDepth: number | null;
}

/**
 * @throws BadRequestError (400) naming the limit a body breaks:
 *   "Request body is too large: at most 65536 bytes" or "Request body is nested too deeply: at most 32 levels".
 */
export const checkBody = (body: string | undefined, base64: boolean, limits: BodyLimits): void => {
  if (body === undefined || body === '') return;
  if (bodyBytes(body, base64) > limits.maxBytes) {
    throw new BadRequestError(`Request body is too large: at most ${limits.maxBytes} bytes`);
  }
  if (limits.maxDepth === null) return;
  const text = base64 ? Buffer.from(body, 'base64').toString('utf8') : body;
  if (jsonDepth(text, limits.maxDepth) > limits.maxDepth) {
    throw new BadRequestError(`Request body is nested too deeply: at most ${limits.maxDepth} levels of arrays and objects`);
  }
};
