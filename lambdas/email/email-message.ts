/**
 * SES v2 SendEmail requests for the newsletter (shape: ../shared/data/aws/SESV2-SENDEMAIL.md):
 * `Content.Simple` with subject, HTML and text parts, the configuration set (bounce and
 * complaint events) and a `list` tag. The weekly email carries the list headers
 * (List-Unsubscribe with HTTPS and mailto, List-Unsubscribe-Post One-Click, List-Id; built by
 * shared/email/list-unsubscribe.ts); the confirmation email is a one-off reply to a request and
 * carries none. To holds the bare, normalised address only; the subject is ours.
 */
import type { SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import { listUnsubscribeHeaders } from '../../shared/email/list-unsubscribe';
import type { MailList } from '../../shared/email/lists';
import type { MailConfig } from '../config';
import type { RenderedEmail } from './render-newsletter';

/** Line breaks and control characters, which a subject must not hold. */
const SUBJECT_BREAKS = /[\r\n\p{Cc}]+/gu;

export type MessageSettings = Pick<MailConfig, 'from' | 'configurationSet' | 'siteUrl' | 'unsubscribeMailto'>;

/** @throws Error when `to` is not a bare address or the token could break a header. */
export const buildEmailMessage = (
  settings: MessageSettings,
  to: string,
  list: MailList,
  rendered: RenderedEmail,
  unsubscribeToken: string | null,
): SendEmailCommandInput => {
  if (/[\s<>,;"]/.test(to)) throw new Error('buildEmailMessage: the recipient is not a bare email address');
  return {
    FromEmailAddress: settings.from,
    Destination: { ToAddresses: [to] },
    ConfigurationSetName: settings.configurationSet,
    EmailTags: [{ Name: 'list', Value: unsubscribeToken === null ? `${list}-confirm` : list }],
    Content: {
      Simple: {
        Subject: { Data: rendered.subject.replace(SUBJECT_BREAKS, ' '), Charset: 'UTF-8' },
        Body: { Html: { Data: rendered.html, Charset: 'UTF-8' }, Text: { Data: rendered.text, Charset: 'UTF-8' } },
        ...(unsubscribeToken === null
          ? {}
          : {
              Headers: listUnsubscribeHeaders({ siteUrl: settings.siteUrl, unsubscribeMailto: settings.unsubscribeMailto }, list, unsubscribeToken).map(({ name, value }) => ({
                Name: name,
                Value: value,
              })),
            }),
      },
    },
  };
};
