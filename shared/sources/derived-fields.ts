/**
 * The fields a job's content is normalised into, by today's rules, in one place for both the
 * adapters (build-job.ts) and re-derivation of stored jobs (rederive.ts): department (taxonomy),
 * a remote job's places filled from its eligibility when they name no country or region
 * (`placesWithEligibility`), skills, `min_salary`/`max_salary` (thousands of USD a year, USD-yearly pay only), seniority,
 * remote eligibility, yearly USD pay (`rates`, default the committed ECB snapshot), years of
 * experience, visa sponsorship. The description's words for search are chosen per board
 * (shared/normalise/board-boilerplate.ts `withOwnSkills`), once the board's boilerplate is known.
 */
import type { Compensation, EmploymentType, Job, Place, Workplace } from '../jobs/job';
import { toDepartment } from '../normalise/department';
import { parseYearsExperience } from '../normalise/experience';
import { salaryUsdYear, type EcbRates } from '../normalise/fx';
import { ECB_SNAPSHOT_RATES } from '../normalise/fx-snapshot';
import { remoteEligibility } from '../normalise/remote-eligibility';
import { seniorityOf } from '../normalise/seniority';
import { extractSkills } from '../normalise/skills';
import { parseVisaSponsorship } from '../normalise/visa';
import { placesWithEligibility } from './places';

/** Thousands of USD per year, rounded; null unless the pay was posted in USD per year. */
export const usdThousandsPerYear = (compensation: Compensation | null, value: number | null): number | null =>
  compensation && compensation.currency === 'USD' && compensation.period === 'year' && value !== null ? Math.round(value / 1000) : null;

/** What the normalised fields of a job are read from: its posted content. */
export interface DerivationInput {
  title: string;
  /** The department and team as the source published them. */
  department: string | null;
  team: string | null;
  employmentType: EmploymentType | null;
  workplace: Workplace;
  locations: Place[];
  compensation: Compensation | null;
  /** The description as plain text (skills, years, visa, remote eligibility). */
  plain: string;
}

/** The derived fields of a job from its content (see the module doc). */
export const derivedFields = (input: DerivationInput, rates: EcbRates = ECB_SNAPSHOT_RATES) => {
  const { title, compensation, plain } = input;
  const years = parseYearsExperience(plain);
  const eligibility = remoteEligibility({ workplace: input.workplace, title, locations: input.locations, description: plain });
  const skills = extractSkills(title, plain);
  return {
    locations: placesWithEligibility(input.locations, input.workplace, eligibility),
    department: toDepartment(input.department, input.team, title, plain),
    skills,
    min_salary: usdThousandsPerYear(compensation, compensation?.min ?? null),
    max_salary: usdThousandsPerYear(compensation, compensation?.max ?? null),
    seniority: seniorityOf(title, { employmentType: input.employmentType, years, description: plain }),
    remote_eligibility: eligibility,
    salary_usd_year: salaryUsdYear(compensation, rates),
    years_experience: years,
    visa_sponsorship: parseVisaSponsorship(plain),
  } satisfies Partial<Job>;
};
