/**
 * The newsletter's emails as react-email components (@react-email/components, as the daily
 * digest's lambdas/alerts/email/DigestEmail.tsx): one 600 px column with inline styles, which
 * reads the same in Gmail, Outlook and on a phone. React escapes every value.
 * - ConfirmEmail: the double opt-in message with its signed link (expires in 7 days).
 * - WeeklyEmail: the week's most notable new AI jobs and the companies hiring most, with the
 *   unsubscribe link and the postal address.
 * Server-only; frontend/ never imports it.
 */
import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';
import type { WeeklyCompany, WeeklyJob } from '../../../shared/newsletter/weekly-selection';

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const s = {
  body: { backgroundColor: '#f4f5f7', margin: 0, padding: '16px 0', fontFamily: FONT },
  container: { backgroundColor: '#ffffff', maxWidth: '600px', width: '100%', margin: '0 auto', padding: '24px', borderRadius: '8px' },
  brand: { fontSize: '14px', fontWeight: 700, color: '#4f46e5', margin: '0 0 8px' },
  heading: { fontSize: '22px', lineHeight: '28px', color: '#111827', margin: '0 0 8px' },
  h2: { fontSize: '17px', lineHeight: '24px', color: '#111827', margin: '16px 0 4px' },
  lead: { fontSize: '15px', lineHeight: '22px', color: '#374151', margin: '0 0 16px' },
  button: { backgroundColor: '#4f46e5', color: '#ffffff', padding: '12px 20px', borderRadius: '6px', fontWeight: 600, textDecoration: 'none' },
  item: { padding: '10px 0', borderTop: '1px solid #e5e7eb' },
  title: { fontSize: '16px', lineHeight: '22px', fontWeight: 600, color: '#1d4ed8', textDecoration: 'underline' },
  meta: { fontSize: '13px', lineHeight: '19px', color: '#4b5563', margin: '2px 0 0' },
  footer: { fontSize: '12px', lineHeight: '18px', color: '#6b7280', margin: '8px 0 0' },
  link: { color: '#1d4ed8', textDecoration: 'underline' },
} as const;

const Frame = ({ preview, children }: { preview: string; children: ReactNode }) => (
  <Html lang="en" dir="ltr">
    <Head>
      <meta name="color-scheme" content="light" />
    </Head>
    <Preview>{preview}</Preview>
    <Body style={s.body}>
      <Container style={s.container}>
        <Text style={s.brand}>Latent Jobs</Text>
        {children}
      </Container>
    </Body>
  </Html>
);

export interface ConfirmEmailProps {
  confirmUrl: string;
  siteUrl: string;
  postalAddress: string;
}

export const CONFIRM_SUBJECT = 'Confirm your Latent Jobs weekly newsletter';

export const ConfirmEmail = ({ confirmUrl, siteUrl, postalAddress }: ConfirmEmailProps) => (
  <Frame preview="One click to start the weekly newsletter">
    <Heading as="h1" style={s.heading}>
      {CONFIRM_SUBJECT}
    </Heading>
    <Text style={s.lead}>Someone, hopefully you, asked for the free Latent Jobs weekly newsletter at this address. Press the button to confirm; the link works for 7 days.</Text>
    <Section>
      <Button href={confirmUrl} style={s.button}>
        Confirm my subscription
      </Button>
    </Section>
    <Text style={s.footer}>Did not ask for it? Ignore this email and you will hear nothing more from us.</Text>
    <Hr />
    <Text style={s.footer}>
      <Link href={siteUrl} style={s.link}>
        Latent Jobs
      </Link>{' '}
      · {postalAddress}
    </Text>
  </Frame>
);

export interface WeeklyEmailProps {
  subject: string;
  jobs: readonly WeeklyJob[];
  companies: readonly WeeklyCompany[];
  siteUrl: string;
  unsubscribeUrl: string;
  postalAddress: string;
}

export const WeeklyEmail = ({ subject, jobs, companies, siteUrl, unsubscribeUrl, postalAddress }: WeeklyEmailProps) => (
  <Frame preview={subject}>
    <Heading as="h1" style={s.heading}>
      {subject}
    </Heading>
    <Text style={s.lead}>The most notable AI jobs first seen on Latent Jobs this week, read straight from the employers&apos; own hiring systems.</Text>
    {jobs.map((job) => (
      <Section key={job.url} style={s.item}>
        <Link href={job.url} style={s.title}>
          {job.title}
        </Link>
        <Text style={s.meta}>
          {job.company} · {job.location}
          {job.salary === null ? '' : ` · ${job.salary}`}
        </Text>
      </Section>
    ))}
    {companies.length > 0 && (
      <>
        <Heading as="h2" style={s.h2}>
          Companies hiring most this week
        </Heading>
        {companies.map((company) => (
          <Text key={company.url} style={s.meta}>
            <Link href={company.url} style={s.link}>
              {company.name}
            </Link>{' '}
            · {company.newJobs} new {company.newJobs === 1 ? 'job' : 'jobs'}
          </Text>
        ))}
      </>
    )}
    <Hr />
    <Text style={s.footer}>
      You get this email because you confirmed the weekly newsletter on{' '}
      <Link href={siteUrl} style={s.link}>
        Latent Jobs
      </Link>
      .{' '}
      <Link href={unsubscribeUrl} style={s.link}>
        Unsubscribe
      </Link>{' '}
      with one click.
    </Text>
    <Text style={s.footer}>{postalAddress}</Text>
  </Frame>
);
