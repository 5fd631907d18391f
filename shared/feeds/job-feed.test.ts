import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { toJobSummary } from '../jobs/job-summary';
import { createJobIndex } from '../search/job-index';
import { COHERE_JOBS } from '../../tests/support/cohere-fixtures';
import { InMemoryJobRepository } from '../../tests/support/in-memory-ports';
import { fixedClock } from '../time/clock';
import { jobFeed } from './job-feed';

const deps = { index: createJobIndex(COHERE_JOBS.map(toJobSummary)), jobs: new InMemoryJobRepository(COHERE_JOBS), clock: fixedClock('2025-10-28T12:00:00.000Z') };
const ORIGIN = 'https://jobs.example.com';

describe('jobFeed', () => {
  it('writes valid RSS 2.0 of the search in the page URL, newest first, linking to the job pages', async () => {
    const feed = await jobFeed('rss', new URLSearchParams('search=staff&sort=bogus'), ORIGIN, deps);
    expect(feed.contentType).toBe('application/rss+xml; charset=utf-8');
    expect(XMLValidator.validate(feed.body)).toBe(true);
    const { rss } = new XMLParser({ ignoreAttributes: false }).parse(feed.body);
    expect(rss['@_version']).toBe('2.0');
    expect(rss.channel.title).toBe('Latent Jobs: staff');
    expect(rss.channel.link).toBe(`${ORIGIN}/?search=staff`);
    const items = [rss.channel.item].flat();
    expect(items.map((item: { title: string }) => item.title)).toEqual([
      'Member of Technical Staff, Pre-Training Data at Cohere',
      'Senior Member of Technical Staff, Multimodal AI at Cohere',
    ]);
    expect(items[0].link).toMatch(/^https:\/\/jobs\.example\.com\/jobs\/Cohere\/[a-z0-9-]+$/);
    expect(items[0].description).toContain('Toronto, CA · Remote');
  });

  it('writes JSON Feed 1.1 with the same filters', async () => {
    const feed = await jobFeed('json', new URLSearchParams('is_remote=remote'), ORIGIN, deps);
    const body = JSON.parse(feed.body);
    expect(feed.contentType).toBe('application/feed+json; charset=utf-8');
    expect(body).toMatchObject({ version: 'https://jsonfeed.org/version/1.1', home_page_url: `${ORIGIN}/?is_remote=remote`, feed_url: `${ORIGIN}/feeds/jobs.json?is_remote=remote` });
    expect(body.items.map((item: { title: string }) => item.title)).toEqual(['Member of Technical Staff, Pre-Training Data at Cohere']);
    expect(body.items[0]).toMatchObject({ authors: [{ name: 'Cohere' }], date_published: expect.stringMatching(/^\d{4}-/) });
  });

  it('keeps hostile crawled text as text', async () => {
    const hostile = { ...COHERE_JOBS[0]!, job_title: 'Engineer ]]><script>alert(1)</script>' };
    const hostileDeps = { ...deps, index: createJobIndex([toJobSummary(hostile)]) };
    const rss = (await jobFeed('rss', new URLSearchParams(), ORIGIN, hostileDeps)).body;
    expect(XMLValidator.validate(rss)).toBe(true);
    expect(new XMLParser().parse(rss).rss.channel.item.title).toBe('Engineer ]]><script>alert(1)</script> at Cohere');
  });
});
