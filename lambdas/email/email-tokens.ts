/**
 * Signed links for our emails: unsubscribe and double opt-in confirmation tokens, as compact
 * JWS (HS256, RFC 7515/7519) made and checked by `jose` (no hand-rolled crypto). The payload is
 * shared/email/email-token.ts: subscriber (normalised email), list, purpose, and for
 * confirmations a one-time nonce and an expiry.
 *
 * Design:
 * - HMAC-SHA256 with a server secret of at least 32 characters (EMAIL_TOKEN_SECRET locally, a
 *   Secrets Manager secret on AWS read at cold start and cached, lambdas/config.ts); anyone
 *   without it cannot make a token for someone else's address (unguessable).
 * - `typ` "latent-jobs-email+jwt" and only HS256 are accepted (no `none`, no algorithm swap).
 * - The purpose is a signed claim: an unsubscribe token never confirms and a confirm token
 *   never unsubscribes.
 * - Each part must be canonical base64url: re-encoding the decoded bytes must give the same
 *   text, so a token whose last character differs only in unused bits counts as altered, not
 *   as the same token.
 * - Unsubscribe tokens do not expire (RFC 8058 links must work as long as the mail is kept);
 *   confirm tokens expire after CONFIRM_TOKEN_TTL_SECONDS (7 days).
 *
 * Every refusal throws `InvalidTokenError` (problem: malformed | bad-signature | wrong-purpose |
 * wrong-list | expired) with a message safe to show; the HTTP layer answers 400.
 */
import { randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { normaliseEmailAddress, type EmailAddress } from '../../shared/email/address';
import {
  CONFIRM_TOKEN_TTL_SECONDS,
  ConfirmTokenSchema,
  InvalidTokenError,
  UnsubscribeTokenSchema,
  type EmailTokens,
  type TokenPurpose,
} from '../../shared/email/email-token';
import { MAIL_LISTS, type MailList } from '../../shared/email/lists';
import type { Clock } from '../../shared/time/clock';

export const TOKEN_TYPE = 'latent-jobs-email+jwt';
export const MIN_SECRET_LENGTH = 32;
/** Longest token text looked at; real ones are about 250 characters. */
const MAX_TOKEN_LENGTH = 2048;

export type { EmailTokens };

/** A fresh one-time nonce for a sign-up (144 random bits, base64url). */
export const newNonce = (): string => randomBytes(18).toString('base64url');

const isCanonicalBase64url = (part: string): boolean => Buffer.from(part, 'base64url').toString('base64url') === part;

const subscriberOf = (text: string): EmailAddress => {
  const address = normaliseEmailAddress(text);
  if (address === null) throw new Error('Cannot make an email token for an address that is not valid');
  return address;
};

/**
 * Token maker and checker over a secret (the value, or a function reading it once, e.g. from
 * Secrets Manager) and a clock (token times; expiry checks).
 * @throws Error from the first use when the secret is shorter than MIN_SECRET_LENGTH.
 */
export const createEmailTokens = (secret: string | (() => Promise<string>), clock: Clock): EmailTokens => {
  let key: Promise<Uint8Array> | undefined;
  const keyOf = (): Promise<Uint8Array> =>
    (key ??= Promise.resolve(typeof secret === 'string' ? secret : secret()).then((value) => {
      if (value.length < MIN_SECRET_LENGTH) throw new Error(`The email token secret must have at least ${MIN_SECRET_LENGTH} characters`);
      return new TextEncoder().encode(value);
    })).catch((error: unknown) => {
      key = undefined;
      throw error;
    });
  const nowSeconds = () => Math.floor(clock().getTime() / 1000);

  const sign = async (claims: Record<string, unknown>, ttlSeconds?: number): Promise<string> => {
    const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: TOKEN_TYPE }).setIssuedAt(nowSeconds());
    if (ttlSeconds !== undefined) jwt.setExpirationTime(nowSeconds() + ttlSeconds);
    return jwt.sign(await keyOf());
  };

  /** Signature, type and canonical form checked; claims returned unchecked. */
  const verified = async (token: unknown, purpose: TokenPurpose): Promise<Record<string, unknown>> => {
    if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH) throw new InvalidTokenError('malformed');
    const parts = token.split('.');
    if (parts.length !== 3 || !parts.every((part) => /^[A-Za-z0-9_-]+$/.test(part) && isCanonicalBase64url(part))) {
      throw new InvalidTokenError('malformed');
    }
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, await keyOf(), {
        algorithms: ['HS256'],
        typ: TOKEN_TYPE,
        currentDate: clock(),
        requiredClaims: ['sub', 'iat'],
      }));
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw new InvalidTokenError('expired');
      if (error instanceof errors.JWSSignatureVerificationFailed) throw new InvalidTokenError('bad-signature');
      if (error instanceof errors.JOSEError) throw new InvalidTokenError('malformed');
      throw error;
    }
    if (payload.pur !== purpose) throw new InvalidTokenError('wrong-purpose');
    if (!MAIL_LISTS.includes(payload.lst as MailList)) throw new InvalidTokenError('wrong-list');
    return payload;
  };

  return {
    unsubscribeToken: (subscriber, list) => sign({ sub: subscriberOf(subscriber), lst: list, pur: 'unsubscribe' }),
    confirmToken: (subscriber, list, nonce) =>
      sign({ sub: subscriberOf(subscriber), lst: list, pur: 'confirm', jti: nonce }, CONFIRM_TOKEN_TTL_SECONDS),
    verifyUnsubscribe: async (token) => {
      const parsed = UnsubscribeTokenSchema.safeParse(await verified(token, 'unsubscribe'));
      if (!parsed.success) throw new InvalidTokenError('malformed');
      return parsed.data;
    },
    verifyConfirm: async (token, list) => {
      const payload = await verified(token, 'confirm');
      if (payload.lst !== list) throw new InvalidTokenError('wrong-list');
      // jwtVerify checks `exp` only when present: a confirm token must carry one.
      const parsed = ConfirmTokenSchema.safeParse(payload);
      if (!parsed.success) throw new InvalidTokenError('malformed');
      return parsed.data;
    },
  };
};
