/**
 * The SES v2 SendEmail request for one digest (shape: ../shared/data/aws/SESV2-SENDEMAIL.md,
 * API reference API_SendEmail): `Content.Simple` with the subject, the HTML and text parts and
 * the list headers (RFC 2369/8058/2919, built by shared/email/list-unsubscribe.ts):
 *
 *   List-Unsubscribe: <https://SITE/api/unsubscribe?token=T>, <mailto:...>
 *   List-Unsubscribe-Post: List-Unsubscribe=One-Click
 *   List-Id: Latent Jobs daily job alerts <daily-digest.SITE_HOST>
 *
 * plus the configuration set (bounce and complaint events) and tags naming the list and day.
 * No subscriber- or job-supplied text reaches a header except the subject, which is one line
 * (CR, LF and control characters removed); To holds the bare address only.
 */
import type { SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import { oneHeaderLine } from '../../shared/alerts/digest-selection';
import { listUnsubscribeHeaders } from '../../shared/email/list-unsubscribe';
import type { MailList } from '../../shared/email/lists';
import type { RenderedDigest } from './email/render-digest';

export const DIGEST_LIST: MailList = 'daily-digest';

export interface DigestMessageSettings {
  from: string;
  configurationSet: string;
  siteUrl: string;
  unsubscribeMailto: string;
}

/** @throws Error when the address or the token could break the message (see listUnsubscribeHeaders). */
export const buildDigestMessage = (
  settings: DigestMessageSettings,
  to: string,
  day: string,
  unsubscribeToken: string,
  rendered: RenderedDigest,
): SendEmailCommandInput => {
  if (/[\s<>,;"]/.test(to)) throw new Error('buildDigestMessage: the recipient is not a bare email address');
  return {
    FromEmailAddress: settings.from,
    Destination: { ToAddresses: [to] },
    ConfigurationSetName: settings.configurationSet,
    EmailTags: [
      { Name: 'list', Value: DIGEST_LIST },
      { Name: 'digest_day', Value: day },
    ],
    Content: {
      Simple: {
        Subject: { Data: oneHeaderLine(rendered.subject), Charset: 'UTF-8' },
        Body: {
          Html: { Data: rendered.html, Charset: 'UTF-8' },
          Text: { Data: rendered.text, Charset: 'UTF-8' },
        },
        Headers: listUnsubscribeHeaders({ siteUrl: settings.siteUrl, unsubscribeMailto: settings.unsubscribeMailto }, DIGEST_LIST, unsubscribeToken).map(
          ({ name, value }) => ({ Name: name, Value: value }),
        ),
      },
    },
  };
};
