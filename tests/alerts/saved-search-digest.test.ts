/**
 * The digest of saved searches (issue 20.3) end to end on the local stand-ins: users, saved
 * searches, real captured jobs and the ledger in DynamoDB Local, the digest service with the real
 * SES v2 client, emails read back from aws-ses-v2-local's inbox. Then the yearly plan's hourly
 * run on the same stand-ins.
 */
import { describe, expect, it } from 'vitest';
import { readMailConfig } from '../../lambdas/config';
import { readSesStore } from '../../infra/local/ses-stand-in';
import { createSavedSearch, type SavedSearchDeps } from '../../shared/alerts/saved-searches-api';
import { MAX_JOBS_PER_SECTION } from '../../shared/alerts/digest-selection';
import { randomSavedSearchIds } from '../../lambdas/storage/saved-search-ids';
import { createJobIndex } from '../../shared/search/job-index';
import type { Job } from '../../shared/jobs/job';
import type { Subscription } from '../../shared/users/user';
import { loadCapturedJobs } from './captured-jobs';
import { digestStandIns, standInDigestService } from './stand-in-digest';

const NOW = '2026-03-10T07:00:00.000Z';
const SITE = 'https://latentjobs.example';
const hoursBefore = (iso: string, hours: number) => new Date(Date.parse(iso) - hours * 3_600_000).toISOString();

const subscription = (plan: Subscription['plan']): Subscription => ({
  status: 'active',
  plan,
  current_period_end: '2026-04-01T00:00:00.000Z',
  cancel_at_period_end: false,
  stripe_customer_id: null,
  stripe_subscription_id: 'sub_test',
  updated_at: NOW,
});

const jobUrl = (job: Pick<Job, 'company_name' | 'slug_url'>) => `${SITE}/jobs/${encodeURIComponent(job.company_name)}${job.slug_url}`;

describe('the digest of saved searches, on DynamoDB Local and aws-ses-v2-local', () => {
  const world = digestStandIns();

  /** A paid subscriber (plan as given) with these saved searches, made through the API's own use case. */
  const subscriber = async (id: string, plan: Subscription['plan'], searches: { name: string; search: unknown; frequency?: string }[]) => {
    const { users, savedSearches } = world.catalog.storage;
    const user = await users.upsertFromClaims({ user_id: `sub-${id}`, email: `${id}@example.com`, name: id }, NOW);
    await users.saveSubscription(user.user_id, subscription(plan), user.version, NOW);
    // Saved a minute apart, in the order given (the digest's sections follow it).
    let minute = 0;
    const clock = () => new Date(Date.parse(NOW) - 3_600_000 + (minute += 1) * 60_000);
    const deps: SavedSearchDeps = { searches: savedSearches, users, ids: randomSavedSearchIds, clock, siteUrl: SITE, recentIndex: async () => createJobIndex([]) };
    for (const search of searches) await createSavedSearch(user.user_id, search, deps);
  };

  const inboxOf = async (address: string) => (await readSesStore(world.ses.endpoint)).filter((email) => email.destination.to[0] === address);

  it('sends one email a subscriber with a section per search, each job once, capped with a link to the rest', async () => {
    const captured = await loadCapturedJobs();
    const engineering = captured.filter((job) => job.department === 'Engineering');
    const byCompany = new Map<string, Job[]>();
    for (const job of engineering) byCompany.set(job.company_key, [...(byCompany.get(job.company_key) ?? []), job]);
    // 14 Engineering jobs of distinct companies (more than a section holds), and one Sales job.
    const fresh = [...byCompany.values()].map((jobs) => jobs[0]!).slice(0, 14);
    const sales = captured.find((job) => job.department === 'Sales' && job.company_key !== fresh[0]!.company_key)!;
    const old = engineering.find((job) => !fresh.includes(job))!;
    await world.catalog.storage.jobs.putMany([
      ...[...fresh, sales].map((job, i) => ({ ...job, first_seen_at: hoursBefore(NOW, 1 + i / 10), closed_at: null })),
      // First seen before the 48-hour window, though posted yesterday: not new.
      { ...old, first_seen_at: hoursBefore(NOW, 60), date_posted: hoursBefore(NOW, 24), closed_at: null },
    ]);
    const company = fresh[0]!.company_name;
    await subscriber('ada', 'monthly', [
      { name: `${company} jobs`, search: { companies: [company] } },
      { name: 'Engineering', search: { departments: ['Engineering'] } },
      { name: 'Sales', search: { departments: ['Sales'] } },
      { name: 'Nothing yet', search: { search: ['zyxwvut'] } },
    ]);
    await subscriber('bob', 'monthly', [{ name: 'Nothing for Bob', search: { search: ['qwertyuiop'] } }]);

    const mail = readMailConfig({}, { SES_ENDPOINT: world.ses.endpoint, SITE_URL: SITE });
    const service = standInDigestService(world.catalog, mail);
    const report = await service.run({ day: '2026-03-10', now: new Date(NOW) });
    expect(report.unserved).toEqual([]);
    expect(report.sent.map((sent) => sent.email)).toEqual(['ada@example.com']);
    expect(report.nothing_new).toEqual(['sub-bob']);
    expect(await inboxOf('bob@example.com')).toEqual([]);

    const [email] = await inboxOf('ada@example.com');
    expect(email!.subject).toBe(`15 new AI jobs in ${company} jobs, Engineering, Sales`);
    const text = email!.body.text!;
    const sections = text.split(/^== /m).slice(1);
    expect(sections.map((section) => section.split(' ==')[0])).toEqual([`${company} jobs`, 'Engineering', 'Sales']);
    // The company's job: listed once, under the first search, marked as matching the second too.
    expect(sections[0]).toContain(jobUrl(fresh[0]!));
    expect(sections[0]).toContain('Also matches Engineering');
    expect(sections[1]).not.toContain(jobUrl(fresh[0]!));
    // Engineering: the other 13, 10 shown, and a link to the search on the site for the rest.
    const listed = fresh.slice(1).filter((job) => sections[1]!.includes(jobUrl(job)));
    expect(listed).toHaveLength(MAX_JOBS_PER_SECTION);
    expect(sections[1]).toContain(`3 more new jobs for this search: ${SITE}/?department=Engineering&first_seen_since=2026-03-08T07%3A00%3A00.001Z&sort=newest`);
    expect(sections[2]).toContain(jobUrl(sales));
    expect(text).not.toContain(jobUrl(old));
    expect(text).not.toContain('Nothing yet');
    expect(email!.body.html).toContain('Also matches Engineering');
    for (const url of text.match(/https:\/\/latentjobs\.example\/jobs\/\S+/g)!) expect(text.indexOf(url)).toBe(text.lastIndexOf(url));

    const again = await service.run({ day: '2026-03-10', now: new Date(NOW) });
    expect(again.sent).toEqual([]);
    expect(again.already_sent).toBe(1);
    expect(await inboxOf('ada@example.com')).toHaveLength(1);
  });

  it('sends the yearly plan its hourly searches within the hour, at most once an hour, and leaves them out of the daily digest', async () => {
    const captured = await loadCapturedJobs();
    const research = captured.filter((job) => job.department === 'Research');
    const hour1 = '2026-03-10T09:05:00.000Z';
    const hour2 = '2026-03-10T10:05:00.000Z';
    await world.catalog.storage.jobs.putMany(research.slice(0, 3).map((job, i) => ({ ...job, first_seen_at: hoursBefore(hour1, 0.5 + i / 10), closed_at: null })));
    await subscriber('yuri', 'yearly', [{ name: 'Research, hourly', search: { departments: ['Research'] }, frequency: 'hourly' }]);
    const mail = readMailConfig({}, { SES_ENDPOINT: world.ses.endpoint, SITE_URL: SITE });
    const service = standInDigestService(world.catalog, mail);

    const first = await service.run({ day: '2026-03-10T09', now: new Date(hour1), cadence: 'hourly' });
    expect(first.sent.map((sent) => [sent.email, sent.job_count])).toEqual([['yuri@example.com', 3]]);
    // The monthly subscribers of the test before have no hourly alerts.
    expect(first.ineligible['no-searches']).toBeGreaterThanOrEqual(2);
    const again = await service.run({ day: '2026-03-10T09', now: new Date('2026-03-10T09:40:00.000Z'), cadence: 'hourly' });
    expect(again.sent).toEqual([]);
    expect(again.already_sent).toBe(1);

    // A job first seen in the next hour goes out in that hour's email, alone.
    const later = research[3]!;
    await world.catalog.storage.jobs.putMany([{ ...later, first_seen_at: hoursBefore(hour2, 0.2), closed_at: null }]);
    const second = await service.run({ day: '2026-03-10T10', now: new Date(hour2), cadence: 'hourly' });
    expect(second.sent.map((sent) => sent.job_count)).toEqual([1]);
    const emails = await inboxOf('yuri@example.com');
    expect(emails).toHaveLength(2);
    expect(emails[1]!.body.text).toContain(jobUrl(later));
    for (const job of research.slice(0, 3)) expect(emails[1]!.body.text).not.toContain(jobUrl(job));

    // The daily digest leaves the hourly search to the hourly run.
    const daily = await service.run({ day: '2026-03-10', now: new Date(hour2) });
    expect(daily.sent.map((sent) => sent.email)).not.toContain('yuri@example.com');
    expect(await inboxOf('yuri@example.com')).toHaveLength(2);
  });
});
