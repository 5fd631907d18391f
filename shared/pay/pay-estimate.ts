import type { PayEstimate, PayEstimateScope } from '../jobs/job';
import type { JobSummary } from '../jobs/job-summary';
import { titleFamily } from './title-family';

/**
 * A labelled pay estimate for postings that post no pay, from the catalog's own posted ranges.
 *
 * The basis: every job of the catalog with posted pay in yearly US dollars (`salary_usd_year`,
 * both ends known; stated in the posting's fields or its description). A job without it gets
 * the estimate of the first of these groups that holds at least `MIN_BASIS` (5) such postings,
 * from the narrowest to the widest:
 *
 *   1. same title family (title-family.ts) and seniority, same metro (city and country)
 *   2. same title family and seniority, same country
 *   3. same title family, same country
 *   4. same department and seniority, same country
 *   5. same department, same country
 *   6. same title family and seniority, anywhere
 *   7. same department and seniority, anywhere
 *
 * A job's place is its first place with a country, else the first country its remote
 * eligibility names; a job with no country gets only steps 6 and 7. Seniority null is a value of its
 * own ("the title says no level"). No group large enough: no estimate (null), never one from
 * fewer postings.
 *
 * The figure: `min` the 20th percentile of the group's posted minimums, `max` the 80th
 * percentile of their maximums, rounded to the thousand; whole USD a year. (Back-tested by
 * bench/pay.ts on the seed, 2026-11-26: medians of the ends put only 57% of posted midpoints
 * inside the range, quartiles 80%, these percentiles 83%, with the midpoint's median error 14.2%.) `basis_count` is the group's size and
 * `scope` what it shares with the job (`similar`: title and level, title, department and level,
 * department; `place` the metro or ISO country, null for anywhere). An estimate is never the
 * employer's figure: it is shown apart, and never written into JSON-LD `baseSalary`.
 *
 * `payEstimator(summaries)` builds the groups once (O(n)); `estimate(job, exclude?)` answers one
 * job in time proportional to its groups' sizes, leaving `exclude` (the job itself, in the
 * back-test of bench/pay.ts) out of the basis. Pure; never throws.
 */

/** The fewest posted ranges an estimate is made from. */
export const MIN_BASIS = 5;

/** What an estimate reads of a job. */
export type EstimateInput = Pick<JobSummary, 'company_key' | 'slug_url' | 'job_title' | 'department' | 'seniority' | 'locations' | 'remote_eligibility' | 'salary_usd_year'>;

interface Posted {
  job: EstimateInput;
  min: number;
  max: number;
}

interface Step {
  similar: PayEstimateScope['similar'];
  place: 'metro' | 'country' | 'anywhere';
  key: (facts: Facts) => string | null;
}

interface Facts {
  family: string | null;
  seniority: string;
  department: string;
  country: string | null;
  metro: string | null;
}

const factsOf = (job: EstimateInput): Facts => {
  const placed = job.locations.find((place) => place.country !== null);
  const country = placed?.country ?? job.remote_eligibility?.countries[0] ?? null;
  return {
    family: titleFamily(job.job_title),
    seniority: job.seniority ?? 'unstated',
    department: job.department,
    country,
    metro: placed?.city ? `${placed.city}, ${placed.country}` : null,
  };
};

const STEPS: readonly Step[] = [
  { similar: 'title_and_level', place: 'metro', key: (f) => (f.family && f.metro ? `1|${f.family}|${f.seniority}|${f.metro}` : null) },
  { similar: 'title_and_level', place: 'country', key: (f) => (f.family && f.country ? `2|${f.family}|${f.seniority}|${f.country}` : null) },
  { similar: 'title', place: 'country', key: (f) => (f.family && f.country ? `3|${f.family}|${f.country}` : null) },
  { similar: 'department_and_level', place: 'country', key: (f) => (f.country ? `4|${f.department}|${f.seniority}|${f.country}` : null) },
  { similar: 'department', place: 'country', key: (f) => (f.country ? `5|${f.department}|${f.country}` : null) },
  { similar: 'title_and_level', place: 'anywhere', key: (f) => (f.family ? `6|${f.family}|${f.seniority}` : null) },
  { similar: 'department_and_level', place: 'anywhere', key: (f) => `7|${f.department}|${f.seniority}` },
];

/** The `q` quantile (0–1) of `values` (non-empty), interpolated between neighbours. */
const quantile = (values: number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  return sorted[low]! + (sorted[Math.min(low + 1, sorted.length - 1)]! - sorted[low]!) * (at - low);
};


const thousand = (value: number): number => Math.round(value / 1000) * 1000;

/** Posted yearly USD pay with both ends, or null. */
const postedOf = (job: EstimateInput): Posted | null => {
  const pay = job.salary_usd_year;
  if (!pay || pay.min === null || pay.max === null || !(pay.max > 0)) return null;
  return { job, min: pay.min, max: pay.max };
};

export interface PayEstimator {
  /** The estimate for `job` (see the module doc), leaving `exclude` out of the basis; null when no group is large enough. */
  estimate(job: EstimateInput, exclude?: EstimateInput): PayEstimate | null;
}

/** Groups the posted pay of `summaries` for `estimate` (see the module doc). */
export const payEstimator = (summaries: readonly EstimateInput[]): PayEstimator => {
  const groups = new Map<string, Posted[]>();
  for (const job of summaries) {
    const posted = postedOf(job);
    if (posted === null) continue;
    const facts = factsOf(job);
    for (const step of STEPS) {
      const key = step.key(facts);
      if (key === null) continue;
      const group = groups.get(key);
      if (group === undefined) groups.set(key, [posted]);
      else group.push(posted);
    }
  }
  /** The figures of each whole group, worked out once (jobs of one group share them). */
  const figures = new Map<string, { min: number; max: number }>();
  const figuresOf = (basis: Posted[]) => {
    const min = thousand(quantile(basis.map((posted) => posted.min), 0.2));
    return { min, max: Math.max(min, thousand(quantile(basis.map((posted) => posted.max), 0.8))) };
  };
  return {
    estimate(job, exclude) {
      const facts = factsOf(job);
      for (const step of STEPS) {
        const key = step.key(facts);
        const group = key === null ? undefined : groups.get(key);
        if (key === null || group === undefined) continue;
        const basis = exclude === undefined ? group : group.filter((posted) => posted.job !== exclude);
        if (basis.length < MIN_BASIS) continue;
        let figure = basis === group ? figures.get(key) : undefined;
        if (figure === undefined) {
          figure = figuresOf(basis);
          if (basis === group) figures.set(key, figure);
        }
        const place = step.place === 'metro' ? facts.metro : step.place === 'country' ? facts.country : null;
        return { ...figure, currency: 'USD', period: 'year', basis_count: basis.length, scope: { similar: step.similar, place } };
      }
      return null;
    },
  };
};

/**
 * `summaries` with `pay_estimate` set on each job that has no posted yearly USD pay (see the
 * module doc), null (or absent) on the others. New objects for the jobs whose estimate changes;
 * the same objects otherwise.
 */
export const withPayEstimates = <T extends EstimateInput & { pay_estimate?: PayEstimate | null }>(summaries: readonly T[]): (T & { pay_estimate?: PayEstimate | null })[] => {
  const estimator = payEstimator(summaries);
  return summaries.map((job) => {
    const estimate = postedOf(job) === null ? estimator.estimate(job) : null;
    return estimate === null && (job.pay_estimate ?? null) === null ? job : { ...job, pay_estimate: estimate };
  });
};
