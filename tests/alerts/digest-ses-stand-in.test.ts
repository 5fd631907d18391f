/**
 * One digest end to end on the real local stand-ins: a paid subscriber and real captured jobs in
 * DynamoDB Local, the runner with the real SES v2 client and signed unsubscribe tokens, sent to
 * aws-ses-v2-local: the email arrives with its subject, both parts and the job links; a second
 * run of the same day sends nothing.
 */
import { describe, expect, it } from 'vitest';
import { readMailConfig } from '../../lambdas/config';
import { readSesStore } from '../../infra/local/ses-stand-in';
import { loadCapturedJobs } from './captured-jobs';
import { addPaidSubscriber, digestStandIns, standInDigestService } from './stand-in-digest';
import { jobPageUrl } from '../../shared/seo/page-paths';

const NOW = '2026-03-10T07:00:00.000Z';

describe('a digest sent to aws-ses-v2-local', () => {
  const world = digestStandIns();

  it('arrives in the inbox once', async () => {
    const engineering = (await loadCapturedJobs()).filter((job) => job.department === 'Engineering');
    // One per company: the digest lists at most 5 per company.
    const jobs = [...new Map(engineering.map((job) => [job.company_key, job])).values()].slice(0, 8);
    await world.catalog.storage.jobs.putMany(jobs.map((job, i) => ({ ...job, first_seen_at: new Date(Date.parse(NOW) - (i + 1) * 3_600_000).toISOString(), closed_at: null })));
    await addPaidSubscriber(world.catalog, { user_id: 'sub-ada', email: 'Ada@Example.com', name: 'Ada Lovelace' }, ['Engineering']);
    const mail = readMailConfig({}, { SES_ENDPOINT: world.ses.endpoint, SITE_URL: 'https://latentjobs.example' });
    const service = standInDigestService(world.catalog, mail);
    const report = await service.run({ day: '2026-03-10', now: new Date(NOW) });
    expect(report.sent).toHaveLength(1);
    expect(report.unserved).toEqual([]);

    const inbox = await readSesStore(world.ses.endpoint);
    expect(inbox).toHaveLength(1);
    const [email] = inbox;
    expect(email!.destination.to).toEqual(['ada@example.com']);
    expect(email!.subject).toBe('8 new AI jobs in Engineering');
    for (const job of jobs) expect(email!.body.text).toContain(jobPageUrl('https://latentjobs.example', job));
    expect(email!.body.html).toContain('Hi Ada Lovelace');
    expect(email!.body.text).toMatch(/Unsubscribe: https:\/\/latentjobs\.example\/api\/unsubscribe\?token=[\w-]+\.[\w-]+\.[\w-]+/);

    const again = await service.run({ day: '2026-03-10', now: new Date(NOW) });
    expect(again.sent).toEqual([]);
    expect(again.already_sent).toBe(1);
    expect(await readSesStore(world.ses.endpoint)).toHaveLength(1);
  });
});
