/**
 * The message the digest builds, checked as a mail client and an attacker would: subject,
 * list headers (RFC 8058 one-click, an HTTPS and a mailto unsubscribe, List-Id), the
 * configuration set, links to the job pages and the dashboard, the postal address, HTML
 * escaping of every job field, and no header injection through names or titles.
 */
import { describe, expect, it } from 'vitest';
import { digestSubject } from '../../shared/alerts/digest-selection';
import { toDigestJobLine } from '../../shared/alerts/digest-lines';
import { fixedClock } from '../../shared/time/clock';
import type { Job } from '../../shared/jobs/job';
import { buildDigestMessage } from '../../lambdas/alerts/digest-message';
import { renderDigest } from '../../lambdas/alerts/email/render-digest';
import { loadCapturedJobs } from './captured-jobs';
import { jobPageUrl } from '../../shared/seo/page-paths';

const NOW = '2026-03-10T07:00:00.000Z';
const SITE = 'https://latentjobs.example';
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGFAZXhhbXBsZS5jb20ifQ.c2lnbmF0dXJl';
const settings = { from: 'Latent Jobs <alerts@latentjobs.example>', configurationSet: 'latent-jobs-prod', siteUrl: SITE, unsubscribeMailto: 'unsubscribe@latentjobs.example' };

/** The email of one section per department of `jobs` (as the group searches "Engineering" and "ML" give). */
const build = async (jobs: Job[], name: string) => {
  const clock = fixedClock(NOW);
  const sections = (['Engineering', 'ML'] as const)
    .map((department) => ({ name: department, jobs: jobs.filter((job) => job.department === department) }))
    .filter((section) => section.jobs.length > 0);
  const subject = digestSubject(sections.map((section) => ({ name: section.name, matched: section.jobs.length })));
  const rendered = await renderDigest({
    subject,
    name,
    sections: sections.map((section) => ({ name: section.name, jobs: section.jobs.map((job) => ({ ...toDigestJobLine(job, SITE, clock), alsoMatches: [] })), more: 0, moreUrl: null })),
    siteUrl: SITE,
    dashboardUrl: `${SITE}/dashboard`,
    unsubscribeUrl: `${SITE}/api/unsubscribe?token=${TOKEN}`,
    postalAddress: 'Latent Jobs, 1 Example Street, Springfield',
  });
  return { rendered, input: buildDigestMessage(settings, 'ada@example.com', '2026-03-10', TOKEN, rendered) };
};

const recent = (jobs: Job[], count: number): Job[] =>
  jobs.slice(0, count).map((job, i) => ({ ...job, first_seen_at: new Date(Date.parse(NOW) - (i + 1) * 60_000).toISOString(), closed_at: null }));

describe('the digest message', async () => {
  const captured = (await loadCapturedJobs()).filter((job) => job.department === 'Engineering' || job.department === 'ML');

  it('has the subject, list headers, configuration set and both parts', async () => {
    const jobs = recent(captured, 12);
    const { input, rendered } = await build(jobs, 'Ada Lovelace');
    const simple = input.Content!.Simple!;
    expect(simple.Subject!.Data).toMatch(/^\d+ new AI jobs in (Engineering, ML|Engineering|ML)$/);
    const headers = Object.fromEntries(simple.Headers!.map((h) => [h.Name, h.Value]));
    expect(headers['List-Unsubscribe']).toBe(
      `<${SITE}/api/unsubscribe?token=${TOKEN}>, <mailto:unsubscribe@latentjobs.example?subject=unsubscribe%20${TOKEN}>`,
    );
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(headers['List-Id']).toBe('Latent Jobs daily job alerts <daily-digest.latentjobs.example>');
    expect(input.ConfigurationSetName).toBe('latent-jobs-prod');
    expect(input.Destination!.ToAddresses).toEqual(['ada@example.com']);
    expect(simple.Body!.Html!.Data).toBe(rendered.html);
    expect(simple.Body!.Text!.Data).toContain('Unsubscribe: https://latentjobs.example/api/unsubscribe?token=');
    for (const job of jobs) {
      const url = jobPageUrl(SITE, job);
      expect(rendered.text).toContain(url);
      expect(rendered.html).toContain(`href="${url}"`);
    }
    expect(rendered.html).toContain(`href="${SITE}/dashboard"`);
    expect(rendered.html).toContain('Latent Jobs, 1 Example Street, Springfield');
    expect(rendered.text).toContain('Latent Jobs, 1 Example Street, Springfield');
  });

  it('shows pay as posted when known and a posted-ago time', async () => {
    const paid = captured.find((job) => job.compensation?.min != null && job.compensation.max != null && job.compensation.currency === 'USD')!;
    const { rendered } = await build(recent([paid], 1), 'Ada');
    expect(rendered.text).toMatch(/\$\d+k( - \$\d+k)?/);
    expect(rendered.text).toMatch(/Posted (\d+ (minute|hour|day|month|year)s? ago|just now)/);
  });

  it('escapes every job field in the HTML and keeps hostile text out of the headers', async () => {
    const hostile = '<script>alert("x")</script><img src=x onerror=alert(1)>\r\nBcc: victim@example.com';
    const job: Job = {
      ...recent(captured, 1)[0]!,
      department: 'Engineering',
      job_title: hostile,
      company_name: `Evil & Co <b>${hostile}`,
      locations: [{ city: null, region: null, country: null, label: `<iframe src="javascript:alert(1)">` }],
      compensation: { min: 1, max: 2, currency: 'USD', period: 'year', summary: '<b>' },
    };
    const { input, rendered } = await build([job], `Mallory\r\nBcc: victim@example.com <script>`);
    expect(rendered.html).not.toMatch(/<script|<img|<iframe|<b>/i);
    expect(rendered.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(rendered.html).toContain('Evil &amp; Co &lt;b&gt;');
    const simple = input.Content!.Simple!;
    for (const value of [simple.Subject!.Data!, ...simple.Headers!.flatMap((h) => [h.Name!, h.Value!]), input.FromEmailAddress!, ...input.Destination!.ToAddresses!]) {
      expect(value).not.toMatch(/[\r\n]/);
      expect(value).not.toContain('victim@example.com');
    }
  });

  it('refuses a recipient that is not a bare address, and a token that is not a compact JWS', async () => {
    const { rendered } = await build(recent(captured, 1), 'Ada');
    expect(() => buildDigestMessage(settings, 'ada@example.com\r\nBcc: x@example.com', '2026-03-10', TOKEN, rendered)).toThrow(/bare email/);
    expect(() => buildDigestMessage(settings, 'ada@example.com', '2026-03-10', `${TOKEN}\r\nX-Evil: 1`, rendered)).toThrow(/compact JWS/);
  });
});
