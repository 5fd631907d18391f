/**
 * Who may be emailed, as the API's email routes do it (lambdas/functions/email.ts):
 *
 * - `requestNewsletterSignUp(body, clientIp, deps)`: `{ email }` → double opt-in. Counts the
 *   request against the client's and the mailbox's hourly limits (the address without its
 *   "+tag", and without dots at Gmail: `mailboxOf` in address.ts) (429 TooManyRequestsError when
 *   over), then sends a confirmation email with a signed link unless the address is suppressed
 *   or already confirmed. The answer is the same neutral message either way, so the form tells
 *   nobody whether an address is known. A bad address: ZodError naming `email` (400).
 * - `confirmNewsletter(token, deps)`: a confirm token → the sign-up becomes confirmed (one
 *   conditional write on its one-time nonce) and a past unsubscribe from the newsletter is
 *   lifted. A replayed link after the address unsubscribed, or a link replaced by a newer one,
 *   changes nothing (InvalidTokenError 'used').
 * - `readUnsubscribeLink(token, deps)`: what the GET page shows; changes nothing.
 * - `unsubscribeByToken(token, deps)`: unsubscribes the address from the token's list at once;
 *   repeating is harmless (`changed: false`).
 * Token refusals throw InvalidTokenError (400, shared/email/email-token.ts) and change nothing.
 */
import { z } from 'zod';
import { TooManyRequestsError } from '../errors';
import type { EmailPreferencesRepository, NewsletterSubscriberRepository, RateLimiter, SuppressionRepository } from './email-ports';
import type { Clock } from '../time/clock';
import { EmailAddressSchema, mailboxOf, type EmailAddress } from './address';
import { CONFIRM_TOKEN_TTL_SECONDS, InvalidTokenError, type EmailTokens } from './email-token';
import type { MailList } from './lists';

export const NEWSLETTER_LIST: MailList = 'weekly-newsletter';

/** The one answer to a sign-up, whatever the address's state. */
export const SIGN_UP_MESSAGE = 'Check your inbox to confirm your subscription. If nothing arrives within a few minutes, look in your spam folder.';

export const SubscribeRequestSchema = z.object({ email: EmailAddressSchema }, { error: 'body: must be a JSON object with an email' });

const HOUR_SECONDS = 3600;

export type EmailLog = (level: 'info' | 'warn', message: string, fields: Record<string, unknown>) => void;

export interface SignUpDeps {
  tokens: EmailTokens;
  suppressions: Pick<SuppressionRepository, 'isSuppressed'>;
  preferences: Pick<EmailPreferencesRepository, 'unsubscribedLists'>;
  newsletter: NewsletterSubscriberRepository;
  rateLimits: RateLimiter;
  limits: { perAddressPerHour: number; perClientPerHour: number };
  /** Sends the confirmation email holding `token`'s link. @throws UpstreamError when mail cannot be sent. */
  sendConfirmation(to: EmailAddress, token: string): Promise<void>;
  newNonce(): string;
  clock: Clock;
  log: EmailLog;
}

const minutesUntil = (reset: Date, now: Date): number => Math.max(1, Math.ceil((reset.getTime() - now.getTime()) / 60_000));

export const requestNewsletterSignUp = async (body: unknown, clientIp: string, deps: SignUpDeps): Promise<{ message: string }> => {
  const { email } = SubscribeRequestSchema.parse(body ?? {});
  const now = deps.clock();
  for (const [key, limit, what] of [
    [`subscribe#client#${clientIp}`, deps.limits.perClientPerHour, 'from your network'],
    // One budget per mailbox: "ada+1@", "ada+2@" ... (and Gmail's dotted forms) all count as "ada@".
    [`subscribe#email#${mailboxOf(email)}`, deps.limits.perAddressPerHour, 'for this email address'],
  ] as const) {
    const counted = await deps.rateLimits.hit(key, limit, HOUR_SECONDS, now);
    if (!counted.allowed) {
      const minutes = minutesUntil(counted.resetAt, now);
      deps.log('info', 'Newsletter sign-up rate-limited', { key: key.startsWith('subscribe#email#') ? 'email' : 'client', count: counted.count });
      throw new TooManyRequestsError(
        `Too many sign-up requests ${what}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        Math.ceil((counted.resetAt.getTime() - now.getTime()) / 1000),
      );
    }
  }
  if (await deps.suppressions.isSuppressed(email)) {
    deps.log('info', 'Newsletter sign-up for a suppressed address: nothing sent', {});
    return { message: SIGN_UP_MESSAGE };
  }
  const existing = await deps.newsletter.get(email);
  const unsubscribed = existing?.status === 'confirmed' && (await deps.preferences.unsubscribedLists(email)).includes(NEWSLETTER_LIST);
  if (existing?.status === 'confirmed' && !unsubscribed) {
    deps.log('info', 'Newsletter sign-up for a confirmed address: nothing sent', {});
    return { message: SIGN_UP_MESSAGE };
  }
  // A pending sign-up still in its window keeps its nonce, so the link of an earlier email keeps working.
  const fresh =
    existing?.status === 'pending' && existing.nonce !== null && now.getTime() - Date.parse(existing.requested_at) < (CONFIRM_TOKEN_TTL_SECONDS - HOUR_SECONDS) * 1000;
  const nonce = fresh && existing.nonce !== null ? existing.nonce : deps.newNonce();
  const stored = await deps.newsletter.requestSignUp(email, nonce, fresh ? existing.requested_at : now.toISOString(), unsubscribed);
  if (stored.status !== 'pending' || stored.nonce === null) return { message: SIGN_UP_MESSAGE };
  await deps.sendConfirmation(email, await deps.tokens.confirmToken(email, NEWSLETTER_LIST, stored.nonce));
  return { message: SIGN_UP_MESSAGE };
};

export interface ConfirmDeps {
  tokens: EmailTokens;
  newsletter: Pick<NewsletterSubscriberRepository, 'confirm'>;
  preferences: Pick<EmailPreferencesRepository, 'unsubscribedLists' | 'resubscribe'>;
  clock: Clock;
}

/** @throws InvalidTokenError (nothing changed). */
export const confirmNewsletter = async (token: unknown, deps: ConfirmDeps): Promise<{ email: EmailAddress; outcome: 'confirmed' | 'already-confirmed' }> => {
  const payload = await deps.tokens.verifyConfirm(token, NEWSLETTER_LIST);
  const at = deps.clock().toISOString();
  const outcome = await deps.newsletter.confirm(payload.sub, payload.jti, at);
  if (outcome === 'not-pending') throw new InvalidTokenError('used');
  if (outcome === 'confirmed') {
    await deps.preferences.resubscribe(payload.sub, NEWSLETTER_LIST, at);
    return { email: payload.sub, outcome };
  }
  // The link was used before: harmless, unless the address has since left (then it stays left).
  if ((await deps.preferences.unsubscribedLists(payload.sub)).includes(NEWSLETTER_LIST)) throw new InvalidTokenError('used');
  return { email: payload.sub, outcome };
};

export interface UnsubscribeDeps {
  tokens: EmailTokens;
  preferences: Pick<EmailPreferencesRepository, 'unsubscribedLists' | 'unsubscribe'>;
  clock: Clock;
}

export interface UnsubscribeLink {
  email: EmailAddress;
  list: MailList;
  alreadyUnsubscribed: boolean;
}

/** What an unsubscribe link is about; changes nothing. @throws InvalidTokenError */
export const readUnsubscribeLink = async (token: unknown, deps: UnsubscribeDeps): Promise<UnsubscribeLink> => {
  const payload = await deps.tokens.verifyUnsubscribe(token);
  const lists = await deps.preferences.unsubscribedLists(payload.sub);
  return { email: payload.sub, list: payload.lst, alreadyUnsubscribed: lists.includes(payload.lst) };
};

/** Unsubscribes at once; `changed` is false when it already was. @throws InvalidTokenError (nothing changed). */
export const unsubscribeByToken = async (token: unknown, deps: UnsubscribeDeps): Promise<{ email: EmailAddress; list: MailList; changed: boolean }> => {
  const payload = await deps.tokens.verifyUnsubscribe(token);
  const changed = await deps.preferences.unsubscribe(payload.sub, payload.lst, deps.clock().toISOString());
  return { email: payload.sub, list: payload.lst, changed };
};
