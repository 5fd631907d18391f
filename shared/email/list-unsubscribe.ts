/**
 * The unsubscribe links and headers every bulk email we send carries (RFC 2369, RFC 8058,
 * RFC 2919; Gmail's and Yahoo's 2024 sender rules require the one-click form):
 *
 *   List-Unsubscribe: <https://SITE/api/unsubscribe?token=T>, <mailto:UNSUB?subject=unsubscribe%20T>
 *   List-Unsubscribe-Post: List-Unsubscribe=One-Click
 *   List-Id: Latent Jobs daily job alerts <daily-digest.SITE_HOST>
 *
 * The HTTPS URL is the same for the link in the body (GET shows a page with a button) and for
 * the mail client's one-click POST (unsubscribes at once). It goes through `/api` because the
 * site's CDN sends only `/api/*` to the API (everything else is the SPA, which cannot take a POST).
 * `token` is an unsubscribe token from lambdas/email/email-tokens.ts (URL-safe base64 parts);
 * it is percent-encoded anyway.
 */
import { normaliseEmailAddress } from './address';
import { listId, type MailList } from './lists';

export interface ListUnsubscribeSettings {
  /** The site's origin as readers reach it, e.g. "https://latentjobs.example" (no trailing slash needed). */
  siteUrl: string;
  /** The mailbox that takes unsubscribe requests by mail, e.g. "unsubscribe@latentjobs.example". */
  unsubscribeMailto: string;
}

/** Path of the unsubscribe route below the site's origin. */
export const UNSUBSCRIBE_PATH = '/api/unsubscribe';

/** e.g. unsubscribeUrl('https://latentjobs.example', 'eyJ...') → 'https://latentjobs.example/api/unsubscribe?token=eyJ...' */
export const unsubscribeUrl = (siteUrl: string, token: string): string =>
  `${siteUrl.replace(/\/+$/, '')}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;

/** e.g. 'mailto:unsubscribe@latentjobs.example?subject=unsubscribe%20eyJ...' */
export const unsubscribeMailto = (mailbox: string, token: string): string =>
  `mailto:${mailbox}?subject=${encodeURIComponent(`unsubscribe ${token}`)}`;

/**
 * The three list headers, as name/value pairs ready for SES v2 `Content.Simple.Headers`.
 * Nothing from outside reaches a header unchecked (no header injection): the token must be a
 * compact JWS (URL-safe base64 and dots), the mailbox an email address, the site an http(s) URL.
 * @throws Error naming the value when one of them is not.
 */
export const listUnsubscribeHeaders = (
  settings: ListUnsubscribeSettings,
  list: MailList,
  token: string,
): { name: string; value: string }[] => {
  if (!/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+){2}$/.test(token)) throw new Error('listUnsubscribeHeaders: token is not a compact JWS');
  const mailbox = normaliseEmailAddress(settings.unsubscribeMailto);
  if (mailbox === null) throw new Error('listUnsubscribeHeaders: unsubscribeMailto is not an email address');
  const site = new URL(settings.siteUrl);
  if (site.protocol !== 'https:' && site.protocol !== 'http:') throw new Error('listUnsubscribeHeaders: siteUrl is not an http(s) URL');
  return [
    { name: 'List-Unsubscribe', value: `<${unsubscribeUrl(site.origin, token)}>, <${unsubscribeMailto(mailbox, token)}>` },
    { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
    { name: 'List-Id', value: listId(list, site.hostname) },
  ];
};
