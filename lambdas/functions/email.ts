/**
 * The email function (bounded context "email": who may be emailed), dispatched on
 * `event.routeKey` by the shared HTTP chain:
 *
 * - `POST /newsletter/subscribe` `{ email }` → 202 `{ message: SIGN_UP_MESSAGE }` whether or not
 *   the address is known (double opt-in: a confirmation email with a signed link goes out unless
 *   the address is suppressed or already confirmed); 400 naming `email`; 429 with Retry-After
 *   over the per-client or per-address hourly limit; 502 when mail cannot be sent.
 * - `GET /newsletter/confirm?token=` → confirms, then 303 to `{SITE_URL}/newsletter/confirmed`
 *   (the SPA's page). A forged, altered, wrong-list, expired or used token → 400 and nothing
 *   changes.
 * - `GET /unsubscribe?token=` → an HTML page with one button that POSTs to the same URL;
 *   changes nothing.
 * - `POST /unsubscribe?token=` (RFC 8058 one click: body `List-Unsubscribe=One-Click`, or the
 *   page's button) → unsubscribes at once, 200; repeating is harmless; no cookies, no redirect.
 *   A bad token → 400, nothing changes.
 * The GET/POST link routes answer HTML to browsers (Accept: text/html) and `{ message }` JSON to
 * everyone else (mail clients, scripts); errors carry the same message either way.
 *
 * - `handler`: the Lambda entry point; configuration, repositories, SES client and the token
 *   secret (Secrets Manager, read once) per cold start.
 * - `createEmailHandler(deps)`: the same handler over given ports (tests, the local server).
 */
import { createSesClient } from '../email/ses-client';
import { createSendPacer } from '../email/send-pacer';
import { createSesSender } from '../email/ses-sender';
import {
  confirmNewsletter,
  NEWSLETTER_LIST,
  readUnsubscribeLink,
  requestNewsletterSignUp,
  unsubscribeByToken,
  type ConfirmDeps,
  type SignUpDeps,
  type UnsubscribeDeps,
} from '../../shared/email/email-actions';
import { MAIL_LIST_NAMES } from '../../shared/email/lists';
import { BadRequestError, UpstreamError } from '../../shared/errors';
import { readConfig, readEmailConfig, readMailConfig, type Config, type EmailConfig, type MailConfig } from '../config';
import { buildEmailMessage } from '../email/email-message';
import { createEmailTokens, newNonce } from '../email/email-tokens';
import { errorPage, unsubscribedPage, unsubscribePage } from '../email/pages';
import { renderConfirmEmail } from '../email/render-newsletter';
import { tokenSecretOf } from '../email/token-secret';
import { clientAddressOf } from '../http/client-address';
import { createHttpHandler, type ApiEvent, type ApiRoutes, type HttpHandler, type HttpHandlerOptions } from '../http/http-handler';
import { createLogger, type Logger } from '../observability/log';
import { jsonResponse, type HttpResult } from '../http/responses';
import { routeKey } from '../http/routes';
import { createEmailStorage, type EmailStorage } from '../storage/email-storage';
import { onFirstCall } from './on-first-call';

export type EmailFunctionDeps = SignUpDeps & ConfirmDeps & UnsubscribeDeps & { siteUrl: string };

/** Path of the SPA page a confirmed sign-up lands on. */
export const CONFIRMED_PAGE_PATH = '/newsletter/confirmed';
export const CONFIRM_PATH = '/api/newsletter/confirm';
export const UNSUBSCRIBED_MESSAGE = 'You are unsubscribed.';
export const SEND_FAILED_MESSAGE = 'We could not send the confirmation email right now. Please try again in a few minutes.';

/** The link in the confirmation email. */
export const confirmUrl = (siteUrl: string, token: string): string => `${siteUrl.replace(/\/+$/, '')}${CONFIRM_PATH}?token=${encodeURIComponent(token)}`;


const tokenOf = (event: ApiEvent): string | undefined => event.queryStringParameters?.token;
const wantsHtml = (event: ApiEvent): boolean => /text\/html/i.test(event.headers?.accept ?? '');

/** Answers a refused link as HTML or JSON; rethrows anything else. */
const refusal = (event: ApiEvent, error: unknown): HttpResult => {
  if (!(error instanceof BadRequestError)) throw error;
  return wantsHtml(event) ? errorPage(400, error.message) : jsonResponse(400, { message: error.message });
};

export const emailRoutes = (deps: EmailFunctionDeps): ApiRoutes => ({
  [routeKey({ method: 'POST', path: '/newsletter/subscribe' })]: {
    cache: 'none',
    status: 202,
    handle: (event) => requestNewsletterSignUp(event.body, clientAddressOf(event), deps),
  },
  [routeKey({ method: 'GET', path: '/newsletter/confirm' })]: {
    cache: 'none',
    kind: 'page',
    handle: async (event): Promise<HttpResult> => {
      try {
        await confirmNewsletter(tokenOf(event), deps);
        return {
          statusCode: 303,
          headers: { location: `${deps.siteUrl}${CONFIRMED_PAGE_PATH}`, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
          body: '',
        };
      } catch (error) {
        return refusal(event, error);
      }
    },
  },
  [routeKey({ method: 'GET', path: '/unsubscribe' })]: {
    cache: 'none',
    kind: 'page',
    handle: async (event): Promise<HttpResult> => {
      try {
        const link = await readUnsubscribeLink(tokenOf(event), deps);
        if (wantsHtml(event)) return unsubscribePage(link.email, MAIL_LIST_NAMES[link.list], link.alreadyUnsubscribed);
        return jsonResponse(200, { message: link.alreadyUnsubscribed ? UNSUBSCRIBED_MESSAGE : `POST to this URL to stop the ${MAIL_LIST_NAMES[link.list]}.` });
      } catch (error) {
        return refusal(event, error);
      }
    },
  },
  [routeKey({ method: 'POST', path: '/unsubscribe' })]: {
    cache: 'none',
    kind: 'page',
    handle: async (event): Promise<HttpResult> => {
      try {
        const done = await unsubscribeByToken(tokenOf(event), deps);
        return wantsHtml(event) ? unsubscribedPage(done.email, MAIL_LIST_NAMES[done.list]) : jsonResponse(200, { message: UNSUBSCRIBED_MESSAGE });
      } catch (error) {
        return refusal(event, error);
      }
    },
  },
});

export const createEmailHandler = (deps: EmailFunctionDeps, options: HttpHandlerOptions = {}): HttpHandler => createHttpHandler(emailRoutes(deps), options);

export interface EmailFunctionParts {
  config: Pick<Config, 'region' | 'dynamodb' | 'logLevel'>;
  mail: MailConfig;
  email: EmailConfig;
  storage?: EmailStorage;
  /** SES client (a stand-in's in tests); default from `mail`. */
  ses?: Parameters<typeof createSesSender>[0]['ses'];
  logger?: Logger;
}

/** The email function's ports from configuration: DynamoDB repositories, SES, the token secret. */
export const emailDepsFrom = (parts: EmailFunctionParts): EmailFunctionDeps => {
  const { mail } = parts;
  const storage = parts.storage ?? createEmailStorage(parts.config);
  const logger = parts.logger ?? createLogger(parts.config.logLevel);
  const clock = () => new Date();
  const tokens = createEmailTokens(tokenSecretOf(parts.email, parts.config.region), clock);
  const send = createSesSender({
    ses: parts.ses ?? createSesClient(mail),
    pace: createSendPacer(mail.digest.sendRate),
    attempts: mail.digest.sendAttempts,
    baseDelayMs: mail.digest.retryBaseMs,
  });
  return {
    tokens,
    suppressions: storage.suppressions,
    preferences: storage.preferences,
    newsletter: storage.newsletter,
    rateLimits: storage.rateLimits,
    limits: parts.email.subscribeLimits,
    newNonce,
    clock,
    siteUrl: mail.siteUrl,
    log: (level, message, fields) => logger(level, message, fields),
    sendConfirmation: async (to, token) => {
      const rendered = await renderConfirmEmail({ confirmUrl: confirmUrl(mail.siteUrl, token), siteUrl: mail.siteUrl, postalAddress: mail.postalAddress });
      const outcome = await send(buildEmailMessage(mail, to, NEWSLETTER_LIST, rendered, null));
      if (outcome.kind !== 'sent') throw new UpstreamError(SEND_FAILED_MESSAGE, 502, { cause: new Error(outcome.error) });
    },
  };
};

/** Builds the email function from a configuration (one call per cold start). */
export const createEmailFunction = (
  config: Config,
  storage?: EmailStorage,
  mail: MailConfig = readMailConfig(),
  email: EmailConfig = readEmailConfig(),
): HttpHandler => {
  const logger = createLogger(config.logLevel);
  return createEmailHandler(emailDepsFrom({ config, mail, email, storage, logger }), { logger });
};

/** Lambda entry point (API Gateway HTTP API, payload 2.0). */
export const handler: HttpHandler = onFirstCall(() => createEmailFunction(readConfig()));
