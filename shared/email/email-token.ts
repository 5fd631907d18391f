/**
 * What the signed links in our emails carry (the payload; signing is lambdas/email/email-tokens.ts):
 * - `sub`: the subscriber, their normalised email address (shared/email/address.ts);
 * - `lst`: the list the link is about (shared/email/lists.ts);
 * - `pur`: what the link does: 'unsubscribe' (no expiry: RFC 8058 links must keep working for
 *   as long as the mail sits in an inbox) or 'confirm' (double opt-in, expires);
 * - `jti`: for 'confirm', the sign-up's one-time nonce, so a used or replaced link changes nothing;
 * - `iat`, `exp`: issue and expiry times, epoch seconds (JWT NumericDate).
 */
import { z } from 'zod';
import { BadRequestError } from '../errors';
import { EmailAddressSchema } from './address';
import { MailListSchema, type MailList } from './lists';

export const TOKEN_PURPOSES = ['unsubscribe', 'confirm'] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

/** How long a confirmation link works: 7 days, in seconds. */
export const CONFIRM_TOKEN_TTL_SECONDS = 7 * 24 * 3600;

export const UnsubscribeTokenSchema = z.object({
  sub: EmailAddressSchema,
  lst: MailListSchema,
  pur: z.literal('unsubscribe'),
  iat: z.number().int().nonnegative(),
});
export type UnsubscribeToken = z.infer<typeof UnsubscribeTokenSchema>;

export const ConfirmTokenSchema = z.object({
  sub: EmailAddressSchema,
  lst: MailListSchema,
  pur: z.literal('confirm'),
  jti: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
  iat: z.number().int().nonnegative(),
  exp: z.number().int().positive(),
});
export type ConfirmToken = z.infer<typeof ConfirmTokenSchema>;

/** Why a token was refused; each maps to a message a reader understands. */
export type TokenProblem = 'malformed' | 'bad-signature' | 'wrong-purpose' | 'wrong-list' | 'expired' | 'used';

export const TOKEN_PROBLEM_MESSAGES: Readonly<Record<TokenProblem, string>> = {
  malformed: 'token: this link is incomplete or damaged. Copy the whole link from the email, or use the link in a newer email.',
  'bad-signature': 'token: this link was not issued by Latent Jobs or has been altered.',
  'wrong-purpose': 'token: this link is not meant for this page.',
  'wrong-list': 'token: this link is for a different mailing list.',
  expired: 'token: this link has expired. Sign up again to get a fresh confirmation email.',
  used: 'token: this confirmation link was already used or replaced by a newer one. Sign up again to get a fresh confirmation email.',
};

/** A token that must not be acted on. The HTTP layer answers 400 with `message`. */
export class InvalidTokenError extends BadRequestError {
  override name = 'InvalidTokenError';

  constructor(readonly problem: TokenProblem) {
    super(TOKEN_PROBLEM_MESSAGES[problem]);
  }
}

/** Makes and checks the signed links (implemented in lambdas/email/email-tokens.ts). */
export interface EmailTokens {
  /** A token for the unsubscribe link of `list` sent to `subscriber`. @throws Error for an address that is not valid. */
  unsubscribeToken(subscriber: string, list: MailList): Promise<string>;
  /** A confirmation token for a sign-up to `list`, bound to its one-time `nonce`. */
  confirmToken(subscriber: string, list: MailList, nonce: string): Promise<string>;
  /** The checked payload of an unsubscribe token. @throws InvalidTokenError */
  verifyUnsubscribe(token: unknown): Promise<UnsubscribeToken>;
  /** The checked payload of a confirm token for `list`, not expired. @throws InvalidTokenError */
  verifyConfirm(token: unknown, list: MailList): Promise<ConfirmToken>;
}
