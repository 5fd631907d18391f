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

/** A job line of a section, with the names of the later searches it also matches. */
export type SectionJobLine = DigestJobLine & { alsoMatches: readonly string[] };

/** One saved search's section (shared/alerts/digest-selection.ts `digestSections`), its jobs worded. */
export interface DigestEmailSection {
  name: string;
  jobs: readonly SectionJobLine[];
  /** New jobs of this search the email leaves out (caps). */
  more: number;
  /** The search on the site when `more` > 0, else null. */
  moreUrl: string | null;
}

export interface DigestEmailProps {
  /** The subject, also the inbox preview line. */
  subject: string;
  /** The subscriber's name, or '' (then "Hi there"). */
  name: string;
  /** A section per saved search with new jobs, in the subscriber's order. */
  sections: readonly DigestEmailSection[];
  siteUrl: string;
  /** Where the subscriber manages their saved searches (the dashboard). */
  dashboardUrl: string;
  unsubscribeUrl: string;
  postalAddress: string;
}

/** "Also matches Remote Python, Staff roles" */
export const alsoMatchesLine = (names: readonly string[]): string => `Also matches ${names.join(', ')}`;

/** "12 more new jobs for this search" */
export const moreLine = (more: number): string => `${more} more new ${more === 1 ? 'job' : 'jobs'} for this search`;

/** "Hi Ada, here are the AI jobs first seen since your last alert, by saved search." */
export const leadLine = (name: string): string => `Hi ${name.trim() === '' ? 'there' : name.trim()}, here are the AI jobs first seen since your last alert, by saved search.`;

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
  section: { fontSize: '18px', lineHeight: '24px', color: '#111827', margin: '24px 0 4px' },
  also: { fontSize: '13px', lineHeight: '19px', color: '#6b21a8', margin: '2px 0 0' },
} as const;

const JobItem = ({ job }: { job: SectionJobLine }) => (
  <Section style={styles.job}>
    <Link href={job.url} style={styles.title}>
      {job.title}
    </Link>
    <Text style={styles.company}>{job.company}</Text>
    <Text style={styles.meta}>{`${job.location} · ${job.workplace}${job.salary === null ? '' : ` · ${job.salary}`}`}</Text>
    <Text style={styles.meta}>{`Posted ${job.postedAgo}`}</Text>
    {job.alsoMatches.length > 0 ? <Text style={styles.also}>{alsoMatchesLine(job.alsoMatches)}</Text> : null}
  </Section>
);

const SearchSection = ({ section }: { section: DigestEmailSection }) => (
  <Section>
    <Heading as="h2" style={styles.section}>
      {section.name}
    </Heading>
    {section.jobs.map((job) => (
      <JobItem key={job.url} job={job} />
    ))}
    {section.moreUrl !== null ? (
      <Text style={styles.lead}>
        <Link href={section.moreUrl} style={styles.link}>
          {moreLine(section.more)}
        </Link>
      </Text>
    ) : null}
  </Section>
);

export const DigestEmail = ({ subject, name, sections, siteUrl, dashboardUrl, unsubscribeUrl, postalAddress }: DigestEmailProps) => (
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
        <Text style={styles.lead}>{leadLine(name)}</Text>
        {sections.map((section, at) => (
          <SearchSection key={`${at}-${section.name}`} section={section} />
        ))}
        <Hr />
        <Text style={styles.footer}>
          You get this email because you saved job alerts on{' '}
          <Link href={siteUrl} style={styles.link}>
            Latent Jobs
          </Link>
          .{' '}
          <Link href={dashboardUrl} style={styles.link}>
            Manage your alerts
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
