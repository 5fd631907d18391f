/**
 * The digest links to the site the local product runs, whatever its port: the product names its
 * URL in `<data>/site/url.json` (infra/local/local-site.ts, as `npm start` does after it listens),
 * the digest command reads it when SITE_URL is not set, and the email sent to aws-ses-v2-local
 * links every job, the dashboard, the unsubscribe page and, when more jobs matched than the
 * email holds, the saved search on the site to that address and never to the default port 3000.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMailConfig } from '../../lambdas/config';
import { localSiteEnv, nameLocalSite, siteFile } from '../../infra/local/local-site';
import { readSesStore } from '../../infra/local/ses-stand-in';
import { loadCapturedJobs } from './captured-jobs';
import { addPaidSubscriber, digestStandIns, standInDigestService } from './stand-in-digest';

const NOW = '2026-03-10T07:00:00.000Z';

describe('digest links on a local product that is not on port 3000', () => {
  const world = digestStandIns();
  let site: Server;
  let siteUrl: string;
  const dataRoot = mkdtempSync(path.join(tmpdir(), 'digest-site-'));
  const dataDir = path.join(dataRoot, 'dynamodb');

  beforeAll(async () => {
    // What answers on the product's port (any answer proves it runs); its own port, never 3000.
    site = createServer((_req, res) => res.end('{}'));
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://localhost:${(site.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => site?.close(resolve));
    rmSync(dataRoot, { recursive: true, force: true });
  });

  it('finds the running site only while it is named and SITE_URL is not set', async () => {
    expect(await localSiteEnv({}, siteFile(dataDir))).toEqual({});
    const unname = nameLocalSite(dataDir, siteUrl);
    expect(await localSiteEnv({}, siteFile(dataDir))).toEqual({ SITE_URL: siteUrl });
    expect(await localSiteEnv({ SITE_URL: 'https://latentjobs.example' }, siteFile(dataDir))).toEqual({});
    unname();
    expect(await localSiteEnv({}, siteFile(dataDir))).toEqual({});
  });

  it('sends an email whose links all go to that site, with the overflow count and search', async () => {
    expect(siteUrl).not.toContain(':3000');
    const unname = nameLocalSite(dataDir, siteUrl);
    const env = { PORT: '3000' };
    const mail = readMailConfig(env, { SES_ENDPOINT: world.ses.endpoint, ...(await localSiteEnv(env, siteFile(dataDir))) });
    unname();
    expect(mail.siteUrl).toBe(siteUrl);

    const engineering = (await loadCapturedJobs()).filter((job) => job.department === 'Engineering');
    const byCompany = new Map<string, typeof engineering>();
    for (const job of engineering) byCompany.set(job.company_key, [...(byCompany.get(job.company_key) ?? []), job]);
    const [big, ...others] = [...byCompany.values()].sort((a, b) => b.length - a.length);
    // 7 of one company (the email holds 5 of them) and one each of two others: 9 matched, 7 shown.
    const jobs = [...big!.slice(0, 7), others[0]![0]!, others[1]![0]!];
    await world.catalog.storage.jobs.putMany(jobs.map((job, i) => ({ ...job, first_seen_at: new Date(Date.parse(NOW) - (i + 1) * 3_600_000).toISOString(), closed_at: null })));
    await addPaidSubscriber(world.catalog, { user_id: 'sub-grace', email: 'grace@example.com', name: 'Grace Hopper' }, ['Engineering']);
    const service = standInDigestService(world.catalog, mail);
    const report = await service.run({ day: '2026-03-10', now: new Date(NOW) });
    expect(report.unserved).toEqual([]);
    expect(report.sent.map((sent) => sent.job_count)).toEqual([7]);

    const [email] = await readSesStore(world.ses.endpoint);
    const text = email!.body.text!;
    const html = email!.body.html!;
    const links = [...text.matchAll(/https?:\/\/\S+/g)].map(([link]) => link);
    expect(links.length).toBeGreaterThanOrEqual(7 + 3);
    for (const link of links) expect(link.startsWith(`${siteUrl}/`)).toBe(true);
    expect(text).toContain(`Manage your alerts: ${siteUrl}/dashboard`);
    expect(text).toContain(`Unsubscribe: ${siteUrl}/api/unsubscribe?token=`);
    const search = `${siteUrl}/?department=Engineering&first_seen_since=2026-03-08T07%3A00%3A00.001Z&sort=newest`;
    expect(text).toContain(`2 more new jobs for this search: ${search}`);
    expect(html).toContain(`href="${search.replaceAll('&', '&amp;')}"`);
    expect(html).toContain('2 more new jobs for this search');
    expect(`${text}${html}`).not.toContain('localhost:3000');
  });
});
