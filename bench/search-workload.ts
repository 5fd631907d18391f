/**
 * The search bench's workload: the real captured postings as job summaries, larger sets
 * resampled from them, a realistic query mix, and the timing of one index over it.
 *
 * Postings: the 43 Ashby job-board captures in ../shared/data/ats/ashby
 * (stapply-ai/ats-scrapers@43ece6fd3ab4398cda575f0483fd49ea5c58eccb:ashby/companies/*.json, MIT),
 * each read with its registry company through the Ashby adapter, as the local seed does.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadRegistry } from '../infra/local/seed';
import { DEPARTMENTS, type Department } from '../shared/departments/department';
import { SenioritySchema, type Job, type Workplace } from '../shared/jobs/job';
import { toJobSummary, type JobSummary } from '../shared/jobs/job-summary';
import type { JobIndex, JobSearchQuery } from '../shared/search/job-index';
import { parseAshbyBoard } from '../shared/sources/ashby';
import { fixedClock } from '../shared/time/clock';

/** ../shared/data beside the repository. */
export const SHARED_DATA = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', 'shared', 'data');

/** Every captured posting the seed stores (1,333 from 43 boards) as the Ashby adapter reads it (a full job, description included). */
export const loadCapturedJobs = async (sharedDataDir = SHARED_DATA): Promise<Job[]> => {
  const registry = await loadRegistry(sharedDataDir);
  const clock = fixedClock('2025-10-28T00:00:00.000Z');
  const captured = new Map<string, Job>();
  for (const { capturedResponse, company } of registry.entries) {
    if (capturedResponse === null) continue;
    const body = JSON.parse(await readFile(join(sharedDataDir, capturedResponse), 'utf8')) as unknown;
    const { jobs } = parseAshbyBoard(body, {
      company: { company_key: company.company_key, company_name: company.company_name, company_url: company.company_url, company_logo: company.company_logo },
      boardToken: company.board_token ?? capturedResponse,
      clock,
    });
    for (const job of jobs) {
      const key = `${job.company_key}${job.slug_url}`;
      if (!captured.has(key)) captured.set(key, job);
    }
  }
  return [...captured.values()];
};

/** Every captured posting the seed stores (1,333 from 43 boards) as a job summary. */
export const loadCapturedSummaries = async (sharedDataDir = SHARED_DATA): Promise<JobSummary[]> => (await loadCapturedJobs(sharedDataDir)).map(toJobSummary);

const slugify = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60);

/** A small seeded PRNG (mulberry32): the same seed gives the same workload on every run. */
export const seededRandom = (seed: number): (() => number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
};

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const DAY_MS = 86_400_000;

/**
 * `count` jobs recombined from real ones: a real title with its department and workplace, a
 * real company, another posting's places and another's skills, a real publish time moved
 * by up to 60 days; keys unique.
 */
export const resampleSummaries = (real: readonly JobSummary[], count: number, seed: number): JobSummary[] => {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, at) => {
    const titled = pick(random, real);
    const company = pick(random, real);
    const posted = new Date(Date.parse(pick(random, real).date_posted) - Math.floor(random() * 60) * DAY_MS).toISOString();
    return {
      ...titled,
      company_key: company.company_key,
      slug_url: `/${slugify(titled.job_title)}-${at.toString(16).padStart(8, '0')}`,
      company_name: company.company_name,
      date_posted: posted,
      first_seen_at: posted,
      locations: pick(random, real).locations,
      skills: pick(random, real).skills,
      salary_usd_year: pick(random, real).salary_usd_year,
    };
  });
};

const SENIORITIES = SenioritySchema.options;
const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'CA', 'IN'];
const COMPANIES = ['Cohere', 'ElevenLabs', 'DeepL', 'Lambda', 'Harvey', 'notion', 'supabase', 'Mercor', 'cursor', 'replit'];
const CITIES = ['San Francisco', 'London', 'New York', 'Paris', 'Berlin', 'Toronto', 'Munich', 'Seattle', 'Zürich', 'MÜNCHEN', 'Singapore', 'remote'];
const SKILLS = ['python', 'react', 'kubernetes', 'pytorch', 'java', 'c++', 'typescript', 'llm', 'gpu', 'rust', 'go', 'node.js', 'sql'];
/** Words that descriptions carry and titles, companies, places and skills mostly do not (issue 24.4). */
const DESCRIBED = ['genai', 'generative', 'agents', 'saas', 'b2b', 'startup', 'equity', 'workflows', 'gtm', 'stakeholders'];
const PHRASES = [
  'engineer',
  'software engineer',
  'senior software engineer',
  'machine learning engineer',
  'account executive',
  'product manager',
  'research scientist',
  'python london',
  'account executive new york',
  'product manager san francisco',
  'senior engineer python',
  'ML/AI',
  'full-stack engineer',
  'member of technical staff',
];

/** What a query's text is, as the search bench reports latency by it. */
export type QueryKind = 'blank' | 'company' | 'city' | 'skill' | 'description word' | 'phrase' | 'skill city';

/**
 * A query mix as people search, each query with the kind of its text: blank text, company
 * names, cities, skills, words only descriptions carry, phrases, skill and city; filters in a
 * share of each as a filter bar sends them, deep pages.
 */
export const labelledQueryMix = (count: number, seed: number): { kind: QueryKind; query: JobSearchQuery }[] => {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const kind = random();
    const [textKind, text]: [QueryKind, string | null] =
      kind < 0.15
        ? ['blank', null]
        : kind < 0.3
          ? ['company', pick(random, COMPANIES)]
          : kind < 0.45
            ? ['city', pick(random, CITIES)]
            : kind < 0.55
              ? ['skill', pick(random, SKILLS)]
              : kind < 0.6
                ? ['description word', pick(random, DESCRIBED)]
                : kind < 0.8
                  ? ['phrase', pick(random, PHRASES)]
                  : ['skill city', `${pick(random, SKILLS)} ${pick(random, CITIES)}`];
    const filtered = random();
    const departments: Department[] | null = filtered < 0.3 ? [pick(random, DEPARTMENTS)] : filtered < 0.4 ? [pick(random, DEPARTMENTS), pick(random, DEPARTMENTS)] : null;
    const workplaces: Workplace[] | null = random() < 0.25 ? pick(random, [['remote'], ['remote', 'hybrid'], ['onsite']] as Workplace[][]) : null;
    const paging = random();
    const pageSize = paging < 0.05 ? 240 : 20;
    const page = paging < 0.7 ? 0 : paging < 0.9 ? 1 + Math.floor(random() * 5) : 20 + Math.floor(random() * 80);
    // The filters of issue 12, each in a share of the queries as a filter bar would send them.
    const maybe = <T>(share: number, value: () => T): T | null => (random() < share ? value() : null);
    const now = Date.parse('2025-11-01T00:00:00.000Z');
    const query: JobSearchQuery = {
      text,
      departments,
      workplaces,
      seniorities: maybe(0.2, () => [pick(random, SENIORITIES)]),
      employmentTypes: maybe(0.1, () => ['full_time' as const]),
      minSalaryUsd: maybe(0.15, () => pick(random, [100_000, 150_000, 200_000])),
      postedSinceMs: maybe(0.2, () => now - pick(random, [1, 7, 30]) * DAY_MS),
      countries: maybe(0.15, () => [pick(random, COUNTRIES)]),
      remoteFrom: maybe(0.1, () => pick(random, COUNTRIES)),
      excludeCompanies: maybe(0.05, () => [pick(random, COMPANIES)]),
      excludeKeywords: maybe(0.05, () => ['senior']),
      visaSponsorship: maybe(0.05, () => true),
      excludeGhostAt: maybe(0.1, () => new Date(now)),
      sort: maybe(0.2, () => pick(random, ['newest', 'salary'] as const)),
      page,
      pageSize,
    };
    return { kind: textKind, query };
  });
};

/** The queries of `labelledQueryMix` without their kinds. */
export const queryMix = (count: number, seed: number): JobSearchQuery[] => labelledQueryMix(count, seed).map(({ query }) => query);

/** What the bench times of an index: its size and search (candidates need not suggest). */
export type SearchOnly = Pick<JobIndex, 'size' | 'search'>;

export interface IndexFigures {
  jobs: number;
  build_ms: number;
  /** Heap plus array buffers the index keeps after a full GC. */
  memory_mb: number;
  queries: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
}

const collectGarbage = (): void => {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run node with --expose-gc');
  gc();
  gc();
};

/** Heap in use plus memory outside the heap (typed arrays' buffers). */
const retainedBytes = (): number => {
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
};

const round = (value: number, places = 2): number => Math.round(value * 10 ** places) / 10 ** places;

const percentile = (sorted: readonly number[], share: number): number => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;

/**
 * Builds an index with `build` and measures: build time, memory the index keeps after a
 * full GC (heap and array buffers, MB), and per-query latency (ms) over `queries` after a warm-up.
 */
export const measureIndex = (
  summaries: readonly JobSummary[],
  build: (summaries: readonly JobSummary[]) => SearchOnly,
  queries: readonly JobSearchQuery[],
): { index: SearchOnly; figures: IndexFigures } => {
  collectGarbage();
  const memoryBefore = retainedBytes();
  const started = performance.now();
  const index = build(summaries);
  const buildMs = performance.now() - started;
  collectGarbage();
  const memoryMb = (retainedBytes() - memoryBefore) / 1024 / 1024;
  for (const query of queries.slice(0, 200)) index.search(query);
  const times = queries.map((query) => {
    const start = performance.now();
    index.search(query);
    return performance.now() - start;
  });
  times.sort((a, b) => a - b);
  return {
    index,
    figures: {
      jobs: summaries.length,
      build_ms: round(buildMs, 0),
      memory_mb: round(memoryMb, 1),
      queries: queries.length,
      p50_ms: round(percentile(times, 0.5), 3),
      p99_ms: round(percentile(times, 0.99), 3),
      max_ms: round(times[times.length - 1]!, 3),
    },
  };
};
