/**
 * `npm run bench:normalise -- [--rounds N]`: how much of the job data a seeker filters on the
 * adapters derive, and how fast they parse.
 *
 * Input: every captured posting of every provider in ../shared/data/ats: the 43 real Ashby
 * boards captured 2025-10-28 (1,333 postings; stapply-ai/ats-scrapers@43ece6fd:ashby/companies/*.json,
 * MIT), each parsed whole by the Ashby adapter (`parseAshbyBoard`, every normalisation included)
 * with the committed ECB rate snapshot, and the Greenhouse board bodies there (the documented
 * list example, grnhse/greenhouse-api-docs@0c37c31a, and a recorded board, grnhse/greenhouse_io@dda7ea19:
 * 3 postings) through `parseGreenhouseBoard`. Lever's folder holds no body. The speed is timed
 * on the Ashby boards only, so that it stays comparable with earlier runs.
 *
 * Coverage (one round), each a share of its own base:
 *   placeless              jobs none of whose places names a country or a region, as the API's
 *                          `locations[].country`/`.region` show them / all jobs (target at most 1 %).
 *                          A job open worldwide names the region "Worldwide" (shared/normalise/regions.ts)
 *                          and so has a place; `placeless_ashby`, `placeless_greenhouse`: the same per provider
 *   texts_with_country     distinct location texts (and address lines) for which `parseLocation` names a country / all
 *   text_wrong_country     distinct (location text, the source's structured country) pairs whose text, read
 *                          alone, names a country but not the structured one / pairs whose text names a country
 *                          (Ashby's `address.postalAddress.addressCountry` beside each location text: the only
 *                          captured source with its own country field)
 *   text_no_country        the same pairs whose text alone names no country / all pairs ("Remote" beside "United States")
 *   job_wrong_country      jobs with a structured country some of whose places name another country / jobs with one
 *   with_country           jobs with at least one place with an ISO country / all jobs
 *   remote_eligibility     remote jobs whose eligibility is known (worldwide or restricted) / remote jobs
 *   salary_usd_year        jobs with a yearly USD figure / jobs with pay (compensation)
 *   seniority              jobs with a seniority / all jobs (target at least 90 %); `seniority_from_title`:
 *                          of those, the share the title alone states
 *   department_known       jobs filed under a department other than 'Other' / all jobs
 *   department_without_source  jobs whose title and description alone (the source's department and team
 *                          withheld, as for a source that gives none) name a department other than 'Other' / all jobs;
 *                          `department_without_source_agrees`: of those, the share that is the job's department
 *   years_experience, visa_known: the same for years asked and a visa answer other than unknown.
 * Speed: every board parsed `--rounds` times (default 6, about 8,000 postings) after one warm-up
 * round; postings per second over the timed rounds (target at least 2,000), the same per second
 * of this process's CPU time (steadier when other work shares the machine; the 1-minute load
 * average is printed beside it), and the share of the time spent in description sanitising
 * (`sanitizeDescription` on the same postings, timed alone).
 *
 * Prints a table, then one JSON line with the figures.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { Job } from '../shared/jobs/job';
import { sanitizeDescription } from '../shared/html/sanitize';
import { parseLocation } from '../shared/normalise/location';
import { toDepartment } from '../shared/normalise/department';
import { parseSeniority } from '../shared/normalise/seniority';
import { plainText } from '../shared/html/plain-text';
import { parseAshbyBoard } from '../shared/sources/ashby';
import { parseGreenhouseBoard } from '../shared/sources/greenhouse';
import { fixedClock } from '../shared/time/clock';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '6' } } });
const ROUNDS = Number(values.rounds);
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) throw new Error('--rounds must be a positive whole number');

const ASHBY_DIR = fileURLToPath(new URL('../../shared/data/ats/ashby/', import.meta.url));
const boards = readdirSync(ASHBY_DIR)
  .filter((name) => name.endsWith('.json'))
  .map((name) => ({ token: name.replace(/\.json$/, ''), body: JSON.parse(readFileSync(ASHBY_DIR + name, 'utf8')) as { jobs: { descriptionHtml?: string | null }[] } }));
const postings = boards.reduce((sum, board) => sum + board.body.jobs.length, 0);
const GREENHOUSE_DIR = fileURLToPath(new URL('../../shared/data/ats/greenhouse/', import.meta.url));
/** Greenhouse board bodies (`{ jobs: [...] }`); the other files there are single jobs, offices or errors. */
const greenhouseBoards = ['official-docs/job-board_jobs__list_jobs__1.json', 'legacy-2013-bodies/jobs_with_content.json'].map(
  (name) => JSON.parse(readFileSync(GREENHOUSE_DIR + name, 'utf8')) as { jobs: { location?: { name?: string } }[] },
);

const clock = fixedClock('2025-10-28T12:00:00.000Z');
const parseAll = (): Job[] =>
  boards.flatMap(({ token, body }) =>
    parseAshbyBoard(body, { company: { company_key: token.toLowerCase(), company_name: token, company_url: null, company_logo: null }, boardToken: token, clock }).jobs,
  );

const greenhouseJobs = greenhouseBoards.flatMap(
  (body, index) => parseGreenhouseBoard(body, { company: { company_key: `greenhouse-${index}`, company_name: `Greenhouse ${index}`, company_url: null, company_logo: null }, boardToken: `greenhouse-${index}`, clock }).jobs,
);
const ashbyJobs = parseAll(); // also the warm-up round
const jobs = [...ashbyJobs, ...greenhouseJobs];

interface AshbyLocationFields {
  location?: string | null;
  address?: { postalAddress?: { addressLocality?: string | null; addressRegion?: string | null; addressCountry?: string | null } | null } | null;
}
/** Every distinct location text the sources publish: Ashby's location texts and address lines, Greenhouse's location names. */
const locationTexts = new Set<string>([
  ...boards.flatMap(({ body }) =>
    (body.jobs as (AshbyLocationFields & { secondaryLocations?: AshbyLocationFields[] | null })[]).flatMap((posting) =>
      [posting, ...(posting.secondaryLocations ?? [])].flatMap((entry) => {
        const address = entry.address?.postalAddress;
        const line = address ? [address.addressLocality, address.addressRegion, address.addressCountry].filter(Boolean).join(', ') : '';
        return [entry.location?.trim() ?? '', line];
      }),
    ),
  ),
  ...greenhouseBoards.flatMap((body) => body.jobs.map((posting) => posting.location?.name?.trim() ?? '')),
].filter((text) => text !== ''));
const textsWithCountry = [...locationTexts].filter((text) => parseLocation(text).some((place) => place.country !== null)).length;

/** The ISO alpha-2 of a structured country field as Ashby writes it ("United States", "Korea"), or null. */
const isoOf = (name: string | null | undefined): string | null => (name?.trim() ? (parseLocation(name.trim())[0]?.country ?? null) : null);
/** Distinct (location text, structured country) pairs of the Ashby boards, and each posting's structured countries by job id. */
const structuredPairs = new Map<string, { text: string; country: string }>();
const structuredCountries = new Map<string, Set<string>>();
for (const { body } of boards) {
  for (const posting of body.jobs as (AshbyLocationFields & { id?: string; secondaryLocations?: AshbyLocationFields[] | null })[]) {
    const countries = new Set<string>();
    for (const entry of [posting, ...(posting.secondaryLocations ?? [])]) {
      const country = isoOf(entry.address?.postalAddress?.addressCountry);
      if (!country) continue;
      countries.add(country);
      const text = entry.location?.trim();
      if (text) structuredPairs.set(`${text}\u0000${country}`, { text, country });
    }
    if (posting.id && countries.size > 0) structuredCountries.set(posting.id, countries);
  }
}
const pairs = [...structuredPairs.values()].map(({ text, country }) => ({ country, named: parseLocation(text).flatMap((place) => place.country ?? []) }));
const pairsNamingCountry = pairs.filter(({ named }) => named.length > 0);
const withStructuredCountry = ashbyJobs.filter((job) => structuredCountries.has(job.source.job_id));
const wrongCountry = (job: Job) => job.locations.some((place) => place.country !== null && !structuredCountries.get(job.source.job_id)!.has(place.country));
/** The department a job's title and description give alone, as for a source with no department or team. */
const plainOf = (job: Job) => (job.description ? plainText(job.description) : '');
const withoutSource = jobs.map((job) => ({ job, department: toDepartment(null, null, job.job_title, plainOf(job)) })).filter(({ department }) => department !== 'Other');
const share = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 10000) / 10000);
const count = (list: Job[], test: (job: Job) => boolean) => list.filter(test).length;
const remote = jobs.filter((job) => job.workplace_type === 'remote');
const paid = jobs.filter((job) => job.compensation !== null);
const placed = (job: Job) => job.locations.some((place) => place.country !== null || place.region !== null);
const worldwide = (job: Job) => job.remote_eligibility?.scope === 'worldwide';
const coverage = {
  placeless: share(count(jobs, (job) => !placed(job)), jobs.length),
  placeless_ashby: share(count(ashbyJobs, (job) => !placed(job)), ashbyJobs.length),
  placeless_greenhouse: share(count(greenhouseJobs, (job) => !placed(job)), greenhouseJobs.length),
  placeless_open_worldwide: count(jobs, (job) => !placed(job) && worldwide(job)),
  texts_with_country: share(textsWithCountry, locationTexts.size),
  text_country_pairs: pairs.length,
  text_wrong_country: share(pairsNamingCountry.filter(({ country, named }) => !named.includes(country)).length, pairsNamingCountry.length),
  text_no_country: share(pairs.length - pairsNamingCountry.length, pairs.length),
  job_wrong_country: share(count(withStructuredCountry, wrongCountry), withStructuredCountry.length),
  with_country: share(count(jobs, (job) => job.locations.some((place) => place.country !== null)), jobs.length),
  remote_eligibility: share(count(remote, (job) => job.remote_eligibility !== null && job.remote_eligibility.scope !== 'unknown'), remote.length),
  salary_usd_year: share(count(paid, (job) => job.salary_usd_year !== null), paid.length),
  seniority: share(count(jobs, (job) => job.seniority !== null), jobs.length),
  seniority_from_title: share(count(jobs, (job) => job.seniority !== null && parseSeniority(job.job_title) !== null), count(jobs, (job) => job.seniority !== null)),
  department_known: share(count(jobs, (job) => job.department !== 'Other'), jobs.length),
  department_without_source: share(withoutSource.length, jobs.length),
  department_without_source_agrees: share(withoutSource.filter(({ job, department }) => department === job.department).length, withoutSource.length),
  years_experience: share(count(jobs, (job) => job.years_experience !== null), jobs.length),
  visa_known: share(count(jobs, (job) => job.visa_sponsorship !== 'unknown'), jobs.length),
};

const started = performance.now();
const cpuStarted = process.cpuUsage();
for (let round = 0; round < ROUNDS; round += 1) parseAll();
const parseSeconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuStarted);
const parseCpuSeconds = (cpu.user + cpu.system) / 1e6;

const sanitizeStarted = performance.now();
for (let round = 0; round < ROUNDS; round += 1) for (const { body } of boards) for (const posting of body.jobs) if (posting.descriptionHtml) sanitizeDescription(posting.descriptionHtml);
const sanitizeSeconds = (performance.now() - sanitizeStarted) / 1000;

const figures = {
  bench: 'normalise',
  boards: boards.length,
  postings,
  greenhouse_postings: greenhouseBoards.reduce((sum, body) => sum + body.jobs.length, 0),
  jobs: jobs.length,
  location_texts: locationTexts.size,
  remote_jobs: remote.length,
  jobs_with_pay: paid.length,
  ...coverage,
  rounds: ROUNDS,
  parsed_postings: postings * ROUNDS,
  parse_seconds: Math.round(parseSeconds * 100) / 100,
  postings_per_second: Math.round((postings * ROUNDS) / parseSeconds),
  // CPU time of this process (user + system): what the parse costs when other work shares the cores.
  parse_cpu_seconds: Math.round(parseCpuSeconds * 100) / 100,
  postings_per_cpu_second: Math.round((postings * ROUNDS) / parseCpuSeconds),
  load_average_1m: Math.round(loadavg()[0]! * 10) / 10,
  sanitize_share_of_parse: share(sanitizeSeconds, parseSeconds),
};

for (const [name, value] of Object.entries(figures)) console.log(`${name.padEnd(26)} ${String(value)}`);
console.log(JSON.stringify(figures));
