/**
 * Renders the newsletter's emails (templates/NewsletterEmails.tsx, react-email) into
 * `{ subject, html, text }`; the text part is written here line by line with every link spelled out.
 */
import { render } from '@react-email/render';
import { createElement } from 'react';
import { CONFIRM_SUBJECT, ConfirmEmail, WeeklyEmail, type ConfirmEmailProps, type WeeklyEmailProps } from './templates/NewsletterEmails';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

export const renderConfirmEmail = async (props: ConfirmEmailProps): Promise<RenderedEmail> => ({
  subject: CONFIRM_SUBJECT,
  html: await render(createElement(ConfirmEmail, props)),
  text: [
    CONFIRM_SUBJECT,
    '',
    'Someone, hopefully you, asked for the free Latent Jobs weekly newsletter at this address.',
    'Open this link to confirm (it works for 7 days):',
    props.confirmUrl,
    '',
    'Did not ask for it? Ignore this email and you will hear nothing more from us.',
    '--',
    `Latent Jobs ${props.siteUrl}`,
    props.postalAddress,
    '',
  ].join('\n'),
});

export const renderWeeklyEmail = async (props: WeeklyEmailProps): Promise<RenderedEmail> => ({
  subject: props.subject,
  html: await render(createElement(WeeklyEmail, props)),
  text: [
    props.subject,
    '',
    ...props.jobs.map((job) => `${job.title}\n${job.company} · ${job.location}${job.salary === null ? '' : ` · ${job.salary}`}\n${job.url}\n`),
    ...(props.companies.length > 0 ? ['Companies hiring most this week:', ...props.companies.map((c) => `${c.name} (${c.newJobs} new): ${c.url}`), ''] : []),
    '--',
    `Unsubscribe with one click: ${props.unsubscribeUrl}`,
    props.postalAddress,
    '',
  ].join('\n'),
});
