import { DEPARTMENTS } from '../departments/department';
import { EmploymentTypeSchema, SenioritySchema, WorkplaceSchema } from '../jobs/job';
import type { JobFacets } from '../jobs/job-query';
import { countryCodes } from '../format/job-labels';
import type { JobSearchPage, JobSearchQuery } from '../jobs/job-search';
import type { JobKey, JobSummary } from '../jobs/job-summary';
import { foldText } from './search-terms';

/**
 * What every job index shares whatever finds the matching words: the filters and facets, the
 * order of results and paging. An index only has to say which jobs match all words and how
 * well; `JobTable.collect` does the rest. The query and page shapes are the domain's port
 * (shared/jobs/job-search.ts).
 */

export type { JobIndex, JobSearchPage, JobSearchQuery, Suggestion } from '../jobs/job-search';

/** The rules the table needs from elsewhere in the domain, injected so the table stays a pure data structure. */
export interface JobTableRules {
  /** Whether a region code (shared/normalise/regions.ts) contains an ISO 3166-1 alpha-2 country. */
  regionContains(region: string, country: string): boolean;
  /** Why a job looks like a ghost job at `now`, or null (shared/jobs/ghost.ts). */
  ghostReason(job: JobSummary, now: Date): string | null;
}

/** The searched fields and what a word matching in each is worth: title and company weigh more. */
export const FIELD_WEIGHTS = { title: 3, company: 3, locations: 1, skills: 1 } as const;
export type SearchField = keyof typeof FIELD_WEIGHTS;
export const SEARCH_FIELDS = Object.keys(FIELD_WEIGHTS) as SearchField[];

/** A job's text in one searched field. */
export const fieldText = (summary: JobSummary, field: SearchField): string => {
  switch (field) {
    case 'title':
      return summary.job_title;
    case 'company':
      return summary.company_name;
    case 'locations':
      return summary.locations.map((place) => place.label).join('\n');
    case 'skills':
      return summary.skills.join('\n');
  }
};

const WORKPLACES = WorkplaceSchema.options;
const SENIORITIES = SenioritySchema.options;
const EMPLOYMENT_TYPES = EmploymentTypeSchema.options;

/** Every country code (shared/format/job-labels.ts `isCountryCode`): those a region can contain. */
const ISO_COUNTRIES: readonly string[] = countryCodes();

const maskOf = <T>(all: readonly T[], chosen: readonly T[] | null | undefined): number => {
  if (chosen === null || chosen === undefined || chosen.length === 0) return -1;
  let mask = 0;
  for (const value of chosen) mask |= 1 << all.indexOf(value);
  return mask;
};

const checkPaging = ({ page, pageSize }: JobSearchQuery): void => {
  if (!Number.isSafeInteger(page) || page < 0) throw new RangeError(`page must be an integer ≥ 0, got ${page}`);
  if (!Number.isSafeInteger(pageSize) || pageSize < 1) throw new RangeError(`pageSize must be an integer ≥ 1, got ${pageSize}`);
};

/** Bits of the filters that have a facet: a job failing only one of them still counts in that facet. */
const DEPARTMENT = 1;
const WORKPLACE = 2;
const SENIORITY = 4;
const EMPLOYMENT = 8;
const COUNTRY = 16;
/** A job failing a filter that has no facet. */
const OUT = -1;

const GHOST_CHECK_MS = 60 * 60 * 1000;


/**
 * The summaries in a form that filters, counts and ranks fast. A job's id is its position in
 * `summaries`, which holds them newest first (ties: company key, then slug), so among
 * equally relevant jobs the lower id ranks first.
 *
 * Countries: a job's countries are its places' countries, and for a remote job the countries
 * its eligibility opens it to (worldwide: all; restricted: the named countries and every
 * country of the named regions). Jobs sharing one eligibility share one "reach" (a set of
 * country ids), so a filter or facet checks each reach once.
 *
 * @throws Error when two summaries share a key (company_key + slug_url).
 */
export class JobTable {
  /** The jobs, newest first; ids are positions here. */
  readonly summaries: readonly JobSummary[];
  private readonly department: Uint8Array;
  private readonly workplace: Uint8Array;
  private readonly seniority: Uint8Array;
  private readonly employment: Uint8Array;
  /** Yearly USD maximum (or minimum); NaN without pay. */
  private readonly salary: Float64Array;
  private readonly posted: Float64Array;
  private readonly visaOffered: Uint8Array;
  private readonly companyNames: string[];
  /** Country ids of each job's places, outside its reach: `placeCountries[placeStart[id] .. placeStart[id+1]]`. */
  private readonly placeStart: Uint32Array;
  private readonly placeCountries: Uint16Array;
  /** Country ids each job names (places and eligibility), which the country facet lists: `namedCountries[namedStart[id] ..]`. */
  private readonly namedStart: Uint32Array;
  private readonly namedCountries: Uint16Array;
  /** Each job's reach id, or -1. */
  private readonly reach: Int32Array;
  private readonly reaches: Uint8Array[] = [];
  private readonly countries: string[] = [...ISO_COUNTRIES];
  private readonly countryId = new Map(ISO_COUNTRIES.map((code, id) => [code, id]));
  private ghosts: { checkedAt: number; flags: Uint8Array } | null = null;

  constructor(
    summaries: readonly JobSummary[],
    private readonly rules: JobTableRules,
  ) {
    const seen = new Set<string>();
    for (const { company_key, slug_url } of summaries) {
      const key = `${company_key}${slug_url}`;
      if (seen.has(key)) throw new Error(`two jobs share the key ${company_key} ${slug_url}`);
      seen.add(key);
    }
    const posted = new Map(summaries.map((summary) => [summary, Date.parse(summary.date_posted)]));
    this.summaries = [...summaries].sort(
      (a, b) =>
        posted.get(b)! - posted.get(a)! || compareText(a.company_key, b.company_key) || compareText(a.slug_url, b.slug_url),
    );
    const rows = this.summaries;
    this.department = Uint8Array.from(rows, (summary) => DEPARTMENTS.indexOf(summary.department));
    this.workplace = Uint8Array.from(rows, (summary) => WORKPLACES.indexOf(summary.workplace_type));
    this.seniority = Uint8Array.from(rows, (summary) => (summary.seniority === null ? SENIORITIES.length : SENIORITIES.indexOf(summary.seniority)));
    this.employment = Uint8Array.from(rows, (summary) => (summary.employment_type === null ? EMPLOYMENT_TYPES.length : EMPLOYMENT_TYPES.indexOf(summary.employment_type)));
    this.salary = Float64Array.from(rows, (summary) => summary.salary_usd_year?.max ?? summary.salary_usd_year?.min ?? Number.NaN);
    this.posted = Float64Array.from(rows, (summary) => posted.get(summary)!);
    this.visaOffered = Uint8Array.from(rows, (summary) => (summary.visa_sponsorship === 'offered' ? 1 : 0));
    this.companyNames = rows.map((summary) => `\n${foldText(summary.company_name)}\n${foldText(summary.company_key)}\n`);

    const reachOf = new Map<string, number>();
    this.reach = Int32Array.from(rows, (summary) => {
      const eligibility = summary.remote_eligibility;
      if (summary.workplace_type !== 'remote' || eligibility === null || eligibility.scope === 'unknown') return -1;
      const key = eligibility.scope === 'worldwide' ? '*' : `${[...eligibility.countries].sort().join(',')}|${[...eligibility.regions].sort().join(',')}`;
      let id = reachOf.get(key);
      if (id === undefined) {
        id = this.reaches.length;
        reachOf.set(key, id);
        this.reaches.push(this.reachSet(eligibility.scope === 'worldwide' ? null : eligibility));
      }
      return id;
    });
    const places: number[] = [];
    const named: number[] = [];
    this.placeStart = new Uint32Array(rows.length + 1);
    this.namedStart = new Uint32Array(rows.length + 1);
    rows.forEach((summary, id) => {
      const reach = this.reach[id]! === -1 ? null : this.reaches[this.reach[id]!]!;
      const own = new Set<number>();
      const names = new Set<number>();
      for (const place of summary.locations) {
        if (place.country === null) continue;
        const country = this.idOfCountry(place.country.toUpperCase());
        names.add(country);
        if (reach === null || reach[country] !== 1) own.add(country);
      }
      if (reach !== null) for (const country of summary.remote_eligibility!.countries) names.add(this.idOfCountry(country.toUpperCase()));
      places.push(...own);
      named.push(...names);
      this.placeStart[id + 1] = places.length;
      this.namedStart[id + 1] = named.length;
    });
    this.placeCountries = Uint16Array.from(places);
    this.namedCountries = Uint16Array.from(named);
  }

  private idOfCountry(code: string): number {
    let id = this.countryId.get(code);
    if (id === undefined) {
      id = this.countries.length;
      this.countries.push(code);
      this.countryId.set(code, id);
    }
    return id;
  }

  /** Membership by country id of a remote eligibility (null: worldwide). Sized for new codes a few hundred on. */
  private reachSet(eligibility: { countries: readonly string[]; regions: readonly string[] } | null): Uint8Array {
    const set = new Uint8Array(1 << 12);
    if (eligibility === null) return set.fill(1);
    for (const country of eligibility.countries) set[this.idOfCountry(country.toUpperCase())] = 1;
    for (const region of eligibility.regions) {
      this.countries.forEach((country, id) => {
        if (this.rules.regionContains(region, country)) set[id] = 1;
      });
    }
    return set;
  }

  /** Ghost flags as of `now`, recomputed at most hourly (ghost rules are about days). */
  private ghostFlags(now: Date): Uint8Array {
    const at = now.getTime();
    if (this.ghosts === null || Math.abs(at - this.ghosts.checkedAt) >= GHOST_CHECK_MS) {
      this.ghosts = { checkedAt: at, flags: Uint8Array.from(this.summaries, (summary) => (this.rules.ghostReason(summary, now) === null ? 0 : 1)) };
    }
    return this.ghosts.flags;
  }

  /**
   * The query's filters as one test: OUT when the job fails a filter that has no facet, else
   * the bits of the faceted filters it fails (0: it passes every filter). `excluded[id]` = 1
   * marks jobs an exclude-keyword matched. Null when the query has no filter at all.
   */
  classifier(query: JobSearchQuery, excluded: Uint8Array | null): ((id: number) => number) | null {
    const departments = maskOf(DEPARTMENTS, query.departments);
    const workplaces = maskOf(WORKPLACES, query.workplaces);
    const seniorities = maskOf(SENIORITIES, query.seniorities);
    const employmentTypes = maskOf(EMPLOYMENT_TYPES, query.employmentTypes);
    const minSalary = query.minSalaryUsd ?? null;
    const postedSince = query.postedSinceMs ?? null;
    const visa = query.visaSponsorship === true;
    const ghosts = query.excludeGhostAt ? this.ghostFlags(query.excludeGhostAt) : null;
    const companies = (query.excludeCompanies ?? []).map((name) => `\n${foldText(name.trim())}\n`);
    const onlyCompanies = (query.companies ?? []).map((name) => `\n${foldText(name.trim())}\n`);
    const wanted = this.countrySet(query.countries);
    const reachWanted = wanted === null ? null : this.reaches.map((reach) => wanted.some((country) => reach[country] === 1));
    const remoteFrom = query.remoteFrom ? this.countryId.get(query.remoteFrom.toUpperCase()) ?? -1 : null;
    const unfiltered =
      departments === -1 && workplaces === -1 && seniorities === -1 && employmentTypes === -1 && minSalary === null && postedSince === null &&
      !visa && ghosts === null && excluded === null && companies.length === 0 && onlyCompanies.length === 0 && wanted === null && remoteFrom === null;
    if (unfiltered) return null;
    return (id) => {
      if (minSalary !== null && !(this.salary[id]! >= minSalary)) return OUT;
      if (postedSince !== null && this.posted[id]! < postedSince) return OUT;
      if (visa && this.visaOffered[id] !== 1) return OUT;
      if (excluded !== null && excluded[id] === 1) return OUT;
      if (ghosts !== null && ghosts[id] === 1) return OUT;
      if (remoteFrom !== null && (this.reach[id]! === -1 || remoteFrom === -1 || this.reaches[this.reach[id]!]![remoteFrom] !== 1)) return OUT;
      if (companies.length > 0 && companies.some((name) => this.companyNames[id]!.includes(name))) return OUT;
      if (onlyCompanies.length > 0 && !onlyCompanies.some((name) => this.companyNames[id]!.includes(name))) return OUT;
      let fails = 0;
      if (((departments >>> this.department[id]!) & 1) === 0) fails |= DEPARTMENT;
      if (((workplaces >>> this.workplace[id]!) & 1) === 0) fails |= WORKPLACE;
      // A job without a seniority (employment type) sits in the slot after the last value, whose bit no mask has.
      if (((seniorities >>> this.seniority[id]!) & 1) === 0) fails |= SENIORITY;
      if (((employmentTypes >>> this.employment[id]!) & 1) === 0) fails |= EMPLOYMENT;
      if (wanted !== null && !(this.reach[id]! !== -1 && reachWanted![this.reach[id]!]) && !this.placedIn(id, wanted)) fails |= COUNTRY;
      return fails;
    };
  }

  private countrySet(codes: readonly string[] | null | undefined): number[] | null {
    if (codes === null || codes === undefined || codes.length === 0) return null;
    return codes.map((code) => this.countryId.get(code.toUpperCase()) ?? -1);
  }

  private placedIn(id: number, wanted: readonly number[]): boolean {
    for (let at = this.placeStart[id]!; at < this.placeStart[id + 1]!; at += 1) if (wanted.includes(this.placeCountries[at]!)) return true;
    return false;
  }

  /**
   * Filters the matches, counts the facets, orders and pages. `ids` in ascending order (or
   * null: every job), `scores[i]` the relevance of `ids[i]` (a small non-negative integer; null:
   * all equal). Order: `sort` (relevance by default with text, newest without), then id.
   */
  collect(query: JobSearchQuery, ids: ArrayLike<number> | null, scores: ArrayLike<number> | null, excluded: Uint8Array | null, hasText: boolean): JobSearchPage {
    checkPaging(query);
    const classify = this.classifier(query, excluded);
    const total = ids === null ? this.summaries.length : ids.length;
    let facets: JobFacets;
    let matched: Uint32Array;
    let matchedScores: Uint16Array;
    if (classify === null && ids === null) {
      // Every job, unfiltered (the board's first page): the same facets each time.
      this.allFacets ??= this.facetsOf(this.countAll(null, total));
      facets = this.allFacets;
      matched = this.allIds ??= Uint32Array.from(this.summaries.keys());
      matchedScores = new Uint16Array(0);
    } else {
      const counts = this.newFacetCounts();
      matched = new Uint32Array(total);
      matchedScores = new Uint16Array(scores === null ? 0 : total);
      let count = 0;
      for (let at = 0; at < total; at += 1) {
        const id = ids === null ? at : ids[at]!;
        const fails = classify === null ? 0 : classify(id);
        if (fails === 0) {
          matched[count] = id;
          if (scores !== null) matchedScores[count] = scores[at]!;
          count += 1;
          this.countFacets(counts, id, -1);
        } else if (fails !== OUT && (fails & (fails - 1)) === 0) {
          this.countFacets(counts, id, fails);
        }
      }
      matched = matched.subarray(0, count);
      matchedScores = matchedScores.subarray(0, scores === null ? 0 : count);
      facets = this.facetsOf(counts);
    }
    const sort = query.sort ?? (hasText ? 'relevance' : 'newest');
    const count = matched.length;
    const from = query.page * query.pageSize;
    const to = Math.min(count, from + query.pageSize);
    let ranked: ArrayLike<number> = matched;
    if (from < count) {
      if (sort === 'relevance' && scores !== null) ranked = bucketByScore(matched, matchedScores, to);
      else if (sort === 'salary') ranked = this.bySalary(matched, to);
    }
    const summaries: JobSummary[] = [];
    for (let at = from; at < to; at += 1) summaries.push(this.summaries[ranked[at]!]!);
    return { keys: summaries.map(keyOf), summaries, count, facets };
  }

  private allFacets: JobFacets | null = null;
  private allIds: Uint32Array | null = null;

  /** Facet counts of every job, or of the given ids. */
  private countAll(ids: ArrayLike<number> | null, total: number): FacetCounts {
    const counts = this.newFacetCounts();
    for (let at = 0; at < total; at += 1) this.countFacets(counts, ids === null ? at : ids[at]!, -1);
    return counts;
  }

  /** Every id by yearly USD pay, highest first, jobs without pay last, ties by id; built on first use. */
  private salaryOrder: Uint32Array | null = null;

  /** The first `needed` of `ids` by yearly USD pay, highest first (no pay last), then id: a walk down the index-wide pay order. */
  private bySalary(ids: Uint32Array, needed: number): Uint32Array {
    if (this.salaryOrder === null) {
      const pay = (id: number): number => (Number.isNaN(this.salary[id]!) ? -1 : this.salary[id]!);
      this.salaryOrder = Uint32Array.from(this.summaries.keys()).sort((a, b) => pay(b) - pay(a) || a - b);
    }
    const wanted = new Uint8Array(this.summaries.length);
    for (let at = 0; at < ids.length; at += 1) wanted[ids[at]!] = 1;
    const ranked = new Uint32Array(needed);
    let count = 0;
    for (let at = 0; at < this.salaryOrder.length && count < needed; at += 1) {
      const id = this.salaryOrder[at]!;
      if (wanted[id] === 1) ranked[count++] = id;
    }
    return ranked;
  }

  private newFacetCounts(): FacetCounts {
    return {
      department: new Uint32Array(DEPARTMENTS.length),
      workplace: new Uint32Array(WORKPLACES.length),
      seniority: new Uint32Array(SENIORITIES.length + 1),
      employment: new Uint32Array(EMPLOYMENT_TYPES.length + 1),
      country: new Uint32Array(this.countries.length),
      named: new Uint8Array(this.countries.length),
      reach: new Uint32Array(this.reaches.length),
    };
  }

  /** Counts job `id` in every facet (`only` -1) or only in the facet whose filter it fails. */
  private countFacets(counts: FacetCounts, id: number, only: number): void {
    if (only === -1 || only === DEPARTMENT) counts.department[this.department[id]!]! += 1;
    if (only === -1 || only === WORKPLACE) counts.workplace[this.workplace[id]!]! += 1;
    if (only === -1 || only === SENIORITY) counts.seniority[this.seniority[id]!]! += 1;
    if (only === -1 || only === EMPLOYMENT) counts.employment[this.employment[id]!]! += 1;
    if (only === -1 || only === COUNTRY) {
      if (this.reach[id]! !== -1) counts.reach[this.reach[id]!]! += 1;
      for (let at = this.placeStart[id]!; at < this.placeStart[id + 1]!; at += 1) counts.country[this.placeCountries[at]!]! += 1;
      for (let at = this.namedStart[id]!; at < this.namedStart[id + 1]!; at += 1) counts.named[this.namedCountries[at]!] = 1;
    }
  }

  private facetsOf(counts: FacetCounts): JobFacets {
    const named = <T extends string>(values: readonly T[], counted: Uint32Array): Partial<Record<T, number>> => {
      const out: Partial<Record<T, number>> = {};
      values.forEach((value, at) => {
        if (counted[at]! > 0) out[value] = counted[at]!;
      });
      return out;
    };
    const country: Record<string, number> = {};
    this.countries.forEach((code, id) => {
      if (counts.named[id] !== 1) return;
      let count = counts.country[id]!;
      this.reaches.forEach((reach, reachId) => {
        if (reach[id] === 1) count += counts.reach[reachId]!;
      });
      if (count > 0) country[code] = count;
    });
    return {
      department: named(DEPARTMENTS, counts.department),
      workplace: named(WORKPLACES, counts.workplace),
      seniority: named(SENIORITIES, counts.seniority),
      employment_type: named(EMPLOYMENT_TYPES, counts.employment),
      country,
    };
  }
}

interface FacetCounts {
  department: Uint32Array;
  workplace: Uint32Array;
  /** The last slot counts jobs without a value (not reported). */
  seniority: Uint32Array;
  employment: Uint32Array;
  country: Uint32Array;
  /** 1 for countries some counted job names: the facet lists only those. */
  named: Uint8Array;
  reach: Uint32Array;
}

const keyOf = ({ company_key, slug_url }: JobSummary): JobKey => ({ company_key, slug_url });

/** The first `needed` ids by score (highest first), keeping the given (ascending) order within a score. */
const bucketByScore = (ids: ArrayLike<number>, scores: ArrayLike<number>, needed: number): Uint32Array => {
  let top = 0;
  for (let at = 0; at < scores.length; at += 1) top = Math.max(top, scores[at]!);
  const starts = new Uint32Array(top + 2);
  for (let at = 0; at < scores.length; at += 1) starts[top - scores[at]! + 1]! += 1;
  for (let bucket = 1; bucket < starts.length; bucket += 1) starts[bucket]! += starts[bucket - 1]!;
  const ranked = new Uint32Array(ids.length);
  for (let at = 0; at < ids.length; at += 1) {
    const bucket = top - scores[at]!;
    const slot = starts[bucket]!;
    starts[bucket] = slot + 1;
    ranked[slot] = ids[at]!;
  }
  return ranked.subarray(0, needed);
};

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
