/**
 * Renders one subscriber's digest: `renderDigest(content)` → `{ subject, html, text }`.
 * - html: DigestEmail (react-email, every field escaped by React);
 * - text: the plain-text part written here line by line (no HTML, so no escaping), with every
 *   link spelled out.
 * Server-only (lambdas/alerts); frontend/ never imports it.
 */
import { createElement } from 'react';
import { render } from '@react-email/render';
import { alsoMatchesLine, DigestEmail, leadLine, moreLine, type DigestEmailProps, type DigestEmailSection, type SectionJobLine } from './DigestEmail';

export interface RenderedDigest {
  subject: string;
  html: string;
  text: string;
}

const jobBlock = (job: SectionJobLine): string =>
  [
    `${job.title}`,
    `${job.company} · ${job.location} · ${job.workplace}${job.salary === null ? '' : ` · ${job.salary}`}`,
    `Posted ${job.postedAgo}`,
    ...(job.alsoMatches.length > 0 ? [alsoMatchesLine(job.alsoMatches)] : []),
    job.url,
  ].join('\n');

const sectionBlock = (section: DigestEmailSection): string[] => [
  `== ${section.name} ==`,
  '',
  ...section.jobs.map((job) => `${jobBlock(job)}\n`),
  ...(section.moreUrl === null ? [] : [`${moreLine(section.more)}: ${section.moreUrl}`, '']),
];

const textPart = (props: DigestEmailProps): string =>
  [
    props.subject,
    '',
    leadLine(props.name),
    '',
    ...props.sections.flatMap(sectionBlock),
    '--',
    `Manage your alerts: ${props.dashboardUrl}`,
    `Unsubscribe: ${props.unsubscribeUrl}`,
    props.postalAddress,
    '',
  ].join('\n');

export const renderDigest = async (props: DigestEmailProps): Promise<RenderedDigest> => ({
  subject: props.subject,
  html: await render(createElement(DigestEmail, props)),
  text: textPart(props),
});
