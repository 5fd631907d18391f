import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { JobSchema } from '../../../shared/jobs/job';
import { HARVEY, harveyPosting } from '../../../shared/sources/fixtures/career-pages';
import { fixedClock } from '../../../shared/time/clock';
import { jobLinks, jobListJobs } from './job-links';

/**
 * Job lists as career pages write them (constructed HTML; titles and places from real Harvey
 * postings, stapply-ai/ats-scrapers@43ece6fd:ashby/companies/harvey.json).
 */
const PAGE = 'https://www.harvey.example/careers';
const ctx = {
  company: { company_key: 'harvey', company_name: 'Harvey', company_url: null, company_logo: null },
  boardToken: PAGE,
  clock: fixedClock('2025-10-28T12:00:00.000Z'),
  pageUrl: PAGE,
};

const title = (key: keyof typeof HARVEY) => harveyPosting(HARVEY[key]).title;

describe('jobLinks', () => {
  it('takes posting links of the same site, with list locations, and leaves navigation, other sites and blog posts out', () => {
    const html = `<nav><a href="/">Home</a><a href="/careers">Careers</a><a href="/about">About us</a></nav>
      <table><tr><td><a href="/careers/jobs/77c9c2d9?utm_source=board#top">${title('salesLondon')}</a></td><td>London, United Kingdom</td></tr></table>
      <ul><li><a href="https://harvey.example/positions/4460730f"><strong>${title('contractsRemote')}</strong></a><span>Legal</span><span>Remote - US</span></li></ul>
      <a href="/careers?page=2">Next</a> <a href="/careers/jobs/77c9c2d9/">Apply now</a>
      <a href="https://jobs.lever.co/harvey/abc">${title('frontendToronto')}</a>
      <a href="/blog/how-our-engineer-interviews-work">How our engineer interviews work</a>
      <a href="/careers/jobs/brochure.pdf">Benefits (PDF)</a>`;
    const links = jobLinks(html, PAGE);
    expect(links.map((link) => link.url)).toEqual(['https://www.harvey.example/careers/jobs/77c9c2d9', 'https://harvey.example/positions/4460730f']);
    const jobs = jobListJobs(html, ctx).jobs;
    expect(jobs.map((job) => [job.job_title, job.locations.map((p) => p.label), job.workplace_type])).toEqual([
      [title('salesLondon'), ['London, GB'], 'onsite'],
      [title('contractsRemote'), ['Remote (US)'], 'remote'],
    ]);
  });

  it('reads a role-named link without a jobs path, and a title inside a heading with the place below it', () => {
    const html = `<div class="opening"><a href="/join/data-science"><h4>${title('dataScientist')}</h4><p>San Francisco, CA</p></a></div>`;
    const [job] = jobListJobs(html, ctx).jobs;
    expect(job).toMatchObject({ job_title: title('dataScientist'), locations: [{ label: 'San Francisco, CA, US' }], job_url: 'https://www.harvey.example/join/data-science' });
  });

  it('never throws, and every guess is a valid job (fuzz)', () => {
    const pieces = fc.constantFrom('<a href="/careers/jobs/1">', '<a href="/x">Staff Engineer', '</a>', '<li>', '</li>', '<span class="location">', 'Remote (US)', '<h3>', '</h3>', '<a href=javascript:alert(1)>Engineer</a>', '&amp;', '<script>');
    fc.assert(
      fc.property(fc.array(fc.oneof(pieces, fc.string()), { maxLength: 25 }), (parts) => {
        const result = jobListJobs(parts.join(''), ctx);
        for (const job of result.jobs) JobSchema.parse(job);
      }),
      { numRuns: 200 },
    );
  });
});
