import type { Compensation, PayRangeExpected, Place, RemoteEligibility, Workplace } from '../jobs/job';
import { TRANSPARENCY_LAWS, type TransparencyLaw } from './transparency-laws';

/** Combining marks. */
const MARKS = /\p{M}/gu;

/**
 * Which pay-transparency rule (transparency-laws.ts) expects a job's posting to state its pay,
 * when the job posts none.
 *
 * A job falls under a rule when one of its places lies in the rule's jurisdiction: same country
 * and state or province code (`Place.region`), and for a city or county rule one of its cities.
 * A remote job whose place names only a country ("Remote (US)", "United States"), or whose
 * eligibility names the country, is work that may be done anywhere in that country: it falls
 * under the rules that reach remote jobs done in their jurisdiction (`remote`: Colorado,
 * California, Washington, New York City and State, Illinois, Vermont), because a person there may
 * take it. A hybrid or on-site job is placed by its cities and states only (its people come to
 * that office). A job open worldwide is not marked: it is not aimed at one country's applicants.
 *
 * A rule counts only from its `since` day, compared with the day the crawler last saw the job
 * open (`last_seen_at`, UTC ISO-8601): an open posting is still advertised. Of several rules the
 * one in force longest is named ("Colorado law has required one since 2021").
 *
 * A job posts pay when its `compensation` (from the source's fields or its description) has a
 * figure. The employer's size is rarely known, so the answer says a range is expected, never
 * that the posting breaks the law.
 */

export interface TransparencyInput {
  compensation: Compensation | null;
  locations: readonly Place[];
  workplace_type: Workplace;
  remote_eligibility: RemoteEligibility | null;
  last_seen_at: string;
}

const fold = (text: string): string => text.normalize('NFD').replace(MARKS, '').toLowerCase().trim();

const inPlace = (law: TransparencyLaw, place: Place, remote: boolean): boolean => {
  if (place.country?.toUpperCase() !== law.country) return false;
  if (place.region === null) return remote && law.remote && law.cities === null;
  if (place.region.toUpperCase() !== law.region) return false;
  return law.cities === null || (place.city !== null && law.cities.includes(fold(place.city)));
};

/** The rules a job's places (and remote eligibility) put it under, in force on `day` (YYYY-MM-DD). */
export const lawsOver = (job: Omit<TransparencyInput, 'compensation'>, day: string): TransparencyLaw[] => {
  const remote = job.workplace_type === 'remote';
  const remoteCountries = remote && job.remote_eligibility?.scope === 'restricted' ? job.remote_eligibility.countries : [];
  return TRANSPARENCY_LAWS.filter(
    (law) =>
      law.since <= day &&
      (job.locations.some((place) => inPlace(law, place, remote)) || (law.remote && law.cities === null && remoteCountries.includes(law.country))),
  );
};

/** Whether a job posts a pay figure (from its source's fields or its description). */
export const postsPay = (compensation: Compensation | null): boolean => compensation !== null && (compensation.min !== null || compensation.max !== null);

/**
 * The rule that expects the job to post a range, in force longest, when the job posts no pay
 * (see the module doc); null otherwise.
 */
export const payRangeExpected = (job: TransparencyInput): PayRangeExpected | null => {
  if (postsPay(job.compensation)) return null;
  const [law] = lawsOver(job, job.last_seen_at.slice(0, 10)).sort((a, b) => (a.since < b.since ? -1 : a.since > b.since ? 1 : 0));
  return law === undefined ? null : { jurisdiction: law.jurisdiction, since: law.since, citation: law.citation };
};

/** One company's postings under a pay-transparency rule: how many, how many post no pay, and that share (0–1, three decimals). */
export interface CompanyPayRanges {
  company_name: string;
  jobs_under_law: number;
  without_range: number;
  share_without_range: number;
}

/**
 * Per company, its open jobs that a rule in force reaches (as of each job's `last_seen_at`; see
 * the module doc) and how many of them post no pay: companies with at least one such job, the
 * largest share without a range first (then more jobs, then name).
 */
export const payRangesByCompany = (jobs: readonly (TransparencyInput & { company_name: string })[]): CompanyPayRanges[] => {
  const companies = new Map<string, { under: number; without: number }>();
  for (const job of jobs) {
    if (lawsOver(job, job.last_seen_at.slice(0, 10)).length === 0) continue;
    const counts = companies.get(job.company_name) ?? { under: 0, without: 0 };
    counts.under += 1;
    if (!postsPay(job.compensation)) counts.without += 1;
    companies.set(job.company_name, counts);
  }
  return [...companies]
    .map(([company_name, { under, without }]) => ({ company_name, jobs_under_law: under, without_range: without, share_without_range: Math.round((without / under) * 1000) / 1000 }))
    .sort((a, b) => b.share_without_range - a.share_without_range || b.jobs_under_law - a.jobs_under_law || a.company_name.localeCompare(b.company_name));
};
