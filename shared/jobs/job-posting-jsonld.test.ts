/**
 * The JobPosting JSON-LD builder against Google's JobPosting rules
 * (../shared/data/jsonld/GOOGLE-JOBPOSTING.md), on every real posting of the Ashby captures
 * (stapply-ai/ats-scrapers@43ece6fd:ashby/companies/*.json, copied to ../shared/data/ats/ashby)
 * read through the Ashby adapter, as the site serves them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseAshbyBoard } from '../sources/ashby';
import { fixedClock } from '../time/clock';
import { toPublicJob, type PublicJob } from './job';
import { buildJobPostingJsonLd, type JobPostingJsonLd } from './job-posting-jsonld';

const ASHBY_DIR = fileURLToPath(new URL('../../../shared/data/ats/ashby/', import.meta.url));
const NOW = '2026-03-01T12:00:00.000Z';
const clock = fixedClock(NOW);

/** Every captured posting as the public API returns it, keyed by "board-file slug". */
const jobs: Map<string, PublicJob> = new Map(
  readdirSync(ASHBY_DIR)
    .filter((name) => name.endsWith('.json'))
    .flatMap((name) => {
      const board = JSON.parse(readFileSync(`${ASHBY_DIR}${name}`, 'utf8')) as unknown;
      const company = name.replace(/\.json$/, '');
      const { jobs: parsed } = parseAshbyBoard(board, {
        company: { company_key: company.toLowerCase(), company_name: company, company_url: `https://${company}.example`, company_logo: null },
        boardToken: company,
        clock,
      });
      return parsed.map((job) => [`${name} ${job.slug_url}`, toPublicJob(job)] as const);
    }),
);

const job = (key: string): PublicJob => {
  const found = jobs.get(key);
  if (!found) throw new Error(`no captured job ${key}`);
  return found;
};

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const EMPLOYMENT_TYPES = ['FULL_TIME', 'PART_TIME', 'CONTRACTOR', 'TEMPORARY', 'INTERN', 'VOLUNTEER', 'PER_DIEM', 'OTHER'];
const UNITS = ['HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR'];

/** Paths of every undefined, null, NaN or empty-string value inside `value`. */
const emptyValues = (value: unknown, path = '$'): string[] => {
  if (value === undefined || value === null || value === '' || Number.isNaN(value)) return [path];
  if (Array.isArray(value)) return value.length === 0 ? [path] : value.flatMap((item, i) => emptyValues(item, `${path}[${i}]`));
  if (typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => emptyValues(item, `${path}.${key}`));
  return [];
};

/** Google's rules, as a list of broken ones (empty when the posting passes). */
const googleProblems = (posting: JobPostingJsonLd): string[] => {
  const problems: string[] = emptyValues(posting).map((path) => `empty value at ${path}`);
  const check = (ok: boolean, problem: string) => ok || problems.push(problem);
  check(posting['@context'] === 'https://schema.org' && posting['@type'] === 'JobPosting', 'not a schema.org JobPosting');
  check(typeof posting.title === 'string' && posting.title.trim() !== '', 'title');
  check(typeof posting.description === 'string' && posting.description.trim() !== '', 'description');
  check(ISO_DATE_TIME.test(posting.datePosted), 'datePosted is not ISO 8601');
  check(ISO_DATE_TIME.test(posting.validThrough), 'validThrough is not ISO 8601');
  check(posting.hiringOrganization?.['@type'] === 'Organization' && posting.hiringOrganization.name !== '', 'hiringOrganization');
  for (const place of posting.jobLocation ?? []) {
    check(place['@type'] === 'Place' && place.address['@type'] === 'PostalAddress', 'jobLocation is not a Place with a PostalAddress');
    check(place.address.addressCountry === undefined || /^[A-Z]{2}$/.test(place.address.addressCountry), 'addressCountry is not ISO 3166-1');
    // Google reads states and provinces; a named region ("EMEA", "Worldwide") is none.
    check(place.address.addressRegion === undefined || !/^(?:Worldwide|EMEA|APAC|LATAM|EU|Europe|Americas)$/.test(place.address.addressRegion), 'addressRegion is a named region');
  }
  if (posting.jobLocationType === 'TELECOMMUTE') {
    check((posting.applicantLocationRequirements ?? []).length > 0 || (posting.jobLocation ?? []).length > 0, 'TELECOMMUTE without applicantLocationRequirements or jobLocation');
  } else {
    check((posting.jobLocation ?? []).length > 0, 'on-site job without jobLocation');
  }
  for (const area of posting.applicantLocationRequirements ?? []) {
    check(area['@type'] === 'Country' && /^[A-Z]{2}$/.test(area.name), 'applicantLocationRequirements is not an ISO 3166-1 Country');
  }
  if (posting.employmentType !== undefined) check(EMPLOYMENT_TYPES.includes(posting.employmentType), 'employmentType');
  if (posting.baseSalary !== undefined) {
    const { currency, value } = posting.baseSalary;
    check(/^[A-Z]{3}$/.test(currency), 'baseSalary.currency');
    check(UNITS.includes(value.unitText), 'baseSalary unitText');
    check(typeof value.value === 'number' || (typeof value.minValue === 'number' && typeof value.maxValue === 'number' && value.minValue <= value.maxValue), 'baseSalary value');
  }
  check(posting.directApply === false, 'directApply');
  check(posting.identifier['@type'] === 'PropertyValue' && posting.identifier.value !== '', 'identifier');
  return problems;
};

describe('buildJobPostingJsonLd', () => {
  it('gives every captured posting whose place or eligibility is stated a JobPosting that passes Google rules and survives JSON', () => {
    let built = 0;
    let withoutPosting = 0;
    const failures: string[] = [];
    for (const [key, publicJob] of jobs) {
      const posting = buildJobPostingJsonLd(publicJob, { clock, pageUrl: `https://latentjobs.example/jobs/x${publicJob.slug_url}` });
      if (posting === null) {
        // Allowed only where Google's required location cannot be stated: remote "from anywhere?" with no place named.
        const unstated = publicJob.remote_eligibility?.scope === 'unknown' && publicJob.locations.every((place) => !place.city && !place.region && !place.country);
        if (unstated) withoutPosting += 1;
        else failures.push(`${key}: no JobPosting`);
        continue;
      }
      built += 1;
      const problems = googleProblems(posting);
      if (problems.length > 0) failures.push(`${key}: ${problems.join(', ')}`);
      expect(JSON.parse(JSON.stringify(posting))).toEqual(posting);
      expect(posting.validThrough).toBe('2026-03-31T12:00:00.000Z');
    }
    expect(failures).toEqual([]);
    expect(jobs.size).toBe(1323); // 1,333 postings, 10 of them not jobs (shared/sources/non-jobs.ts)
    // 2 remote postings located only "Remote" that do not say from where (anyscale, cursor): no TELECOMMUTE claim, so no JobPosting.
    // (elevenlabs' "Growth Engineering - Mobile" says "can be executed globally": open worldwide, it has one.)
    expect([built, withoutPosting]).toEqual([1321, 2]);
  });

  it('writes a USD-yearly on-site posting with both offices, its salary, employment type and identifier', () => {
    const posting = buildJobPostingJsonLd(job('anyscale.json /software-engineer-site-reliability-engineer-83ff056f'), {
      clock,
      pageUrl: 'https://latentjobs.example/jobs/anyscale/software-engineer-site-reliability-engineer-83ff056f',
    });
    expect(posting).toMatchObject({
      title: 'Software Engineer (Site Reliability Engineer)',
      datePosted: '2025-08-19T16:27:43.679Z',
      hiringOrganization: { '@type': 'Organization', name: 'anyscale', sameAs: 'https://anyscale.example' },
      jobLocation: [
        { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'San Francisco', addressRegion: 'CA', addressCountry: 'US' } },
        { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'Palo Alto', addressRegion: 'CA', addressCountry: 'US' } },
      ],
      employmentType: 'FULL_TIME',
      baseSalary: { '@type': 'MonetaryAmount', currency: 'USD', value: { '@type': 'QuantitativeValue', minValue: 180583, maxValue: 230000, unitText: 'YEAR' } },
      directApply: false,
      identifier: { '@type': 'PropertyValue', name: 'anyscale', value: 'software-engineer-site-reliability-engineer-83ff056f' },
      url: 'https://latentjobs.example/jobs/anyscale/software-engineer-site-reliability-engineer-83ff056f',
    });
    expect(posting?.description).toMatch(/^<p>/);
    expect(posting).not.toHaveProperty('jobLocationType');
    expect(posting?.hiringOrganization).not.toHaveProperty('logo');
  });

  it('keeps pay in the posted currency and period (GBP per hour) and maps contract work to CONTRACTOR', () => {
    const posting = buildJobPostingJsonLd(job('sierra.json /office-coordinator-london-contract-e3781010'), { clock });
    expect(posting?.baseSalary).toEqual({ '@type': 'MonetaryAmount', currency: 'GBP', value: { '@type': 'QuantitativeValue', minValue: 43, maxValue: 45, unitText: 'HOUR' } });
    expect(posting?.employmentType).toBe('CONTRACTOR');
    expect(posting?.jobLocation).toEqual([{ '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'London', addressCountry: 'GB' } }]);
    expect(posting).not.toHaveProperty('url');
  });

  it('marks a fully remote job TELECOMMUTE with the countries applicants must be in, and no office it does not name', () => {
    const remote = [...jobs.values()].find((candidate) => candidate.is_remote === 'remote' && candidate.locations.length > 0 && candidate.locations.every((place) => place.country && !place.city && !place.region));
    expect(remote).toBeDefined();
    const posting = buildJobPostingJsonLd(remote!, { clock });
    expect(posting?.jobLocationType).toBe('TELECOMMUTE');
    expect(posting?.applicantLocationRequirements).toEqual([...new Set(remote!.locations.map((place) => place.country))].sort().map((name) => ({ '@type': 'Country', name })));
    expect(posting).not.toHaveProperty('jobLocation');
  });

  it('marks a remote job whose place names no country by its eligibility: a region as its member countries, worldwide as every country', () => {
    // Supabase "Customer Solution Architect (EMEA)" and "Lead Data Engineer", both located "Remote" (issue 15.8).
    const emea = [...jobs.values()].find((candidate) => candidate.job_title === 'Customer Solution Architect (EMEA)');
    expect(emea?.locations.map((place) => place.label)).toEqual(['Remote (EMEA)']);
    const emeaPosting = buildJobPostingJsonLd(emea!, { clock });
    expect(emeaPosting?.jobLocationType).toBe('TELECOMMUTE');
    const emeaCountries = emeaPosting?.applicantLocationRequirements?.map((area) => area.name);
    expect(emeaCountries).toEqual(expect.arrayContaining(['DE', 'FR', 'AE', 'NG', 'ZA']));
    expect(emeaCountries).not.toContain('US');
    const anywhere = [...jobs.values()].find((candidate) => candidate.job_title === 'Lead Data Engineer' && candidate.source.board_token === 'supabase');
    expect(anywhere?.remote_eligibility?.scope).toBe('worldwide');
    const posting = buildJobPostingJsonLd(anywhere!, { clock });
    expect(posting?.jobLocationType).toBe('TELECOMMUTE');
    expect(posting?.applicantLocationRequirements?.length).toBeGreaterThan(240);
    expect(posting?.applicantLocationRequirements).toEqual(expect.arrayContaining([{ '@type': 'Country', name: 'US' }, { '@type': 'Country', name: 'IN' }, { '@type': 'Country', name: 'BR' }]));
    expect(posting).not.toHaveProperty('jobLocation');
  });

  it('makes no TELECOMMUTE claim for a remote job that says neither from where nor which office, and then writes no JobPosting', () => {
    const anywhere = [...jobs.values()].find((candidate) => candidate.job_title === 'Lead Data Engineer' && candidate.source.board_token === 'supabase')!;
    expect(buildJobPostingJsonLd({ ...anywhere, remote_eligibility: { scope: 'unknown', countries: [], regions: [] } }, { clock })).toBeNull();
    const withOffice = { ...anywhere, remote_eligibility: { scope: 'unknown' as const, countries: [], regions: [] }, locations: [{ city: 'San Francisco', region: 'CA', country: 'US', label: 'San Francisco, CA, US' }] };
    expect(buildJobPostingJsonLd(withOffice, { clock })).toMatchObject({ jobLocationType: 'TELECOMMUTE', jobLocation: [{ '@type': 'Place' }] });
  });

  it('falls back to the countries of the places for a remote job stored before eligibility existed', () => {
    const remote = [...jobs.values()].find((candidate) => candidate.is_remote === 'remote' && candidate.locations.some((place) => place.country === 'DE'));
    const posting = buildJobPostingJsonLd({ ...remote!, remote_eligibility: null }, { clock });
    expect(posting?.applicantLocationRequirements).toContainEqual({ '@type': 'Country', name: 'DE' });
  });

  it('marks a hybrid job by its office, not as TELECOMMUTE', () => {
    const posting = buildJobPostingJsonLd(job('replit.json /engineering-manager-enterprise-19f73186'), { clock });
    expect(posting).not.toHaveProperty('jobLocationType');
    expect(posting?.jobLocation).toEqual([{ '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'Foster City', addressRegion: 'CA', addressCountry: 'US' } }]);
  });

  it('states a country-only place as an address with just the country', () => {
    const posting = buildJobPostingJsonLd(job('harvey.json /strategic-business-development-lead-germany-099c04d5'), { clock });
    expect(posting?.jobLocation).toEqual([{ '@type': 'Place', address: { '@type': 'PostalAddress', addressCountry: 'DE' } }]);
    expect(posting).not.toHaveProperty('baseSalary');
  });

  it('dates validThrough 30 days after now, not after datePosted, so an open job posted long ago is not marked expired', () => {
    const old = job('anyscale.json /software-engineer-site-reliability-engineer-83ff056f');
    expect(buildJobPostingJsonLd(old, { clock: fixedClock('2026-12-31T00:00:00.000Z') })?.validThrough).toBe('2027-01-30T00:00:00.000Z');
  });

  it('writes no JobPosting rather than an invented one: no description, or an on-site job that names no place', () => {
    const base = job('anyscale.json /software-engineer-site-reliability-engineer-83ff056f');
    expect(buildJobPostingJsonLd({ ...base, description: null }, { clock })).toBeNull();
    expect(buildJobPostingJsonLd({ ...base, description: '  ' }, { clock })).toBeNull();
    expect(buildJobPostingJsonLd({ ...base, is_remote: 'onsite', locations: [{ city: null, region: null, country: null, label: 'Office' }] }, { clock })).toBeNull();
  });

  it('states a single figure (or equal ends) as one value and leaves out pay with no figures', () => {
    const base = job('anyscale.json /software-engineer-site-reliability-engineer-83ff056f');
    const pay = (min: number | null, max: number | null) =>
      buildJobPostingJsonLd({ ...base, compensation: { min, max, currency: 'EUR', period: 'month', summary: null } }, { clock })?.baseSalary;
    expect(pay(5000, null)?.value).toEqual({ '@type': 'QuantitativeValue', value: 5000, unitText: 'MONTH' });
    expect(pay(null, 6000)?.value).toEqual({ '@type': 'QuantitativeValue', value: 6000, unitText: 'MONTH' });
    expect(pay(6000, 6000)?.value).toEqual({ '@type': 'QuantitativeValue', value: 6000, unitText: 'MONTH' });
    expect(pay(null, null)).toBeUndefined();
  });
});
