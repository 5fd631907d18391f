import { DEPARTMENTS } from '../departments/department';
import { EmploymentTypeSchema, SenioritySchema, WorkplaceSchema } from '../jobs/job';
import type { JobFacets } from './job-query';
import { countryCodes } from '../format/job-labels';
import type { JobSearchPage, JobSearchQuery } from './job-search';
import type { JobKey, JobSummary } from '../jobs/job-summary';
import { foldText } from './search-terms';

/**
 * What every job index shares whatever finds the matching words: the filters and facets, the
 * order of results and paging. An index only has to say which jobs match all words and how
 * well; `JobTable.collect` does the rest. The query and page shapes are the domain's port
 * (shared/search/job-search.ts).
 */

export type { JobIndex, JobSearchPage, JobSearchQuery, Suggestion } from './job-search';

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

/** Slots per attribute in the attributes code: seniority and employment type have one more for "none". */
const ATTRIBUTE_SLOTS = [DEPARTMENTS.length, WORKPLACES.length, SENIORITIES.length + 1, EMPLOYMENT_TYPES.length + 1] as const;
const ATTRIBUTE_CODES = ATTRIBUTE_SLOTS.reduce((product, slots) => product * slots, 1);

/** A job's department, workplace, seniority and employment type (slot numbers) as one attributes code. */
const attributeCode = (department: number, workplace: number, seniority: number, employment: number): number =>
  ((department * ATTRIBUTE_SLOTS[1] + workplace) * ATTRIBUTE_SLOTS[2] + seniority) * ATTRIBUTE_SLOTS[3] + employment;

/** The four slot numbers of every attributes code, by code. */
const ATTRIBUTE_PARTS = (() => {
  const parts = { department: new Uint8Array(ATTRIBUTE_CODES), workplace: new Uint8Array(ATTRIBUTE_CODES), seniority: new Uint8Array(ATTRIBUTE_CODES), employment: new Uint8Array(ATTRIBUTE_CODES) };
  for (let department = 0; department < ATTRIBUTE_SLOTS[0]; department += 1) {
    for (let workplace = 0; workplace < ATTRIBUTE_SLOTS[1]; workplace += 1) {
      for (let seniority = 0; seniority < ATTRIBUTE_SLOTS[2]; seniority += 1) {
        for (let employment = 0; employment < ATTRIBUTE_SLOTS[3]; employment += 1) {
          const code = attributeCode(department, workplace, seniority, employment);
          parts.department[code] = department;
          parts.workplace[code] = workplace;
          parts.seniority[code] = seniority;
          parts.employment[code] = employment;
        }
      }
    }
  }
  return parts;
})();



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
 * Speed: what the faceted filters read of a job is interned into two small codes, its
 * attributes (department, workplace, seniority, employment type) and its geography (reach,
 * place countries, named countries), and its company into a third. A search judges each
 * distinct code once, then reads one table entry per job and code; facets are counted per
 * code and spelled out at the end.
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
  /** Department, workplace, seniority and employment type as one code (`attributeCode`). */
  private readonly attributes: Uint16Array;
  /** Yearly USD maximum (or minimum); NaN without pay. */
  private readonly salary: Float64Array;
  private readonly posted: Float64Array;
  private readonly visaOffered: Uint8Array;
  /** Each job's company id: a position in `companyNames`, which holds `\nname\nkey\n` folded. */
  private readonly company: Uint32Array;
  private readonly companyNames: string[] = [];
  /** Each job's geography id: a position in `geographies`. */
  private readonly geography: Uint32Array;
  private readonly geographies: Geography[] = [];
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
    this.attributes = new Uint16Array(rows.length);
    for (let id = 0; id < rows.length; id += 1) {
      this.attributes[id] = attributeCode(this.department[id]!, this.workplace[id]!, this.seniority[id]!, this.employment[id]!);
    }
    this.salary = Float64Array.from(rows, (summary) => summary.salary_usd_year?.max ?? summary.salary_usd_year?.min ?? Number.NaN);
    this.posted = Float64Array.from(rows, (summary) => posted.get(summary)!);
    this.visaOffered = Uint8Array.from(rows, (summary) => (summary.visa_sponsorship === 'offered' ? 1 : 0));
    const companyOf = new Map<string, number>();
    this.company = Uint32Array.from(rows, (summary) => {
      const name = `\n${foldText(summary.company_name)}\n${foldText(summary.company_key)}\n`;
      let id = companyOf.get(name);
      if (id === undefined) {
        id = this.companyNames.length;
        companyOf.set(name, id);
        this.companyNames.push(name);
      }
      return id;
    });

    const reachOf = new Map<string, number>();
    const geographyOf = new Map<string, number>();
    this.geography = Uint32Array.from(rows, (summary) => {
      const eligibility = summary.remote_eligibility;
      let reachId = -1;
      if (summary.workplace_type === 'remote' && eligibility !== null && eligibility.scope !== 'unknown') {
        const key = eligibility.scope === 'worldwide' ? '*' : `${[...eligibility.countries].sort().join(',')}|${[...eligibility.regions].sort().join(',')}`;
        const known = reachOf.get(key);
        if (known === undefined) {
          reachId = this.reaches.length;
          reachOf.set(key, reachId);
          this.reaches.push(this.reachSet(eligibility.scope === 'worldwide' ? null : eligibility));
        } else reachId = known;
      }
      const reach = reachId === -1 ? null : this.reaches[reachId]!;
      const own = new Set<number>();
      const names = new Set<number>();
      for (const place of summary.locations) {
        if (place.country === null) continue;
        const country = this.idOfCountry(place.country.toUpperCase());
        names.add(country);
        if (reach === null || reach[country] !== 1) own.add(country);
      }
      if (reach !== null) for (const country of eligibility!.countries) names.add(this.idOfCountry(country.toUpperCase()));
      const key = `${reachId}|${[...own].join(',')}|${[...names].join(',')}`;
      let id = geographyOf.get(key);
      if (id === undefined) {
        id = this.geographies.length;
        geographyOf.set(key, id);
        this.geographies.push({ reach: reachId, places: Uint16Array.from(own), named: Uint16Array.from(names) });
      }
      return id;
    });
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
   * The query's filters, judged once per distinct code: for each attributes code, geography and
   * company, OUT when it fails a filter that has no facet, else the bits of the faceted filters
   * it fails (0: passes). The per-job filters (pay, date, visa, ghost, `excluded`: 1 for jobs an
   * exclude-keyword matched) are returned for the caller's loop. Null when the query has no filter.
   */
  private filtersOf(query: JobSearchQuery, excluded: Uint8Array | null): Filters | null {
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
    const remoteFrom = query.remoteFrom ? this.countryId.get(query.remoteFrom.toUpperCase()) ?? -1 : null;
    const unfiltered =
      departments === -1 && workplaces === -1 && seniorities === -1 && employmentTypes === -1 && minSalary === null && postedSince === null &&
      !visa && ghosts === null && excluded === null && companies.length === 0 && onlyCompanies.length === 0 && wanted === null && remoteFrom === null;
    if (unfiltered) return null;

    // A job without a seniority (employment type) sits in the slot after the last value, whose bit no mask has.
    // (Plain loops throughout: TypedArray.from with a map function is many times slower in V8.)
    const attributes = new Int8Array(ATTRIBUTE_CODES);
    for (let code = 0; code < ATTRIBUTE_CODES; code += 1) {
      let fails = 0;
      if (((departments >>> ATTRIBUTE_PARTS.department[code]!) & 1) === 0) fails |= DEPARTMENT;
      if (((workplaces >>> ATTRIBUTE_PARTS.workplace[code]!) & 1) === 0) fails |= WORKPLACE;
      if (((seniorities >>> ATTRIBUTE_PARTS.seniority[code]!) & 1) === 0) fails |= SENIORITY;
      if (((employmentTypes >>> ATTRIBUTE_PARTS.employment[code]!) & 1) === 0) fails |= EMPLOYMENT;
      attributes[code] = fails;
    }
    const geographies = new Int8Array(this.geographies.length);
    if (wanted !== null || remoteFrom !== null) {
      const reachWanted = wanted === null ? null : this.reaches.map((reach) => wanted.some((country) => reach[country] === 1));
      this.geographies.forEach(({ reach, places }, geography) => {
        if (remoteFrom !== null && (reach === -1 || remoteFrom === -1 || this.reaches[reach]![remoteFrom] !== 1)) geographies[geography] = OUT;
        else if (wanted !== null && !(reach !== -1 && reachWanted![reach]) && !places.some((country) => wanted.includes(country))) geographies[geography] = COUNTRY;
      });
    }
    const companyFails = new Int8Array(this.companyNames.length);
    this.companyNames.forEach((names, company) => {
      if (companies.length > 0 && companies.some((name) => names.includes(name))) companyFails[company] = OUT;
      else if (onlyCompanies.length > 0 && !onlyCompanies.some((name) => names.includes(name))) companyFails[company] = OUT;
    });
    return { attributes, geographies, companies: companyFails, minSalary, postedSince, visa, ghosts, excluded };
  }

  private countrySet(codes: readonly string[] | null | undefined): number[] | null {
    if (codes === null || codes === undefined || codes.length === 0) return null;
    return codes.map((code) => this.countryId.get(code.toUpperCase()) ?? -1);
  }

  /**
   * Filters the matches, counts the facets, orders and pages. `ids` in ascending order (or
   * null: every job), `scores[i]` the relevance of `ids[i]` (a small non-negative integer; null:
   * all equal). Order: `sort` (relevance by default with text, newest without), then id.
   */
  collect(query: JobSearchQuery, ids: ArrayLike<number> | null, scores: ArrayLike<number> | null, excluded: Uint8Array | null, hasText: boolean): JobSearchPage {
    checkPaging(query);
    const filters = this.filtersOf(query, excluded);
    const total = ids === null ? this.summaries.length : ids.length;
    let facets: JobFacets;
    let matched: Uint32Array;
    let matchedScores: Uint16Array;
    if (filters === null && ids === null) {
      // Every job, unfiltered (the board's first page): the same facets each time, frozen since shared.
      this.allFacets ??= deepFreeze(this.facetsOf(this.countAll()));
      facets = this.allFacets;
      matched = this.allIds ??= Uint32Array.from(this.summaries.keys());
      matchedScores = new Uint16Array(0);
    } else {
      const counts = this.newFacetCounts();
      // Views on buffers kept for the table's life: a search's arrays do not outlive it, and
      // allocating them anew each time made garbage collection a large part of the slowest searches.
      this.scratch ??= { matched: new Uint32Array(this.summaries.length), scores: new Uint16Array(this.summaries.length), marks: new Uint8Array(this.summaries.length) };
      matched = this.scratch.matched.subarray(0, total);
      matchedScores = this.scratch.scores.subarray(0, scores === null ? 0 : total);
      const count = filters === null ? this.collectAll(ids!, scores, counts, matched, matchedScores) : this.collectFiltered(filters, ids, scores, counts, matched, matchedScores);
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

  /** Every one of `ids` matches (no filter): copies them and counts them in every facet; returns how many. */
  private collectAll(ids: ArrayLike<number>, scores: ArrayLike<number> | null, counts: FacetCounts, matched: Uint32Array, matchedScores: Uint16Array): number {
    for (let at = 0; at < ids.length; at += 1) {
      const id = ids[at]!;
      matched[at] = id;
      if (scores !== null) matchedScores[at] = scores[at]!;
      counts.attributes[this.attributes[id]!]! += 1;
      counts.geography[this.geography[id]!]! += 1;
    }
    return ids.length;
  }

  /**
   * Keeps the jobs of `ids` (null: every job) that pass `filters` in `matched` (and their scores),
   * counting them in every facet, and a job failing exactly one faceted filter in that facet only;
   * returns how many passed.
   */
  private collectFiltered(filters: Filters, ids: ArrayLike<number> | null, scores: ArrayLike<number> | null, counts: FacetCounts, matched: Uint32Array, matchedScores: Uint16Array): number {
    const { minSalary, postedSince, visa, ghosts, excluded } = filters;
    const total = ids === null ? this.summaries.length : ids.length;
    let count = 0;
    for (let at = 0; at < total; at += 1) {
      const id = ids === null ? at : ids[at]!;
      if (minSalary !== null && !(this.salary[id]! >= minSalary)) continue;
      if (postedSince !== null && this.posted[id]! < postedSince) continue;
      if (visa && this.visaOffered[id] !== 1) continue;
      if (excluded !== null && excluded[id] === 1) continue;
      if (ghosts !== null && ghosts[id] === 1) continue;
      const attributes = this.attributes[id]!;
      const geography = this.geography[id]!;
      // OUT is -1: or'ed with anything it stays negative.
      const fails = filters.attributes[attributes]! | filters.geographies[geography]! | filters.companies[this.company[id]!]!;
      if (fails === 0) {
        matched[count] = id;
        if (scores !== null) matchedScores[count] = scores[at]!;
        count += 1;
        counts.attributes[attributes]! += 1;
        counts.geography[geography]! += 1;
      } else if (fails === DEPARTMENT) counts.department[this.department[id]!]! += 1;
      else if (fails === WORKPLACE) counts.workplace[this.workplace[id]!]! += 1;
      else if (fails === SENIORITY) counts.seniority[this.seniority[id]!]! += 1;
      else if (fails === EMPLOYMENT) counts.employment[this.employment[id]!]! += 1;
      else if (fails === COUNTRY) counts.geography[geography]! += 1;
    }
    return count;
  }

  private allFacets: JobFacets | null = null;
  private allIds: Uint32Array | null = null;
  /** Working buffers of one search at a time (searches are synchronous). `marks` is all zeros between uses. */
  private scratch: { matched: Uint32Array; scores: Uint16Array; marks: Uint8Array } | null = null;

  /** Facet counts of every job. */
  private countAll(): FacetCounts {
    const counts = this.newFacetCounts();
    for (let id = 0; id < this.summaries.length; id += 1) {
      counts.attributes[this.attributes[id]!]! += 1;
      counts.geography[this.geography[id]!]! += 1;
    }
    return counts;
  }

  /** Every id by yearly USD pay, highest first, jobs without pay last, ties by id; built on first use. */
  private salaryOrder: Uint32Array | null = null;

  /**
   * The first `needed` of `ids` by yearly USD pay, highest first (no pay last), then id: a few ids
   * are sorted, many are found by a walk down the index-wide pay order.
   */
  private bySalary(ids: Uint32Array, needed: number): Uint32Array {
    const pay = (id: number): number => (Number.isNaN(this.salary[id]!) ? -1 : this.salary[id]!);
    if (ids.length * 16 < this.summaries.length) return ids.slice().sort((a, b) => pay(b) - pay(a) || a - b).subarray(0, needed);
    this.salaryOrder ??= Uint32Array.from(this.summaries.keys()).sort((a, b) => pay(b) - pay(a) || a - b);
    const wanted = this.scratch?.marks ?? new Uint8Array(this.summaries.length);
    for (let at = 0; at < ids.length; at += 1) wanted[ids[at]!] = 1;
    const ranked = new Uint32Array(needed);
    let count = 0;
    for (let at = 0; at < this.salaryOrder.length && count < needed; at += 1) {
      const id = this.salaryOrder[at]!;
      if (wanted[id] === 1) ranked[count++] = id;
    }
    for (let at = 0; at < ids.length; at += 1) wanted[ids[at]!] = 0;
    return ranked;
  }

  private newFacetCounts(): FacetCounts {
    return {
      department: new Uint32Array(DEPARTMENTS.length),
      workplace: new Uint32Array(WORKPLACES.length),
      seniority: new Uint32Array(SENIORITIES.length + 1),
      employment: new Uint32Array(EMPLOYMENT_TYPES.length + 1),
      attributes: new Uint32Array(ATTRIBUTE_CODES),
      geography: new Uint32Array(this.geographies.length),
    };
  }

  private facetsOf(counts: FacetCounts): JobFacets {
    for (let code = 0; code < ATTRIBUTE_CODES; code += 1) {
      const jobs = counts.attributes[code]!;
      if (jobs === 0) continue;
      counts.department[ATTRIBUTE_PARTS.department[code]!]! += jobs;
      counts.workplace[ATTRIBUTE_PARTS.workplace[code]!]! += jobs;
      counts.seniority[ATTRIBUTE_PARTS.seniority[code]!]! += jobs;
      counts.employment[ATTRIBUTE_PARTS.employment[code]!]! += jobs;
    }
    const byCountry = new Uint32Array(this.countries.length);
    const named = new Uint8Array(this.countries.length);
    const byReach = new Uint32Array(this.reaches.length);
    this.geographies.forEach(({ reach, places, named: names }, geography) => {
      const jobs = counts.geography[geography]!;
      if (jobs === 0) return;
      if (reach !== -1) byReach[reach]! += jobs;
      for (const country of places) byCountry[country]! += jobs;
      for (const country of names) named[country] = 1;
    });
    const listed = <T extends string>(values: readonly T[], counted: Uint32Array): Partial<Record<T, number>> => {
      const out: Partial<Record<T, number>> = {};
      values.forEach((value, at) => {
        if (counted[at]! > 0) out[value] = counted[at]!;
      });
      return out;
    };
    const country: Record<string, number> = {};
    this.countries.forEach((code, id) => {
      if (named[id] !== 1) return;
      let count = byCountry[id]!;
      this.reaches.forEach((reach, reachId) => {
        if (reach[id] === 1) count += byReach[reachId]!;
      });
      if (count > 0) country[code] = count;
    });
    return {
      department: listed(DEPARTMENTS, counts.department),
      workplace: listed(WORKPLACES, counts.workplace),
      seniority: listed(SENIORITIES, counts.seniority),
      employment_type: listed(EMPLOYMENT_TYPES, counts.employment),
      country,
    };
  }
}

/** Jobs sharing a remote reach (-1: none), the place countries outside it, and the countries they name (ids). */
interface Geography {
  reach: number;
  places: Uint16Array;
  named: Uint16Array;
}

/** A query's filters judged per code (see `JobTable.filtersOf`), and the per-job ones. */
interface Filters {
  attributes: Int8Array;
  geographies: Int8Array;
  companies: Int8Array;
  minSalary: number | null;
  postedSince: number | null;
  visa: boolean;
  ghosts: Uint8Array | null;
  excluded: Uint8Array | null;
}

/** Facet counts: the four small facets of jobs failing only that filter, and per code of jobs counted everywhere. */
interface FacetCounts {
  department: Uint32Array;
  workplace: Uint32Array;
  /** The last slot counts jobs without a value (not reported). */
  seniority: Uint32Array;
  employment: Uint32Array;
  attributes: Uint32Array;
  /** Per geography: jobs counted in the country facet. */
  geography: Uint32Array;
}

const keyOf = ({ company_key, slug_url }: JobSummary): JobKey => ({ company_key, slug_url });

const deepFreeze = (facets: JobFacets): JobFacets => {
  for (const counts of Object.values(facets)) Object.freeze(counts);
  return Object.freeze(facets);
};

/** The first `needed` ids by score (highest first), keeping the given (ascending) order within a score. */
const bucketByScore = (ids: ArrayLike<number>, scores: ArrayLike<number>, needed: number): Uint32Array => {
  let top = 0;
  for (let at = 0; at < scores.length; at += 1) top = Math.max(top, scores[at]!);
  const starts = new Uint32Array(top + 2);
  for (let at = 0; at < scores.length; at += 1) starts[top - scores[at]! + 1]! += 1;
  for (let bucket = 1; bucket < starts.length; bucket += 1) starts[bucket]! += starts[bucket - 1]!;
  const ranked = new Uint32Array(needed);
  for (let at = 0; at < ids.length; at += 1) {
    const bucket = top - scores[at]!;
    const slot = starts[bucket]!;
    starts[bucket] = slot + 1;
    if (slot < needed) ranked[slot] = ids[at]!;
  }
  return ranked;
};

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
