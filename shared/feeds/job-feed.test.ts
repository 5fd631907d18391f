import { parseFeed } from '@rowanmanning/feed-parser';
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

/**
 * Hostile values in every crawled field (constructed: no capture holds them), parsed back by a
 * feed parser we did not write (@rowanmanning/feed-parser) and checked for well-formedness
 * (fast-xml-parser's validator) and for characters XML 1.0 does not allow.
 */
describe('feeds of hostile crawled text', () => {
  const controls = '\u0000\u0001\u0008\u000b\u000c\u001b\u007f\ufffe\uffff\ud800';
  const hostile = {
    ...COHERE_JOBS[0]!,
    job_title: 'Engineer ]]><link>https://evil.example/1</link> ]]><description>pwned</description>' + controls,
    company_name: 'Acme ]]> <script>alert(1)</script> & Co' + controls,
    locations: [
      { city: null, region: null, country: null, label: '<img src=x onerror=alert(1)>' },
      { city: 'Berlin', region: null, country: 'DE', label: 'Berlin ]]><b>DE</b>' + controls },
    ],
    skills: ['<svg onload=alert(1)>', ']]>' + controls],
    job_url: 'javascript:alert(1)',
  };
  const hostileDeps = { ...deps, jobs: new InMemoryJobRepository([hostile]), index: createJobIndex([toJobSummary(hostile)]) };
  const cleanTitle = 'Engineer ]]><link>https://evil.example/1</link> ]]><description>pwned</description> at Acme ]]> <script>alert(1)</script> & Co';
  /** Whether `text` holds a character XML 1.0 refuses or discourages (every control but tab and newlines, lone surrogates, U+FFFE/U+FFFF). */
  const hasNonXml = (text: string) => [...text].some((char) => {
    const code = char.codePointAt(0)!;
    return (code < 0x20 && ![0x09, 0x0a, 0x0d].includes(code)) || (code >= 0x7f && code <= 0x9f) || (code >= 0xd800 && code <= 0xdfff) || code === 0xfffe || code === 0xffff;
  });

  it('RSS: one item, its own link, the hostile text as text, a well-formed document', async () => {
    const searched = (await jobFeed('rss', new URLSearchParams('search=%5D%5D%3E%3Cx%3E%00'), ORIGIN, hostileDeps)).body;
    expect(XMLValidator.validate(searched)).toBe(true);
    expect(parseFeed(searched).title).toBe('Latent Jobs: ]]><x>');
    const body = (await jobFeed('rss', new URLSearchParams(), ORIGIN, hostileDeps)).body;
    expect(XMLValidator.validate(body)).toBe(true);
    expect(hasNonXml(body)).toBe(false);
    expect(body).not.toContain('<![CDATA[');
    const feed = parseFeed(body);
    expect(feed.items).toHaveLength(1);
    const [item] = feed.items;
    expect(item!.title).toBe(cleanTitle);
    expect(item!.url).toMatch(/^https:\/\/jobs\.example\.com\/jobs\/Acme/);
    expect(item!.url).not.toContain('evil');
    // A reader shows the crawled places as the text they are...
    expect(item!.description).toBe('<img src=x onerror=alert(1)>; Berlin ]]><b>DE</b> · On-site');
    // ...because the description, HTML by RSS convention, holds no element: only escaped text.
    const channel = new XMLParser({ ignoreAttributes: false, processEntities: true, htmlEntities: false }).parse(body).rss.channel;
    expect(channel.item.description).toBe('&lt;img src=x onerror=alert(1)&gt;; Berlin ]]&gt;&lt;b&gt;DE&lt;/b&gt; · On-site');
    expect(Object.keys(channel.item).sort()).toEqual(['category', 'description', 'guid', 'link', 'pubDate', 'title']);
    expect(channel.item.link).toBe(item!.url);
  });

  it('JSON Feed: text only, no javascript: link, no character XML would refuse', async () => {
    const body = (await jobFeed('json', new URLSearchParams(), ORIGIN, hostileDeps)).body;
    expect(hasNonXml(body)).toBe(false);
    const feed = JSON.parse(body) as { items: Record<string, unknown>[] };
    expect(feed.items).toHaveLength(1);
    const [item] = feed.items;
    expect(item!.title).toBe(cleanTitle);
    expect(item!.content_html).toBeUndefined();
    expect(item!.content_text).toContain('<img src=x onerror=alert(1)>; Berlin ]]><b>DE</b>');
    expect(item!.external_url).toBeUndefined();
    expect(item!.authors).toEqual([{ name: 'Acme ]]> <script>alert(1)</script> & Co' }]);
  });
});
