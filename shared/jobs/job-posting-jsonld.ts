/**
 * The schema.org JobPosting a job page carries as JSON-LD, so that search engines (Google for
 * Jobs) can list the posting. Follows Google's JobPosting rules as summarised in
 * ../shared/data/jsonld/GOOGLE-JOBPOSTING.md (source: developers.google.com/search/docs/
 * appearance/structured-data/job-posting) and schema.org's own examples
 * (schemaorg/schemaorg@cc71c8e0, data/examples.txt, e.g. eg-0028, eg-0268).
 *
 * Required by Google and always present: title, description, datePosted, hiringOrganization,
 * and where the work is: `jobLocation` (one Place with a PostalAddress per distinct place that
 * names a city, region or country) and, for fully remote jobs, `jobLocationType: TELECOMMUTE`
 * with `applicantLocationRequirements`: a Country per ISO 3166-1 alpha-2 country applicants may
 * live in, from the job's remote eligibility (shared/normalise/remote-eligibility.ts): its
 * countries and the member countries of its named regions ("EMEA", shared/normalise/regions.ts;
 * Google reads countries and states, not such names), every country for a job open worldwide,
 * and for a job stored before eligibility existed the countries of its places. Google requires
 * `applicantLocationRequirements` or `jobLocation` with TELECOMMUTE, so a remote job with
 * neither (eligibility unknown, no office named) makes no TELECOMMUTE claim and, having no place
 * either, gets no JobPosting.
 * Recommended and written when known: validThrough, employmentType, baseSalary, directApply,
 * identifier, and the page's url.
 *
 * Decisions:
 * - `validThrough` is 30 days after NOW (the page's clock), not after datePosted. A job stays on
 *   the site only while the crawler still lists it open (a closed job's page fails), and many
 *   open postings are older than 30 days: dating the expiry from datePosted would tell Google
 *   that those open jobs had expired. Each render therefore promises at most 30 more days.
 * - `identifier.value` is our slug (without the leading "/"): stable and unique for the posting
 *   within the company, which `identifier.name` names. The public job carries no ATS id.
 * - `directApply` is false: the visitor applies on the employer's own page.
 * - Hybrid jobs are marked like on-site ones (Google has no hybrid type; TELECOMMUTE means 100% remote).
 * - No invented values: when a required property cannot be stated truthfully (no description, or
 *   an on-site or hybrid job whose places name no city, region or country) the builder returns
 *   null and the page carries no JobPosting.
 */
// Without the 80 locales the package's main entry registers: only the codes are read here.
import countries from 'i18n-iso-countries/index';
import { REGIONS } from '../normalise/regions';
import type { Clock } from '../time/clock';
import type { EmploymentType, PayPeriod, Place, PublicJob } from './job';

/** Days `validThrough` lies after now. */
export const JOB_POSTING_VALID_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The fields of a public job the JobPosting is built from. */
export type JobPostingSource = Pick<
  PublicJob,
  | 'job_title'
  | 'description'
  | 'date_posted'
  | 'company_name'
  | 'company_url'
  | 'company_logo'
  | 'is_remote'
  | 'locations'
  | 'remote_eligibility'
  | 'employment_type'
  | 'compensation'
  | 'slug_url'
>;

export interface PostalAddressJsonLd {
  '@type': 'PostalAddress';
  addressLocality?: string;
  addressRegion?: string;
  /** ISO 3166-1 alpha-2. */
  addressCountry?: string;
}

export interface PlaceJsonLd {
  '@type': 'Place';
  address: PostalAddressJsonLd;
}

export interface CountryJsonLd {
  '@type': 'Country';
  /** ISO 3166-1 alpha-2, e.g. "US". */
  name: string;
}

/** Google's employmentType values. */
export type GoogleEmploymentType = 'FULL_TIME' | 'PART_TIME' | 'CONTRACTOR' | 'TEMPORARY' | 'INTERN';

/** Google's unitText values for baseSalary. */
export type SalaryUnit = 'YEAR' | 'MONTH' | 'WEEK' | 'DAY' | 'HOUR';

export interface MonetaryAmountJsonLd {
  '@type': 'MonetaryAmount';
  /** ISO 4217, e.g. "USD". */
  currency: string;
  value: {
    '@type': 'QuantitativeValue';
    /** Whole units of `currency` per `unitText`: either value alone, or minValue and maxValue. */
    value?: number;
    minValue?: number;
    maxValue?: number;
    unitText: SalaryUnit;
  };
}

export interface JobPostingJsonLd {
  '@context': 'https://schema.org';
  '@type': 'JobPosting';
  title: string;
  /** Sanitised HTML, as the page shows it. */
  description: string;
  /** UTC ISO-8601, when the employer published the posting. */
  datePosted: string;
  /** UTC ISO-8601, now + 30 days (see the module comment). */
  validThrough: string;
  hiringOrganization: { '@type': 'Organization'; name: string; sameAs?: string; logo?: string };
  jobLocation?: PlaceJsonLd[];
  jobLocationType?: 'TELECOMMUTE';
  applicantLocationRequirements?: CountryJsonLd[];
  employmentType?: GoogleEmploymentType;
  baseSalary?: MonetaryAmountJsonLd;
  directApply: false;
  identifier: { '@type': 'PropertyValue'; name: string; value: string };
  /** The job page's canonical URL, when given. */
  url?: string;
}

const EMPLOYMENT_TYPES: Record<EmploymentType, GoogleEmploymentType> = {
  full_time: 'FULL_TIME',
  part_time: 'PART_TIME',
  contract: 'CONTRACTOR',
  temporary: 'TEMPORARY',
  intern: 'INTERN',
};

const SALARY_UNITS: Record<PayPeriod, SalaryUnit> = { year: 'YEAR', month: 'MONTH', week: 'WEEK', day: 'DAY', hour: 'HOUR' };

/** Each named region's member countries (shared/normalise/regions.ts). */
const REGION_COUNTRIES = new Map(REGIONS.map((region) => [region.code, region.countries]));

/** A PostalAddress with only the parts the place names; null when it names none. A named region ("EMEA", "Worldwide") is no address region. */
function postalAddress(place: Place): PostalAddressJsonLd | null {
  const address: PostalAddressJsonLd = {
    '@type': 'PostalAddress',
    ...(place.city ? { addressLocality: place.city } : {}),
    ...(place.region && !REGION_COUNTRIES.has(place.region) ? { addressRegion: place.region } : {}),
    ...(place.country ? { addressCountry: place.country } : {}),
  };
  return Object.keys(address).length > 1 ? address : null;
}

/** One Place per distinct address; for remote jobs only the places that name a city or region (offices). */
function jobLocations(places: Place[], remote: boolean): PlaceJsonLd[] {
  const seen = new Set<string>();
  const result: PlaceJsonLd[] = [];
  for (const place of places) {
    if (remote && !place.city && !place.region) continue;
    const address = postalAddress(place);
    if (address === null) continue;
    const key = JSON.stringify(address);
    if (seen.has(key)) continue;
    seen.add(key);
    result.push({ '@type': 'Place', address });
  }
  return result;
}

/** Every ISO 3166-1 alpha-2 code, sorted: where applicants of a job open worldwide may live. */
const EVERY_COUNTRY: readonly string[] = Object.keys(countries.getAlpha2Codes()).sort();


/** Where applicants of a remote job may live, as countries: its eligibility's (regions by their members, worldwide as every country), else its places' countries. */
function applicantLocations(job: JobPostingSource): CountryJsonLd[] {
  const eligibility = job.remote_eligibility;
  const codes =
    eligibility === null || eligibility === undefined
      ? job.locations.flatMap((place) => (place.country ? [place.country] : []))
      : eligibility.scope === 'worldwide'
        ? EVERY_COUNTRY
        : [...eligibility.countries, ...eligibility.regions.flatMap((code) => REGION_COUNTRIES.get(code) ?? [])];
  return [...new Set(codes)].sort().map((name) => ({ '@type': 'Country' as const, name }));
}

function baseSalary(compensation: JobPostingSource['compensation']): MonetaryAmountJsonLd | null {
  if (compensation === null) return null;
  const { min, max, currency, period } = compensation;
  if (min === null && max === null) return null;
  const unitText = SALARY_UNITS[period];
  const value =
    min !== null && max !== null && min !== max
      ? { '@type': 'QuantitativeValue' as const, minValue: Math.min(min, max), maxValue: Math.max(min, max), unitText }
      : { '@type': 'QuantitativeValue' as const, value: (min ?? max)!, unitText };
  return { '@type': 'MonetaryAmount', currency, value };
}

/**
 * The JobPosting JSON-LD object for `job` as of `clock()`, or null when Google's required
 * properties cannot be stated truthfully (blank description, or an on-site or hybrid job whose
 * places name no city, region or country). `pageUrl` (the job page's canonical URL) becomes `url`.
 * Every property is a defined value: nothing is undefined or null, so JSON.stringify keeps all of it.
 *
 * e.g. a remote USD-yearly Cohere posting in "Toronto, ON, CA" →
 *   { ..., jobLocation: [{ '@type': 'Place', address: { addressLocality: 'Toronto', addressRegion: 'ON', addressCountry: 'CA' } }],
 *     jobLocationType: 'TELECOMMUTE', applicantLocationRequirements: [{ '@type': 'Country', name: 'CA' }],
 *     baseSalary: { '@type': 'MonetaryAmount', currency: 'USD', value: { minValue: 180000, maxValue: 250000, unitText: 'YEAR', ... } } }
 */
export function buildJobPostingJsonLd(job: JobPostingSource, options: { clock: Clock; pageUrl?: string }): JobPostingJsonLd | null {
  const description = job.description?.trim() ?? '';
  if (description === '') return null;

  const fullyRemote = job.is_remote === 'remote';
  const requirements = fullyRemote ? applicantLocations(job) : [];
  const places = jobLocations(job.locations, fullyRemote);
  // Google: TELECOMMUTE needs applicantLocationRequirements or jobLocation; any other job needs jobLocation.
  const remote = fullyRemote && (requirements.length > 0 || places.length > 0);
  if (!remote && places.length === 0) return null;

  const salary = baseSalary(job.compensation);
  const validThrough = new Date(options.clock().getTime() + JOB_POSTING_VALID_DAYS * DAY_MS).toISOString();

  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.job_title,
    description,
    datePosted: job.date_posted,
    validThrough,
    hiringOrganization: {
      '@type': 'Organization',
      name: job.company_name,
      ...(job.company_url ? { sameAs: job.company_url } : {}),
      ...(job.company_logo ? { logo: job.company_logo } : {}),
    },
    ...(places.length > 0 ? { jobLocation: places } : {}),
    ...(remote ? { jobLocationType: 'TELECOMMUTE' as const } : {}),
    ...(requirements.length > 0 ? { applicantLocationRequirements: requirements } : {}),
    ...(job.employment_type ? { employmentType: EMPLOYMENT_TYPES[job.employment_type] } : {}),
    ...(salary ? { baseSalary: salary } : {}),
    directApply: false,
    identifier: { '@type': 'PropertyValue', name: job.company_name, value: job.slug_url.replace(/^\/+/, '') },
    ...(options.pageUrl ? { url: options.pageUrl } : {}),
  };
}
