/**
 * Jobs like a given one (the MCP server's `similar_jobs`, issue 21): open jobs of the same
 * department, ranked by how much they share with it.
 *
 * `similarJobs(job, options, deps)` → up to `options.limit` open list jobs, most similar first,
 * never `job` itself. A job's score:
 * - title: 4 × the share of title terms the two have in common (Jaccard, the search word rules:
 *   "ML Engineer" and "Machine Learning Engineer" share both terms);
 * - skills: 2 × the Jaccard share of skills (any case);
 * - seniority: 1 for the same level, 0.5 for the next one up or down, 0 otherwise or unknown;
 * - place: 1 when both are remote, or they share a country.
 * Ties go to the newer posting. Candidates are the newest `CANDIDATES` jobs of the department
 * (`findJobs`), so the answer reads no storage. `exclude_same_company` leaves out the
 * company's own jobs.
 */
import type { PublicListJob, Seniority } from '../jobs/job';
import { SenioritySchema } from '../jobs/job';
import { findJobs, type FindJobsDeps } from './find-jobs';
import { documentTerms } from './search-terms';

/** How many of the department's newest jobs are compared: the most `POST /jobs` answers a page. */
export const CANDIDATES = 240;

export interface SimilarJobsOptions {
  /** Leave out jobs of the given job's company. */
  excludeSameCompany: boolean;
  /** At most this many jobs (1 or more). */
  limit: number;
}

type Comparable = Pick<PublicListJob, 'job_title' | 'company_name' | 'slug_url' | 'department' | 'skills' | 'seniority' | 'is_remote' | 'locations' | 'date_posted'>;

const jaccard = (a: ReadonlySet<string>, b: ReadonlySet<string>): number => {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const item of a) if (b.has(item)) shared += 1;
  return shared / (a.size + b.size - shared);
};

const LEVELS = SenioritySchema.options;

const seniorityScore = (a: Seniority | null, b: Seniority | null): number => {
  if (a === null || b === null) return 0;
  const apart = Math.abs(LEVELS.indexOf(a) - LEVELS.indexOf(b));
  return apart === 0 ? 1 : apart === 1 ? 0.5 : 0;
};

const countriesOf = (job: Comparable): Set<string> => new Set(job.locations.flatMap((place) => (place.country === null ? [] : [place.country])));

/** What a job is compared by, read once. */
const profileOf = (job: Comparable) => ({
  title: new Set(documentTerms(job.job_title)),
  skills: new Set(job.skills.map((skill) => skill.toLowerCase())),
  countries: countriesOf(job),
});

/** The similarity of `other` to `target` (see the module comment), 0 to 8. */
export const similarity = (target: Comparable, other: Comparable, targetProfile = profileOf(target)): number => {
  const profile = profileOf(other);
  const samePlace =
    (target.is_remote === 'remote' && other.is_remote === 'remote') || [...profile.countries].some((country) => targetProfile.countries.has(country));
  return (
    4 * jaccard(targetProfile.title, profile.title) +
    2 * jaccard(targetProfile.skills, profile.skills) +
    seniorityScore(target.seniority, other.seniority) +
    (samePlace ? 1 : 0)
  );
};

/** Open jobs like `job`, most similar first (see the module comment). */
export const similarJobs = async (job: Comparable, options: SimilarJobsOptions, deps: FindJobsDeps): Promise<PublicListJob[]> => {
  const { jobs } = await findJobs(
    {
      departments: [job.department],
      exclude_companies: options.excludeSameCompany ? [job.company_name] : null,
      sort: 'newest',
      page_size: CANDIDATES,
    },
    deps,
  );
  const target = profileOf(job);
  return jobs
    .filter((other) => !(other.company_name === job.company_name && other.slug_url === job.slug_url))
    .map((other) => ({ other, score: similarity(job, other, target) }))
    .sort((a, b) => b.score - a.score || b.other.date_posted.localeCompare(a.other.date_posted))
    .slice(0, options.limit)
    .map(({ other }) => other);
};
