import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Job } from '../jobs/job';
import { fixedClock } from '../time/clock';
import { parseAshbyBoard } from '../sources/ashby';
import { remoteEligibility } from './remote-eligibility';
import { regionContains, REGION_CODES, WORLDWIDE_REGION } from './regions';
import { countryCodes } from '../format/job-labels';
import { toJobSummary } from '../jobs/job-summary';
import { toPublicJob } from '../jobs/job';
import { createJobIndex } from '../search/job-index';
import { JOB_TABLE_RULES } from '../search/job-rules';

/**
 * Real postings: stapply-ai/ats-scrapers@43ece6fd3ab4398cda575f0483fd49ea5c58eccb:ashby/companies/*.json
 * (../shared/data/ats/ashby, MIT), read through the Ashby adapter, so `buildJob` sets the field.
 */
const ASHBY_DIR = fileURLToPath(new URL('../../../shared/data/ats/ashby/', import.meta.url));

const jobsOf = (board: string): Job[] =>
  parseAshbyBoard(JSON.parse(readFileSync(`${ASHBY_DIR}${board}.json`, 'utf8')), {
    company: { company_key: board, company_name: board, company_url: null, company_logo: null },
    boardToken: board,
    clock: fixedClock('2025-10-28T12:00:00.000Z'),
  }).jobs;

const byId = (jobs: Job[], id: string): Job => {
  const job = jobs.find((candidate) => candidate.source.job_id.startsWith(id));
  if (!job) throw new Error(`no job ${id}`);
  return job;
};

describe('remote eligibility of real Ashby postings', () => {
  const supabase = jobsOf('supabase');
  const n8n = jobsOf('n8n');
  const cohere = jobsOf('cohere');

  it('reads the title note of a remote job: "(USA)", "(EMEA)", "(US time zones)", "(Remote East Coast)"', () => {
    expect(byId(supabase, '69d1b2ec').remote_eligibility).toEqual({ scope: 'restricted', countries: ['US'], regions: [] });
    expect(byId(supabase, 'c3099780').remote_eligibility).toEqual({ scope: 'restricted', countries: [], regions: ['EMEA'] });
    expect(byId(supabase, 'd5573afa').remote_eligibility).toEqual({ scope: 'restricted', countries: ['US'], regions: [] });
    expect(byId(n8n, '5b1cc8bf').remote_eligibility).toEqual({ scope: 'restricted', countries: ['US'], regions: [] });
  });

  it('opens a remote job to everyone when only the description says "anywhere in the world"', () => {
    // Supabase "Lead Data Engineer": location "Remote", no title note.
    expect(byId(supabase, '69dafab4').remote_eligibility).toEqual({ scope: 'worldwide', countries: [], regions: [] });
  });

  it('restricts a remote job to the countries of its places', () => {
    // Cohere "Safety Operations Lead": Toronto, New York, London, Paris, Montreal; isRemote.
    expect(byId(cohere, 'fa027414').remote_eligibility).toEqual({ scope: 'restricted', countries: ['CA', 'FR', 'GB', 'US'], regions: [] });
  });

  it('leaves on-site jobs without eligibility', () => {
    const onsite = cohere.filter((job) => job.workplace_type === 'onsite');
    expect(onsite.length).toBeGreaterThan(0);
    expect(onsite.every((job) => job.remote_eligibility === null)).toBe(true);
  });

  it('gives every remote or hybrid job of every board an eligibility', () => {
    const all = [...supabase, ...n8n, ...cohere].filter((job) => job.workplace_type !== 'onsite');
    expect(all.every((job) => job.remote_eligibility !== null)).toBe(true);
  });
});

describe('remoteEligibility from the description when title and places say nothing', () => {
  const remote = (description: string) => remoteEligibility({ workplace: 'remote', title: 'Account Executive', locations: [{ city: null, region: null, country: null, label: 'Remote' }], description });

  it('reads "based in" sentences (wording of elevenlabs.json 722cfd59, b7561e12)', () => {
    expect(remote('For this role, you need to be based in Germany.')).toEqual({ scope: 'restricted', countries: ['DE'], regions: [] });
    expect(remote('You need to be based in the UK and able to travel.')).toEqual({ scope: 'restricted', countries: ['GB'], regions: [] });
  });

  it('reads "open to candidates in", "remote within", "authorized to work in" and "US-based"', () => {
    expect(remote('This role is open to candidates in EMEA.')).toEqual({ scope: 'restricted', countries: [], regions: ['EMEA'] });
    expect(remote('The position is remote within Canada.')).toEqual({ scope: 'restricted', countries: ['CA'], regions: [] });
    expect(remote('Authorized to work in the USA without visa support.')).toEqual({ scope: 'restricted', countries: ['US'], regions: [] });
    expect(remote('This position is US-based.')).toEqual({ scope: 'restricted', countries: ['US'], regions: [] });
  });

  it('does not take a company description for a restriction', () => {
    expect(remote('We are a US-based company building databases.')).toEqual({ scope: 'unknown', countries: [], regions: [] });
  });

  it('opens to everyone on "anywhere in the world", else unknown', () => {
    expect(remote('We hire from anywhere in the world.')).toEqual({ scope: 'worldwide', countries: [], regions: [] });
    expect(remote('Join our team.')).toEqual({ scope: 'unknown', countries: [], regions: [] });
    expect(remote('')).toEqual({ scope: 'unknown', countries: [], regions: [] });
  });

  it('takes "Remote (Worldwide)" places as worldwide', () => {
    expect(remoteEligibility({ workplace: 'remote', title: 'Engineer', locations: [{ city: null, region: null, country: null, label: 'Remote (Worldwide)' }], description: null })).toEqual({
      scope: 'worldwide',
      countries: [],
      regions: [],
    });
  });
});

describe('regions', () => {
  it('answers membership from the cited lists', () => {
    expect(regionContains('EMEA', 'DE')).toBe(true);
    expect(regionContains('EMEA', 'AE')).toBe(true);
    expect(regionContains('EMEA', 'US')).toBe(false);
    expect(regionContains('EU', 'GB')).toBe(false);
    expect(regionContains('Europe', 'GB')).toBe(true);
    expect(regionContains('DACH', 'ch')).toBe(true);
    expect(regionContains('APAC', 'JP')).toBe(true);
    expect(regionContains('APAC', 'AE')).toBe(false);
    expect(regionContains('LATAM', 'BR')).toBe(true);
    expect(regionContains('North America', 'MX')).toBe(true);
    expect(regionContains('Nordics', 'SE')).toBe(true);
    expect(regionContains('Atlantis', 'US')).toBe(false);
  });

  it('lists every code once', () => {
    expect(new Set(REGION_CODES).size).toBe(REGION_CODES.length);
    expect(REGION_CODES).toEqual(expect.arrayContaining(['EMEA', 'APAC', 'LATAM', 'EU', 'Europe', 'DACH', 'Nordics', 'North America', 'Americas', 'Middle East', 'Africa']));
  });
});

describe('the Worldwide region: a job open to everyone has a place, and every country may take it', () => {
  // synthflow.json "Global Remote", sentient.json "Global": captured texts that say anywhere.
  const synthflow = jobsOf('synthflow').find((job) => job.locations.some((place) => place.label === 'Remote (Worldwide)'));
  const sentient = jobsOf('sentient').filter((job) => job.locations.some((place) => place.region === WORLDWIDE_REGION));

  it('is the region of the job’s place, while its eligibility stays worldwide', () => {
    expect(synthflow?.locations).toContainEqual({ city: null, region: WORLDWIDE_REGION, country: null, label: 'Remote (Worldwide)' });
    expect(synthflow?.remote_eligibility?.scope).toBe('worldwide');
    expect(sentient.length).toBeGreaterThan(0);
    for (const job of sentient) expect(job.remote_eligibility).toEqual({ scope: 'worldwide', countries: [], regions: [] });
  });

  it('reads "This role is remote and can be executed globally" as open worldwide (elevenlabs.json, listed at a placeless "Remote")', () => {
    const job = jobsOf('elevenlabs').find((candidate) => candidate.job_title === 'Growth Engineering - Mobile');
    expect(job?.remote_eligibility?.scope).toBe('worldwide');
    expect(job?.locations).toEqual([{ city: null, region: WORLDWIDE_REGION, country: null, label: 'Remote (Worldwide)' }]);
  });

  it('is what the API answers for the job: a place with the region Worldwide, so the job is not placeless', () => {
    for (const job of sentient) {
      const answer = toPublicJob(job);
      expect(answer.locations.some((place) => place.country !== null || place.region !== null)).toBe(true);
      expect(answer.locations).toContainEqual({ city: null, region: 'Worldwide', country: null, label: 'Remote (Worldwide)' });
      expect(answer.work_location).toContain('Remote (Worldwide)');
    }
  });

  it('contains every current country code, and no withdrawn one', () => {
    for (const code of countryCodes()) expect(regionContains(WORLDWIDE_REGION, code)).toBe(true);
    expect(regionContains(WORLDWIDE_REGION, 'DD')).toBe(false);
  });

  it('is not a restriction: a place naming it leaves the eligibility worldwide', () => {
    const place = { city: null, region: WORLDWIDE_REGION, country: null, label: 'Worldwide' };
    expect(remoteEligibility({ workplace: 'remote', title: 'Designer', locations: [place], description: null })).toEqual({ scope: 'worldwide', countries: [], regions: [] });
  });

  it('"Remote for me" finds the job from any country, as the country picker’s countries', () => {
    const index = createJobIndex(sentient.map(toJobSummary), JOB_TABLE_RULES);
    for (const country of ['DE', 'BR', 'JP', 'XK']) {
      expect(index.search({ text: null, page: 0, pageSize: 50, remoteFrom: country }).count).toBe(sentient.length);
      expect(index.search({ text: null, page: 0, pageSize: 50, countries: [country] }).count).toBe(sentient.length);
    }
  });
});
