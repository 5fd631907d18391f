import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { JobSchema } from '../jobs/job';
import { fixedClock } from '../time/clock';
import { canonicalJobUrl } from './canonical-url';
import { HARVEY, harveyPosting, ldScript, schemaOrgExample0028, schemaOrgExample0268, toJobPosting } from './fixtures/career-pages';
import { extractJsonLd, parseJobPostings, parseJsonLdJobs, type CareerPageParseContext } from './jsonld';
import { expectAccounted, jobWith } from '../../tests/support/adapter-checks';

/**
 * The JSON-LD extractor on constructed career pages (HTML written here) carrying real Harvey
 * postings and schema.org's own examples: see ./fixtures/career-pages.ts for the sources.
 */

const SITE = 'https://careers.harvey.example';
const NOW = '2025-10-28T12:00:00.000Z';

const ctx = (pageUrl = `${SITE}/careers`): CareerPageParseContext => ({
  company: { company_key: 'harvey', company_name: 'Harvey', company_url: null, company_logo: null },
  boardToken: `${SITE}/careers`,
  clock: fixedClock(NOW),
  pageUrl,
});

const posting = (key: keyof typeof HARVEY, options: { withIdentifier?: boolean; url?: string | null } = {}) =>
  toJobPosting(harveyPosting(HARVEY[key]), { site: SITE, ...options });

/** A career page the way sites publish JSON-LD: a @graph, an array, a broken block, comments. */
const listingPage = (): string => `<!doctype html>
<html><head><title>Careers at Harvey</title>
<script type="application/ld+json">
${JSON.stringify({
  '@context': 'https://schema.org',
  '@graph': [
    { '@type': 'Organization', '@id': `${SITE}/#org`, name: 'Harvey', url: 'https://www.harvey.ai' },
    { '@type': 'WebPage', '@id': `${SITE}/careers`, name: 'Careers' },
    posting('productSecurity'),
  ],
})}
</script>
${ldScript([posting('contractsRemote'), posting('recruitingHourly')])}
<script type="application/ld+json">{ "@context": "https://schema.org", "@type": "JobPosting", "title": "cut off mid-block"</script>
<!-- an old posting, commented out by the site:
${ldScript(posting('bizDevGermany'))}
-->
<script type="application/ld+json"><!--
${JSON.stringify(posting('salesLondon'))}
--></script>
<script type="application/ld+json">
// written by hand: a comment, a trailing comma, a raw tab and line break inside a string
{ "@context": "https://schema.org", "@type": ["JobPosting", "Thing"],
  "title": "${harveyPosting(HARVEY.frontendToronto).title}",
  "description": "<p>Line one\tand\nline two</p>",
  "datePosted": "${harveyPosting(HARVEY.frontendToronto).publishedAt}",
  "jobLocationType": "TELECOMMUTE",
  "applicantLocationRequirements": [{ "@type": "Country", "name": "Canada" }],
  "identifier": "${harveyPosting(HARVEY.frontendToronto).id}",
}
</script>
<script type="application/ld+json">
${JSON.stringify({
  '@context': 'https://schema.org',
  '@type': 'ItemList',
  itemListElement: [{ '@type': 'ListItem', position: 1, item: posting('backendScripted') }],
})}
</script>
<script type="application/json">${JSON.stringify(posting('dataScientist'))}</script>
</head><body><h1>Open roles</h1></body></html>`;

describe('extractJsonLd', () => {
  it('finds postings in @graph, arrays, item lists, comment-wrapped and hand-written blocks, and skips the broken block', () => {
    const document = extractJsonLd(listingPage());
    expect(document.blocks).toBe(6);
    expect(document.brokenBlocks).toBe(1);
    expect(document.postings.map((p) => p.title)).toEqual([
      'Software Engineer, Product Security',
      'Contracts Manager',
      'Recruiting Coordinator (6-month Contract)',
      'Enterprise Sales Manager, EMEA',
      'Staff Software Engineer, Frontend',
      'Senior Software Engineer, Backend',
    ]);
  });

  it('does not read commented-out blocks or other script types', () => {
    const titles = extractJsonLd(listingPage()).postings.map((p) => p.title);
    expect(titles).not.toContain('Strategic Business Development Lead, Germany');
    expect(titles).not.toContain('Staff Data Scientist');
  });

  it('reads a block with only an @type array naming a prefixed JobPosting', () => {
    const html = ldScript({ '@type': ['schema:JobPosting'], title: 'Prefixed' }) + ldScript({ '@type': 'http://schema.org/JobPosting', title: 'Full IRI' });
    expect(extractJsonLd(html).postings.map((p) => p.title)).toEqual(['Prefixed', 'Full IRI']);
  });

  it('returns nothing for a page without JSON-LD', () => {
    expect(extractJsonLd('<html><body><a href="/jobs/1">Engineer</a></body></html>')).toEqual({ postings: [], blocks: 0, brokenBlocks: 0 });
  });
});

describe('parseJsonLdJobs', () => {
  const result = parseJsonLdJobs(listingPage(), ctx());

  it('makes a job of every posting found', () => {
    expectAccounted(result, 6);
    expect(result.jobs).toHaveLength(6);
    expect(result.brokenBlocks).toBe(1);
  });

  it('maps an on-site posting with pay: title, id, dates, place, pay, company, link, description', () => {
    const source = harveyPosting(HARVEY.productSecurity);
    const job = jobWith(result, source.id);
    expect(job).toMatchObject({
      job_title: 'Software Engineer, Product Security',
      source: { ats: 'careers_page', board_token: `${SITE}/careers`, job_id: source.id },
      company_name: 'Harvey',
      company_url: 'https://www.harvey.ai',
      date_posted: new Date(source.publishedAt).toISOString(),
      first_seen_at: NOW,
      workplace_type: 'onsite',
      employment_type: 'full_time',
      locations: [{ city: 'San Francisco', region: 'CA', country: 'US', label: 'San Francisco, CA, US' }],
      compensation: { min: 215000, max: 250000, currency: 'USD', period: 'year' },
      min_salary: 215,
      max_salary: 250,
      job_url: `${SITE}/careers/jobs/${source.id}`,
      department: 'Engineering',
    });
    expect(job.description).toContain('<p>');
    expect(job.skills.length).toBeGreaterThan(0);
  });

  it('reads TELECOMMUTE with applicantLocationRequirements as a remote job in that country', () => {
    const job = jobWith(result, 'Contracts Manager');
    expect(job.workplace_type).toBe('remote');
    expect(job.locations.map((place) => place.label)).toEqual(['Remote (US)']);
    expect(job.compensation).toMatchObject({ min: 120000, max: 165000, currency: 'USD', period: 'year' });
  });

  it('keeps hourly contract pay as posted and out of the yearly USD figures', () => {
    const job = jobWith(result, 'Recruiting Coordinator (6-month Contract)');
    expect(job.employment_type).toBe('contract');
    expect(job.compensation).toMatchObject({ min: 35, max: 50, currency: 'USD', period: 'hour' });
    expect(job.min_salary).toBeNull();
  });

  it('reads the comment-wrapped block and the hand-written one with control characters', () => {
    expect(jobWith(result, 'Enterprise Sales Manager, EMEA').locations.map((p) => p.label)).toEqual(['London, GB']);
    const toronto = jobWith(result, 'Staff Software Engineer, Frontend');
    expect(toronto.workplace_type).toBe('remote');
    expect(toronto.locations.map((p) => p.label)).toEqual(['Remote (CA)']);
    expect(toronto.description).toBe('<p>Line one\tand\nline two</p>');
  });
});

describe('parseJobPostings on schema.org examples', () => {
  it('eg-0028: "Kirkland WA" without country is a US place; a bare salary number is no compensation', () => {
    const result = parseJsonLdJobs(`<script type="application/ld+json">${schemaOrgExample0028()}</script>`, ctx());
    const job = jobWith(result, 'Software Engineer');
    expect(job).toMatchObject({
      date_posted: '2011-10-31T00:00:00.000Z',
      employment_type: 'full_time',
      workplace_type: 'onsite',
      locations: [{ city: 'Kirkland', region: 'WA', country: 'US', label: 'Kirkland, WA, US' }],
      compensation: null,
      job_url: `${SITE}/careers`,
      source: { job_id: `${SITE}/careers` },
    });
  });

  it('eg-0268: name as title, remote from applicantLocationRequirements, now when there is no datePosted', () => {
    const result = parseJobPostings([schemaOrgExample0268()], ctx());
    const job = jobWith(result, 'Telecommute from anywhere in USA!');
    expect(job.workplace_type).toBe('remote');
    expect(job.locations.map((p) => p.label)).toEqual(['Remote (US)']);
    expect(job.date_posted).toBe(NOW);
  });
});

describe('parseJobPostings rules', () => {
  it('without identifier uses the canonical posting URL; two postings on one URL get the title added', () => {
    const withUrl = posting('salesLondon', { withIdentifier: false, url: `${SITE}/careers/sales-london/?utm_source=linkedin#apply` });
    const a = posting('dataScientist', { withIdentifier: false, url: null });
    const b = posting('appliedAi', { withIdentifier: false, url: null });
    const result = parseJobPostings([withUrl, a, b], ctx(`${SITE}/careers/all?gh_src=x`));
    expect(result.jobs.map((job) => job.source.job_id)).toEqual([
      `${SITE}/careers/sales-london`,
      `${SITE}/careers/all#Staff Data Scientist`,
      `${SITE}/careers/all#Staff Applied AI Engineer`,
    ]);
    expect(result.jobs[0]?.job_url).toBe(`${SITE}/careers/sales-london`);
  });

  it('skips an expired posting and one without a title, with reasons', () => {
    const expired = { ...posting('productSecurity'), validThrough: '2025-01-01' };
    const untitled = { '@type': 'JobPosting', description: 'no title here' };
    const result = parseJobPostings([expired, untitled], ctx());
    expect(result.jobs).toHaveLength(0);
    expect(result.skipped.map((s) => s.reason)).toEqual(['expired: validThrough 2025-01-01T00:00:00.000Z', 'no title']);
  });

  it('decodes an entity-escaped description once and sanitises it', () => {
    const escaped = { ...posting('productSecurity'), description: '&lt;p&gt;Build &lt;b&gt;secure&lt;/b&gt; systems&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;' };
    expect(parseJobPostings([escaped], ctx()).jobs[0]?.description).toBe('<p>Build <b>secure</b> systems</p>');
  });

  it('reads pay given as one value, with the currency on the posting, and a PostalAddress with a Country node', () => {
    const raw = {
      '@type': 'JobPosting',
      title: harveyPosting(HARVEY.bizDevGermany).title,
      salaryCurrency: 'EUR',
      baseSalary: { '@type': 'MonetaryAmount', value: { '@type': 'QuantitativeValue', value: '5,000', unitText: 'MONTH' } },
      jobLocation: [{ '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'Berlin', addressCountry: { '@type': 'Country', name: 'DE' } } }],
    };
    const job = parseJobPostings([raw], ctx()).jobs[0];
    expect(job?.compensation).toMatchObject({ min: 5000, max: 5000, currency: 'EUR', period: 'month' });
    expect(job?.locations.map((p) => p.label)).toEqual(['Berlin, DE']);
  });
});

describe('canonicalJobUrl', () => {
  it('drops tracking parameters, fragment and trailing slash; sorts the rest; refuses non-http', () => {
    expect(canonicalJobUrl('https://Example.com/careers/ml-engineer/?utm_source=x#apply')).toBe('https://example.com/careers/ml-engineer');
    expect(canonicalJobUrl('https://example.com/jobs?id=42&gh_src=abc&b=1')).toBe('https://example.com/jobs?b=1&id=42');
    expect(canonicalJobUrl('/jobs/1', 'https://example.com/careers')).toBe('https://example.com/jobs/1');
    expect(canonicalJobUrl('https://example.com/')).toBe('https://example.com');
    expect(canonicalJobUrl('mailto:jobs@example.com')).toBeNull();
    expect(canonicalJobUrl('javascript:alert(1)')).toBeNull();
  });
});

describe('fuzz', () => {
  const jsonValue = fc.jsonValue({ maxDepth: 4 });
  const postingLike = fc.record(
    {
      '@type': fc.constantFrom('JobPosting', ['JobPosting'], 'schema:JobPosting'),
      title: fc.oneof(fc.string(), fc.constant('Staff Data Scientist'), jsonValue),
      description: fc.oneof(fc.string(), jsonValue),
      datePosted: fc.oneof(fc.string(), fc.date({ noInvalidDate: true }).map((d) => d.toISOString()), jsonValue),
      validThrough: fc.oneof(fc.string(), jsonValue),
      employmentType: fc.oneof(fc.constantFrom('FULL_TIME', 'CONTRACTOR', ['INTERN', 'OTHER']), jsonValue),
      jobLocation: jsonValue,
      jobLocationType: fc.oneof(fc.constant('TELECOMMUTE'), jsonValue),
      applicantLocationRequirements: jsonValue,
      baseSalary: jsonValue,
      identifier: jsonValue,
      url: fc.oneof(fc.webUrl(), fc.string(), jsonValue),
      hiringOrganization: jsonValue,
    },
    { requiredKeys: ['@type'] },
  );

  it('no HTML string makes the extractor throw', () => {
    const fragments = fc.constantFrom('<script type="application/ld+json">', '</script>', '<!--', '-->', '{', '}', ',', '"@type":"JobPosting"', '"title":"x"', '[', ']', '\u0000', '\t', '<![CDATA[', ']]>', '//');
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.array(fc.oneof(fragments, fc.string()), { maxLength: 30 }).map((parts) => parts.join(''))), (html) => {
        const result = parseJsonLdJobs(html, ctx());
        expectAccounted(result, result.postings);
      }),
      { numRuns: 300 },
    );
  });

  it('any JSON-LD value or posting-like object gives valid jobs or skips, never an exception', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(jsonValue, postingLike), { maxLength: 4 }), (values) => {
        const html = values.map((value) => ldScript(value)).join('\n');
        const result = parseJsonLdJobs(html, ctx());
        expectAccounted(result, result.postings);
        for (const job of result.jobs) JobSchema.parse(job);
      }),
      { numRuns: 300 },
    );
  });
});
