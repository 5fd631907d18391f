/**
 * The daily digest email's HTML, as a react-email component (@react-email/components 1.0.12):
 * table-based layout with inline styles, so it reads the same in Gmail, Outlook and on a phone
 * (one 600 px column that shrinks to the screen). React escapes every text and attribute value,
 * so a job title like `<script>` arrives as text.
 *
 * Server-only: rendered by lambdas/alerts/email/render-digest.ts; frontend/ never imports it.
 */
import { Body, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import type { DigestJobLine } from '../../../shared/alerts/digest-lines';
import type { DigestSearchLink } from '../../../shared/alerts/digest-selection';

export interface DigestEmailProps {
  /** The subject, also the inbox preview line. */
  subject: string;
  /** The subscriber's name, or '' (then "Hi there"). */
  name: string;
  /** The groups the subscriber follows, e.g. ["Engineering", "ML"]. */
  groups: readonly string[];
  jobs: readonly DigestJobLine[];
  /** How many jobs matched in all (≥ jobs.length: the email holds at most 5 per company and 50). */
  matched: number;
  /** When more matched than the email holds: the matching search on the site per group (shared/alerts/digest-selection.ts digestSearchLinks); else []. */
  searchLinks: readonly DigestSearchLink[];
  siteUrl: string;
  /** Where the subscriber changes groups (the dashboard). */
  dashboardUrl: string;
  unsubscribeUrl: string;
  postalAddress: string;
}

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const styles = {
  body: { backgroundColor: '#f4f5f7', margin: 0, padding: '16px 0', fontFamily: FONT },
  container: { backgroundColor: '#ffffff', maxWidth: '600px', width: '100%', margin: '0 auto', padding: '24px', borderRadius: '8px' },
  brand: { fontSize: '14px', fontWeight: 700, color: '#4f46e5', margin: '0 0 8px' },
  heading: { fontSize: '22px', lineHeight: '28px', color: '#111827', margin: '0 0 8px' },
  lead: { fontSize: '15px', lineHeight: '22px', color: '#374151', margin: '0 0 16px' },
  job: { padding: '12px 0', borderTop: '1px solid #e5e7eb' },
  title: { fontSize: '16px', lineHeight: '22px', fontWeight: 600, color: '#1d4ed8', textDecoration: 'underline' },
  company: { fontSize: '14px', lineHeight: '20px', color: '#111827', margin: '4px 0 0' },
  meta: { fontSize: '13px', lineHeight: '19px', color: '#4b5563', margin: '2px 0 0' },
  footer: { fontSize: '12px', lineHeight: '18px', color: '#6b7280', margin: '8px 0 0' },
  link: { color: '#1d4ed8', textDecoration: 'underline' },
} as const;

const JobItem = ({ job }: { job: DigestJobLine }) => (
  <Section style={styles.job}>
    <Link href={job.url} style={styles.title}>
      {job.title}
    </Link>
    <Text style={styles.company}>{job.company}</Text>
    <Text style={styles.meta}>{`${job.location} · ${job.workplace}${job.salary === null ? '' : ` · ${job.salary}`}`}</Text>
    <Text style={styles.meta}>{`Posted ${job.postedAgo}`}</Text>
  </Section>
);

/** "Showing 50 of 79 matching jobs. See them all on Latent Jobs: Engineering (72), ML (7)." */
export const overflowLine = (shown: number, matched: number): string => `Showing ${shown} of ${matched} matching jobs. See them all on Latent Jobs:`;

const Overflow = ({ shown, matched, searchLinks }: { shown: number; matched: number; searchLinks: readonly DigestSearchLink[] }) => (
  <Text style={styles.lead}>
    {`${overflowLine(shown, matched)} `}
    {searchLinks.map((link, i) => (
      <span key={link.group}>
        {i > 0 ? ', ' : ''}
        <Link href={link.url} style={styles.link}>
          {`${link.group} (${link.matched})`}
        </Link>
      </span>
    ))}
    .
  </Text>
);

export const DigestEmail = ({ subject, name, groups, jobs, matched, searchLinks, siteUrl, dashboardUrl, unsubscribeUrl, postalAddress }: DigestEmailProps) => (
  <Html lang="en" dir="ltr">
    <Head>
      <meta name="color-scheme" content="light" />
      <meta name="supported-color-schemes" content="light" />
    </Head>
    <Preview>{subject}</Preview>
    <Body style={styles.body}>
      <Container style={styles.container}>
        <Text style={styles.brand}>Latent Jobs</Text>
        <Heading as="h1" style={styles.heading}>
          {subject}
        </Heading>
        <Text style={styles.lead}>
          {`Hi ${name.trim() === '' ? 'there' : name.trim()}, here are the AI jobs first seen since your last alert in your groups: ${groups.join(', ')}.`}
        </Text>
        {jobs.map((job) => (
          <JobItem key={job.url} job={job} />
        ))}
        {searchLinks.length > 0 ? <Overflow shown={jobs.length} matched={matched} searchLinks={searchLinks} /> : null}
        <Hr />
        <Text style={styles.footer}>
          You get this email because you subscribed to daily job alerts on{' '}
          <Link href={siteUrl} style={styles.link}>
            Latent Jobs
          </Link>
          .{' '}
          <Link href={dashboardUrl} style={styles.link}>
            Change your groups
          </Link>{' '}
          or{' '}
          <Link href={unsubscribeUrl} style={styles.link}>
            unsubscribe
          </Link>
          .
        </Text>
        <Text style={styles.footer}>{postalAddress}</Text>
      </Container>
    </Body>
  </Html>
);
