/**
 * Renders one subscriber's digest: `renderDigest(content)` → `{ subject, html, text }`.
 * - html: DigestEmail (react-email, every field escaped by React);
 * - text: the plain-text part written here line by line (no HTML, so no escaping), with every
 *   link spelled out.
 * Server-only (lambdas/alerts); frontend/ never imports it.
 */
import { createElement } from 'react';
import { render } from '@react-email/render';
import type { DigestJobLine } from '../../../shared/alerts/digest-lines';
import { DigestEmail, overflowLine, type DigestEmailProps } from './DigestEmail';

export interface RenderedDigest {
  subject: string;
  html: string;
  text: string;
}

const textPart = (props: DigestEmailProps): string => {
  const jobBlock = (job: DigestJobLine): string =>
    [
      `${job.title}`,
      `${job.company} · ${job.location} · ${job.workplace}${job.salary === null ? '' : ` · ${job.salary}`}`,
      `Posted ${job.postedAgo}`,
      job.url,
    ].join('\n');
  const name = props.name.trim() === '' ? 'there' : props.name.trim();
  return [
    props.subject,
    '',
    `Hi ${name}, here are the AI jobs first seen since your last alert in your groups: ${props.groups.join(', ')}.`,
    '',
    ...props.jobs.map((job) => `${jobBlock(job)}\n`),
    ...(props.searchLinks.length === 0 ? [] : [overflowLine(props.jobs.length, props.matched), ...props.searchLinks.map((link) => `${link.group} (${link.matched}): ${link.url}`), '']),
    '--',
    `Change your groups: ${props.dashboardUrl}`,
    `Unsubscribe: ${props.unsubscribeUrl}`,
    props.postalAddress,
    '',
  ].join('\n');
};

export const renderDigest = async (props: DigestEmailProps): Promise<RenderedDigest> => ({
  subject: props.subject,
  html: await render(createElement(DigestEmail, props)),
  text: textPart(props),
});
