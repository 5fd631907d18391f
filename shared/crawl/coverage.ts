/**
 * What `/coverage` shows the public about how much we track and how fresh it is, computed from
 * what the crawl already records: the source status of every company (./source-status.ts) and
 * the run records of the last 30 days (one per crawl run). Pure: `now` comes in. Days are UTC
 * calendar days ("2026-11-24"); times UTC ISO-8601.
 *
 * - `companies_by_ats`: companies tracked per ATS (their source status's `ats`), most first.
 * - `jobs_open`: open jobs after each company's last successful crawl, summed.
 * - `new_today` / `closed_today`: jobs the runs that finished on `now`'s UTC day found new / closed.
 * - `last_crawl`: the most recent run (when it finished, companies read and failing), or null.
 * - `failing_sources`: companies whose last crawl failed, with the reason and when they last
 *   worked (null: never).
 * - `new_per_day`: new jobs the runs found on each of the 30 UTC days ending today, oldest first.
 * - `pay_ranges`: per company, its open jobs that a pay-transparency rule reaches and the share of
 *   them posting no pay (shared/pay/pay-transparency.ts `payRangesByCompany`), largest share
 *   first; empty when the open jobs are not given.
 * - `demo_catalog`: when the most recent run is the local seed's (demo-catalog.ts), the day its
 *   real postings were captured, for the site to say they are shown as if read today; else null.
 */
import type { JobRepository } from '../jobs/job-ports';
import { payRangesByCompany, type CompanyPayRanges, type TransparencyInput } from '../pay/pay-transparency';
import type { SourceStatus } from './source-status';
import type { DemoCatalog } from './demo-catalog';

export const COVERAGE_DAYS = 30;

/** One crawl run as the coverage reads it (from either run record shape: lambdas/storage/coverage-reader.ts). */
export interface CoverageRun {
  finished_at: string;
  jobs_new: number;
  jobs_closed: number;
  companies_ok: number;
  companies_failing: number;
  /** The seed run's shift record (crawl-summary.ts CrawlRunRecord.demo), absent on crawl runs. */
  demo?: DemoCatalog | null;
}

export interface CoverageReport {
  generated_at: string;
  companies_total: number;
  companies_by_ats: { ats: string; companies: number }[];
  jobs_open: number;
  new_today: number;
  closed_today: number;
  last_crawl: { finished_at: string; companies_ok: number; companies_failing: number } | null;
  failing_sources: { company_name: string; ats: string; reason: string | null; last_ok_at: string | null }[];
  new_per_day: { day: string; jobs: number }[];
  pay_ranges: CompanyPayRanges[];
  demo_catalog: { captured_on: string } | null;
}

export interface CoverageInput {
  statuses: readonly Pick<SourceStatus, 'company_name' | 'ats' | 'status' | 'reason' | 'last_ok_at' | 'open_jobs'>[];
  runs: readonly CoverageRun[];
  now: Date;
  /** The open jobs (their summaries), for `pay_ranges`. */
  jobs?: readonly (TransparencyInput & { company_name: string })[];
}

const DAY_MS = 86_400_000;
const dayOf = (iso: string): string | null => {
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? new Date(ms).toISOString().slice(0, 10) : null;
};

export function buildCoverage({ statuses, runs, now, jobs = [] }: CoverageInput): CoverageReport {
  const today = now.toISOString().slice(0, 10);
  const days = Array.from({ length: COVERAGE_DAYS }, (_, index) => new Date(Date.parse(today) - (COVERAGE_DAYS - 1 - index) * DAY_MS).toISOString().slice(0, 10));
  const newPerDay = new Map(days.map((day) => [day, 0]));
  let closedToday = 0;
  let last: CoverageRun | null = null;
  for (const run of runs) {
    const day = dayOf(run.finished_at);
    if (day === null) continue;
    if (newPerDay.has(day)) newPerDay.set(day, newPerDay.get(day)! + run.jobs_new);
    if (day === today) closedToday += run.jobs_closed;
    if (last === null || Date.parse(run.finished_at) > Date.parse(last.finished_at)) last = run;
  }
  const byAts = new Map<string, number>();
  for (const status of statuses) byAts.set(status.ats, (byAts.get(status.ats) ?? 0) + 1);
  return {
    generated_at: now.toISOString(),
    companies_total: statuses.length,
    companies_by_ats: [...byAts].map(([ats, companies]) => ({ ats, companies })).sort((a, b) => b.companies - a.companies || a.ats.localeCompare(b.ats)),
    jobs_open: statuses.reduce((sum, status) => sum + status.open_jobs, 0),
    new_today: newPerDay.get(today) ?? 0,
    closed_today: closedToday,
    last_crawl: last && { finished_at: last.finished_at, companies_ok: last.companies_ok, companies_failing: last.companies_failing },
    failing_sources: statuses
      .filter((status) => status.status === 'failing')
      .map((status) => ({ company_name: status.company_name, ats: status.ats, reason: status.reason, last_ok_at: status.last_ok_at }))
      .sort((a, b) => a.company_name.localeCompare(b.company_name)),
    new_per_day: days.map((day) => ({ day, jobs: newPerDay.get(day)! })),
    pay_ranges: payRangesByCompany(jobs),
    demo_catalog: last?.demo ? { captured_on: last.demo.captured_on } : null,
  };
}

/** Where the coverage's records come from (lambdas/storage/coverage-reader.ts on DynamoDB). */
export interface CoverageSources {
  /** Every company's source status and the run records kept (30 days). */
  read(): Promise<Pick<CoverageInput, 'statuses' | 'runs'>>;
}

/** The coverage report as of `clock()`, with `pay_ranges` when `jobs` is given. @throws what the sources throw (a storage outage). */
export const getCoverage = async (sources: CoverageSources, clock: () => Date, jobs?: Pick<JobRepository, 'listOpenSummaries'>): Promise<CoverageReport> => {
  const [records, open] = await Promise.all([sources.read(), jobs?.listOpenSummaries() ?? []]);
  return buildCoverage({ ...records, jobs: open, now: clock() });
};
