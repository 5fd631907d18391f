import type { JobFacets } from './job-query';
import type { IndexMatch, SearchFilter } from './filters/search-filter';
import { ATTRIBUTE_FILTERS, SEARCH_FILTERS } from './filters/search-filters';
import { countryCodes } from '../format/job-labels';
import type { JobSearchPage, JobSearchQuery } from './job-search';
import type { JobKey, JobSummary } from '../jobs/job-summary';
import { foldText } from './search-terms';
import { newPayBands, PAY_BAND_USD, payBandOf, toPayHistogram, type PayHistogram } from '../pay/pay-histogram';
import { ArrayRows, type JobRows } from './job-rows';
import { firstAtLeast, firstBelow } from './sorted-positions';
import type { TextCells, TextMatches } from './text-matches';
import { bucketByScore } from './by-score';

/**
 * What every job index shares whatever finds the matching words: the filters and facets, the
 * order of results and paging. An index only has to say which jobs match all words and how
 * well; `JobTable.collect` does the rest. The query and page shapes are the domain's port
 * (shared/search/job-search.ts).
 */

export type { JobIndex, JobSearchPage, JobSearchQuery, Suggestion } from './job-search';

/** What the ghost-job rule reads of a job. */
export type GhostFields = Pick<JobSummary, 'date_posted' | 'first_seen_at' | 'closed_at' | 'reposted_from'>;

/** The rules the table needs from elsewhere in the domain, injected so the table stays a pure data structure. */
export interface JobTableRules {
  /** Whether a region code (shared/normalise/regions.ts) contains an ISO 3166-1 alpha-2 country. */
  regionContains(region: string, country: string): boolean;
  /** The instant (epoch ms) from which a job counts as a ghost job, ±Infinity for always or never (shared/jobs/ghost.ts `ghostSince`). */
  ghostSince(job: GhostFields): number;
}

/**
 * The searched fields and what a word matching in each is worth: title and company weigh most,
 * then places and skills, then the description's words (JobSummary `description_terms`).
 */
export const FIELD_WEIGHTS = { title: 6, company: 6, locations: 2, skills: 2, description: 1 } as const;
export type SearchField = keyof typeof FIELD_WEIGHTS;
export const SEARCH_FIELDS = Object.keys(FIELD_WEIGHTS) as SearchField[];
/**
 * The fields whose words are in reading order: quoted phrases are matched in them, and their
 * words are the near spellings a mistyped word may stand for. The description's words are a
 * chosen set, not a text: they match only as typed (or through a near spelling of these fields).
 */
export const TEXT_FIELDS: readonly SearchField[] = SEARCH_FIELDS.filter((field) => field !== 'description');

/** The summary field each searched field reads. */
export const FIELD_SOURCES = { title: 'job_title', company: 'company_name', locations: 'locations', skills: 'skills', description: 'description_terms' } as const satisfies Record<SearchField, keyof JobSummary>;

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
    case 'description':
      return summary.description_terms ?? '';
  }
};

/** Every country code (shared/format/job-labels.ts `isCountryCode`): those a region can contain. */
const ISO_COUNTRIES: readonly string[] = countryCodes();

const checkPaging = ({ page, pageSize }: JobSearchQuery): void => {
  if (!Number.isSafeInteger(page) || page < 0) throw new RangeError(`page must be an integer ≥ 0, got ${page}`);
  if (!Number.isSafeInteger(pageSize) || pageSize < 1) throw new RangeError(`pageSize must be an integer ≥ 1, got ${pageSize}`);
};

/** The filters judged by one mechanism (shared/search/filters/search-filter.ts `IndexMatch`), with theirs. */
const filtersBy = <By extends IndexMatch['by']>(by: By): { key: string; match: Extract<IndexMatch, { by: By }> }[] =>
  (SEARCH_FILTERS as readonly SearchFilter[]).filter((filter) => filter.index.match.by === by).map((filter) => ({ key: filter.index.key, match: filter.index.match as Extract<IndexMatch, { by: By }> }));

/** The key of the one filter judged by `by` (these mechanisms fill one facet or read injected rules), or null when none is declared. */
const onlyFilterBy = (by: 'places' | 'remote-from' | 'ghost' | 'words'): string | null => {
  const found = filtersBy(by);
  if (found.length > 1) throw new Error(`only one search filter may be judged by ${by}`);
  return found[0]?.key ?? null;
};

/**
 * The faceted attributes (department, workplace, seniority, employment type...), in declaration
 * order. Each has a slot per value and one more for a job without one, whose bit no mask has.
 */
const ATTRIBUTES = ATTRIBUTE_FILTERS.map((filter) => ({ key: filter.index.key, facet: filter.index.match.facet, values: filter.value.values as readonly string[], of: filter.index.match.of }));
const ATTRIBUTE_SLOTS = ATTRIBUTES.map(({ values }) => values.length + 1);
const ATTRIBUTE_CODES = ATTRIBUTE_SLOTS.reduce((product, slots) => product * slots, 1);
const NUMBERS = filtersBy('number');
/** Options that change how a number filter reads jobs (`IndexMatch` 'option'). */
const OPTIONS = filtersBy('option');
/** The number filter whose figure the answer's pay histogram counts (a position in `NUMBERS`), or -1. */
const HISTOGRAM = NUMBERS.findIndex(({ match }) => match.payHistogram === true);
const COMPANIES = filtersBy('companies');
const PLACES_KEY = onlyFilterBy('places');
const REMOTE_FROM_KEY = onlyFilterBy('remote-from');
const GHOST_KEY = onlyFilterBy('ghost');
/** The key of the exclude-keywords filter (job-index.ts matches its words). */
export const EXCLUDED_WORDS_KEY = onlyFilterBy('words');

/** The slot numbers of every attributes code, by attribute then code. */
const ATTRIBUTE_PARTS = ATTRIBUTES.map(() => new Uint8Array(ATTRIBUTE_CODES));
for (let code = 0; code < ATTRIBUTE_CODES; code += 1) {
  let rest = code;
  for (let attribute = ATTRIBUTES.length - 1; attribute >= 0; attribute -= 1) {
    ATTRIBUTE_PARTS[attribute]![code] = rest % ATTRIBUTE_SLOTS[attribute]!;
    rest = Math.floor(rest / ATTRIBUTE_SLOTS[attribute]!);
  }
}

/** A mask of the chosen values' slots, or -1 (every slot, the none slot too) when nothing is chosen. */
const maskOf = (all: readonly string[], chosen: unknown): number => {
  if (!Array.isArray(chosen) || chosen.length === 0) return -1;
  let mask = 0;
  for (const value of chosen) mask |= 1 << all.indexOf(value as string);
  return mask;
};

/** Fail bits of the faceted filters: attribute i is bit i, the country facet the next; a job failing only one still counts in that facet. */
const COUNTRY = 1 << ATTRIBUTES.length;
/** A job failing a filter that has no facet. */
const OUT = -1;
/** How many number filters' bounds the jobs they keep are listed for (`JobTable.keptBy`). */
const KEPT_BOUNDS = 64;
/** A cell's verdict not yet worked out in this search (above every set of fail bits). */
const UNSEEN = 0x7fff;
/** No job left out. */
const NO_IDS = new Uint32Array(0);

const GHOST_CHECK_MS = 60 * 60 * 1000;


/** A query's value of a filter, by its index key; null when unset (null, absent, false or []). */
const valueOf = (query: JobSearchQuery, key: string | null): unknown => {
  if (key === null) return null;
  const value = (query as Record<string, unknown>)[key];
  return value === undefined || value === false || (Array.isArray(value) && value.length === 0) ? null : value;
};

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
 * Filters: each is declared in shared/search/filters/ and names the mechanism that judges it
 * here (`IndexMatch`): a faceted attribute, a number compared with a bound, places, remote-from,
 * companies, words (job-index.ts finds them) or the ghost-job rule.
 *
 * Speed: what the faceted filters read of a job is interned into two small codes, its
 * attributes (every faceted attribute's slot) and its geography (reach, place countries, named
 * countries), and its company into a third. Jobs sharing attributes and geography form a cell,
 * which the faceted and place filters judge alike: a search judges each cell it meets once and
 * counts its jobs per cell; facets are spelled out per cell at the end. Number filters read one
 * column per filter, made when the table is built (a filter-bar pay floor reads the pay band
 * column); the posted-date filter reads none (ids are newest first, so the jobs it keeps are a
 * first run of ids). A search of every job under faceted and place filters and a filter-bar pay
 * floor counts per cell (each cell's jobs by pay band) instead of per job, then reads only the
 * jobs its other per-job filters leave out when they are fewer than half; else, when one of its
 * per-job filters keeps fewer than half (visa sponsorship, the ghost filter), only the jobs that
 * filter keeps. What a search would allocate per job or per code (facet counts, verdicts, page
 * order) lives in arrays kept for the table's life, reused by each search.
 *
 * @throws Error when two summaries share a key (company_key + slug_url).
 */
export class JobTable {
  /** The jobs, newest first; ids are positions here (decoded on demand when restored from a snapshot). */
  readonly summaries: JobRows;
  /** Each faceted attribute's slot per job (`ATTRIBUTES` order). */
  private readonly slots: Uint8Array[];
  /** Every attribute's slot as one code (`ATTRIBUTE_PARTS` spells it out). */
  private readonly attributes: Uint16Array | Uint32Array;
  /** Yearly USD maximum (or minimum), for the salary order; NaN without pay. */
  private readonly salary: Float64Array;
  /** Each number filter's value per job (`NUMBERS` order); NaN when the job does not say. */
  private readonly numbers: Float64Array[];
  /** Each option's reading per job (`OPTIONS` order), used instead of its number filter's while the option is set. */
  private readonly optionNumbers: Float64Array[];
  /** From when each job counts as a ghost job (epoch ms; `JobTableRules.ghostSince`). */
  private readonly ghostSince: Float64Array;
  /** Each job's company id: a position in `companyNames`, which holds `\nname\nkey\n` folded. */
  private readonly company: Uint32Array;
  private readonly companyNames: string[];
  /** Each job's geography id: a position in `geographies`. */
  private readonly geography: Uint32Array;
  private readonly geographies: Geography[];
  private readonly reaches: Uint8Array[];
  private readonly countries: string[];
  private readonly countryId: Map<string, number>;
  private ghosts: { checkedAt: number; flags: Uint8Array } | null = null;

  /**
   * From summaries (any order: sorted here), or from the rows and columns of a table built
   * before (`columns`, as a search snapshot stores them: shared/search/job-index-image.ts).
   */
  constructor(
    source: readonly JobSummary[] | { rows: JobRows; columns: JobTableColumns },
    private readonly rules: JobTableRules,
  ) {
    const { rows, columns } = 'columns' in source ? source : buildTable(source, rules);
    this.summaries = rows;
    this.slots = columns.slots;
    this.attributes = columns.attributes;
    this.salary = columns.salary;
    this.numbers = columns.numbers;
    this.optionNumbers = columns.optionNumbers;
    this.ghostSince = columns.ghostSince;
    this.company = columns.company;
    this.companyNames = columns.companyNames;
    this.geography = columns.geography;
    this.geographies = columns.geographies;
    this.reaches = columns.reaches;
    this.countries = columns.countries;
    this.countryId = new Map(columns.countries.map((code, id) => [code, id]));
  }

  /** What the table derived from the summaries, for a search snapshot (the arrays themselves: do not write to them). */
  get columns(): JobTableColumns {
    const { slots, attributes, salary, numbers, optionNumbers, ghostSince, company, companyNames, geography, geographies, reaches, countries } = this;
    return { slots, attributes, salary, numbers, optionNumbers, ghostSince, company, companyNames, geography, geographies, reaches, countries };
  }

  /** Ghost flags as of `now`, recomputed at most hourly (ghost rules are about days). */
  private ghostFlags(now: Date): Uint8Array {
    const at = now.getTime();
    if (this.ghosts === null || Math.abs(at - this.ghosts.checkedAt) >= GHOST_CHECK_MS) {
      // From the column worked out when the table was built: no summary is read.
      const flags = new Uint8Array(this.ghostSince.length);
      for (let id = 0; id < flags.length; id += 1) flags[id] = this.ghostSince[id]! <= at ? 1 : 0;
      this.ghosts = { checkedAt: at, flags };
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
    const masks = ATTRIBUTES.map(({ key, values }) => maskOf(values, valueOf(query, key)));
    const numbers: NumberFilter[] = [];
    NUMBERS.forEach(({ key, match }, at) => {
      const bound = valueOf(query, key);
      if (bound !== null)
        numbers.push({ column: this.numberColumn(at, query), bound: Number(bound), atMost: match.keep === 'at-most', keepUnstated: match.unstated === 'kept', histogram: at === HISTOGRAM });
    });
    const ghostAt = valueOf(query, GHOST_KEY) as Date | null;
    const ghosts = ghostAt ? this.ghostFlags(ghostAt) : null;
    const companyFilters = COMPANIES.flatMap(({ key, match }) => {
      const names = valueOf(query, key) as readonly string[] | null;
      return names === null ? [] : [{ only: match.keep === 'only', names: names.map((name) => `\n${foldText(name.trim())}\n`) }];
    });
    const wanted = this.countrySet(valueOf(query, PLACES_KEY) as readonly string[] | null);
    const remoteFromCode = valueOf(query, REMOTE_FROM_KEY) as string | null;
    const remoteFrom = remoteFromCode ? this.countryId.get(remoteFromCode.toUpperCase()) ?? -1 : null;
    const unfiltered =
      masks.every((mask) => mask === -1) && numbers.length === 0 && ghosts === null && excluded === null && companyFilters.length === 0 && wanted === null && remoteFrom === null;
    if (unfiltered) return null;
    // A number filter keeping the jobs at or after a bound of a descending column (the posted date)
    // keeps a first run of ids: the loop stops there instead of reading the column.
    let idLimit = this.summaries.length;
    const perJob = numbers.filter((filter) => {
      if (filter.histogram || filter.atMost || filter.keepUnstated || !this.isDescending(filter.column)) return true;
      idLimit = Math.min(idLimit, firstBelow(filter.column, filter.bound));
      return false;
    });

    // A job without a value sits in the slot after the last value, whose bit no mask has.
    // (Plain loops throughout: TypedArray.from with a map function is many times slower in V8.)
    // Judged for the codes some job has (no other is read): a few hundred of the 3,240 at 1,323 jobs.
    const attributes = this.zeroed('filter attributes', Int16Array, ATTRIBUTE_CODES);
    const present = this.codesPresent();
    masks.forEach((mask, attribute) => {
      if (mask === -1) return;
      const parts = ATTRIBUTE_PARTS[attribute]!;
      const bit = 1 << attribute;
      for (let at = 0; at < present.length; at += 1) {
        const code = present[at]!;
        if (((mask >>> parts[code]!) & 1) === 0) attributes[code]! |= bit;
      }
    });
    const geographies = this.zeroed('filter geographies', Int16Array, this.geographies.length);
    if (wanted !== null || remoteFrom !== null) {
      const reachWanted = wanted === null ? null : this.reaches.map((reach) => wanted.some((country) => reach[country] === 1));
      this.geographies.forEach(({ reach, places }, geography) => {
        if (remoteFrom !== null && (reach === -1 || remoteFrom === -1 || this.reaches[reach]![remoteFrom] !== 1)) geographies[geography] = OUT;
        else if (wanted !== null && !(reach !== -1 && reachWanted![reach]) && !places.some((country) => wanted.includes(country))) geographies[geography] = COUNTRY;
      });
    }
    const companyFails = companyFilters.length === 0 ? null : this.zeroed('filter companies', Int16Array, this.companyNames.length);
    if (companyFails !== null) {
      this.companyNames.forEach((names, company) => {
        if (companyFilters.some(({ only, names: chosen }) => only !== chosen.some((name) => names.includes(name)))) companyFails[company] = OUT;
      });
    }
    return { attributes, geographies, companies: companyFails, numbers: perJob, idLimit, ghosts, excluded };
  }

  /** The column number filter `at` reads for `query`: an option's while the query sets it, else its own. */
  private numberColumn(at: number, query: JobSearchQuery): Float64Array {
    const key = NUMBERS[at]!.key;
    const option = OPTIONS.findIndex(({ match, key: optionKey }) => match.for === key && valueOf(query, optionKey) === true);
    return option === -1 ? this.numbers[at]! : this.optionNumbers[option]!;
  }

  /** The pay histogram of every job by `column`, made once per column (the board's first page asks it each time). */
  private allHistograms = new Map<Float64Array, PayHistogram>();

  private payHistogramOfAll(column: Float64Array): PayHistogram {
    let histogram = this.allHistograms.get(column);
    if (histogram === undefined) {
      const pay = { column, band: this.payBandColumn(column), bands: newPayBands(), without: 0 };
      for (let id = 0; id < column.length; id += 1) countPay(pay, id);
      histogram = toPayHistogram(pay.bands, pay.without);
      this.allHistograms.set(column, histogram);
    }
    return histogram;
  }

  /** Each number column's pay band per job (shared/pay/pay-histogram.ts `payBandOf`; -1: no figure), made on first use. */
  private payBands = new Map<Float64Array, Int8Array>();

  private payBandColumn(column: Float64Array): Int8Array {
    let bands = this.payBands.get(column);
    if (bands === undefined) {
      bands = new Int8Array(column.length);
      for (let id = 0; id < column.length; id += 1) bands[id] = payBandOf(column[id]!);
      this.payBands.set(column, bands);
    }
    return bands;
  }

  /** Whether each number column never grows from one id to the next and states every job's figure (the posted date: ids are newest first), found on first use. */
  private descending = new Map<Float64Array, boolean>();

  private isDescending(column: Float64Array): boolean {
    let known = this.descending.get(column);
    if (known === undefined) {
      known = true;
      for (let id = 0; id < column.length && known; id += 1) {
        const value = column[id]!;
        // NaN (not stated) fails both comparisons.
        if (!(value === value && (id === 0 || value <= column[id - 1]!))) known = false;
      }
      this.descending.set(column, known);
    }
    return known;
  }

  private countrySet(codes: readonly string[] | null): number[] | null {
    if (codes === null || codes === undefined || codes.length === 0) return null;
    return codes.map((code) => this.countryId.get(code.toUpperCase()) ?? -1);
  }

  /**
   * Filters the matches, counts the facets, orders and pages. `ids` in ascending order (or
   * null: every job), `scores[i]` the relevance of `ids[i]` (a small non-negative integer; null:
   * all equal). Order: `sort` (relevance by default with text, newest without), then id.
   */
  collect(query: JobSearchQuery, ids: ArrayLike<number> | null, scores: ArrayLike<number> | null, excluded: Uint8Array | null, hasText: boolean, text: TextMatches | null = null): JobSearchPage {
    checkPaging(query);
    const filters = this.filtersOf(query, excluded);
    const total = ids === null ? this.summaries.length : ids.length;
    let facets: JobFacets;
    let matched: Uint32Array;
    let matchedScores: Uint16Array;
    let payHistogram: PayHistogram;
    const payColumn = HISTOGRAM === -1 ? null : this.numberColumn(HISTOGRAM, query);
    let candidates: ArrayLike<number> | null = ids;
    if (text !== null) {
      // A text's held matches (its ids): per cell met, when its other filters leave out at most half of them.
      const byCells = filters === null ? { floorBand: null, removed: NO_IDS } : this.byCellsPlan(filters, payColumn, text.ids.length);
      if (byCells !== null) return this.collectByCells(query, filters ?? this.noFilters(), payColumn, byCells.floorBand, byCells.removed, text);
    } else if (ids === null && filters !== null) {
      const byCells = this.byCellsPlan(filters, payColumn, this.summaries.length);
      if (byCells !== null) return this.collectByCells(query, filters, payColumn, byCells.floorBand, byCells.removed, null);
      candidates = this.fewestKept(filters);
    }
    if (filters === null && ids === null) {
      // Every job, unfiltered (the board's first page): the same facets each time, frozen since shared.
      this.allFacets ??= deepFreeze(this.facetsOf(this.countAll()));
      facets = this.allFacets;
      matched = this.allIds ??= Uint32Array.from(this.summaries.keys());
      matchedScores = new Uint16Array(0);
      payHistogram = payColumn === null ? toPayHistogram(newPayBands(), matched.length) : this.payHistogramOfAll(payColumn);
    } else {
      const counts = this.newFacetCounts();
      const bands = this.zeroed('pay bands', Uint32Array, newPayBands().length);
      // Views on buffers kept for the table's life: a search's arrays do not outlive it, and
      // allocating them anew each time made garbage collection a large part of the slowest searches.
      const scratch = this.scratchOf();
      matched = scratch.matched.subarray(0, total);
      matchedScores = scratch.scores.subarray(0, scores === null ? 0 : total);
      const pay = { column: payColumn, band: payColumn === null ? null : this.payBandColumn(payColumn), bands, without: 0 };
      const count = this.collectFiltered(filters, candidates, scores, counts, matched, matchedScores, pay);
      matched = matched.subarray(0, count);
      matchedScores = matchedScores.subarray(0, scores === null ? 0 : count);
      facets = this.facetsOf(counts);
      payHistogram = toPayHistogram(bands, pay.without);
    }
    const sort = query.sort ?? (hasText ? 'relevance' : 'newest');
    const count = matched.length;
    const from = query.page * query.pageSize;
    const to = Math.min(count, from + query.pageSize);
    let ranked: ArrayLike<number> = matched;
    if (from < count) {
      if (sort === 'relevance' && scores !== null) ranked = bucketByScore(matched, matchedScores, to, this.kept('ranked', Uint32Array, this.summaries.length), this.kept('by score', Uint32Array, 0x10000));
      else if (sort === 'salary') ranked = this.bySalary(matched, to);
    }
    return this.answer(ranked, from, to, count, facets, payHistogram);
  }

  /** The answer with the jobs of `ranked` from `from` to `to` (exclusive). */
  private answer(ranked: ArrayLike<number>, from: number, to: number, count: number, facets: JobFacets, payHistogram: PayHistogram): JobSearchPage {
    const summaries: JobSummary[] = [];
    for (let at = from; at < to; at += 1) summaries.push(this.summaries.at(ranked[at]!));
    return { keys: summaries.map(keyOf), summaries, count, facets, payHistogram };
  }

  /**
   * Cells: the jobs sharing one attributes code and one geography, which the faceted and place
   * filters judge alike. Each job's cell, each cell's code, geography and jobs; made on first use.
   */
  private cells: { of: Uint32Array; code: Uint32Array; geography: Uint32Array; jobs: Uint32Array } | null = null;

  private cellsOf(): NonNullable<JobTable['cells']> {
    if (this.cells === null) {
      const known = new Map<number, number>();
      const code: number[] = [];
      const geography: number[] = [];
      const jobs: number[] = [];
      const of = new Uint32Array(this.summaries.length);
      for (let id = 0; id < of.length; id += 1) {
        const key = this.attributes[id]! * this.geographies.length + this.geography[id]!;
        let cell = known.get(key);
        if (cell === undefined) {
          cell = code.length;
          known.set(key, cell);
          code.push(this.attributes[id]!);
          geography.push(this.geography[id]!);
          jobs.push(0);
        }
        of[id] = cell;
        jobs[cell]! += 1;
      }
      this.cells = { of, code: Uint32Array.from(code), geography: Uint32Array.from(geography), jobs: Uint32Array.from(jobs) };
    }
    return this.cells;
  }

  /** The attributes codes some job has, ascending (only these are ever counted or judged), made on first use. */
  private presentCodes: Uint32Array | null = null;

  private codesPresent(): Uint32Array {
    if (this.presentCodes === null) {
      const seen = new Uint8Array(ATTRIBUTE_CODES);
      for (let id = 0; id < this.attributes.length; id += 1) seen[this.attributes[id]!] = 1;
      const codes: number[] = [];
      for (let code = 0; code < ATTRIBUTE_CODES; code += 1) if (seen[code] === 1) codes.push(code);
      this.presentCodes = Uint32Array.from(codes);
    }
    return this.presentCodes;
  }

  /** The filters of a query without any: every code and geography passes. */
  private passAll: Filters | null = null;

  private noFilters(): Filters {
    return (this.passAll ??= {
      attributes: new Int16Array(ATTRIBUTE_CODES),
      geographies: new Int16Array(this.geographies.length),
      companies: null,
      numbers: [],
      idLimit: this.summaries.length,
      ghosts: null,
      excluded: null,
    });
  }

  /** Every cell's number, in order (the cells `collectByCells` counts for a search without text), made on first use. */
  private everyCell: Uint32Array | null = null;

  private allCells(): Uint32Array {
    return (this.everyCell ??= Uint32Array.from(this.cellsOf().jobs.keys()));
  }

  /** Each cell's jobs by pay band of a band column (`newPayBands` slots per cell, in a row) and those without a figure, made on first use. */
  private cellPay = new Map<Int8Array, { bands: Uint32Array; without: Uint32Array }>();

  private cellPayOf(bandOf: Int8Array): { bands: Uint32Array; without: Uint32Array } {
    let pay = this.cellPay.get(bandOf);
    if (pay === undefined) {
      const cells = this.cellsOf();
      const slots = newPayBands().length;
      pay = { bands: new Uint32Array(cells.jobs.length * slots), without: new Uint32Array(cells.jobs.length) };
      for (let id = 0; id < bandOf.length; id += 1) {
        const band = bandOf[id]!;
        if (band === -1) pay.without[cells.of[id]!]! += 1;
        else pay.bands[cells.of[id]! * slots + band]! += 1;
      }
      this.cellPay.set(bandOf, pay);
    }
    return pay;
  }

  /** Each flags array's ids flagged 1, ascending (the ghost flags of an hour, an exclusion's jobs), made on first use. */
  private flaggedIds = new WeakMap<Uint8Array, Uint32Array>();

  private idsFlagged(flags: Uint8Array): Uint32Array {
    let ids = this.flaggedIds.get(flags);
    if (ids === undefined) {
      let count = 0;
      for (let id = 0; id < flags.length; id += 1) count += flags[id]!;
      ids = new Uint32Array(count);
      for (let id = 0, at = 0; at < count; id += 1) if (flags[id] === 1) ids[at++] = id;
      this.flaggedIds.set(flags, ids);
    }
    return ids;
  }

  /**
   * For a search of every job judged job by job: the fewest jobs that one of its per-job filters
   * keeps (the ghost filter's kept jobs, or a number filter's other than the pay floor's), ascending,
   * or null (every job) when none is known to keep fewer than half. A job another filter leaves out
   * is counted in no facet, so reading only these gives the same answer; visa sponsorship keeps
   * about 4 % of the jobs, the ghost filter about 30 % of the resampled catalog.
   */
  private fewestKept({ numbers, ghosts }: Filters): Uint32Array | null {
    let fewest: Uint32Array | null = ghosts === null ? null : this.idsUnflagged(ghosts);
    for (const filter of numbers) {
      if (filter.histogram) continue;
      const kept = this.keptBy(filter);
      if (kept !== null && (fewest === null || kept.length < fewest.length)) fewest = kept;
    }
    return fewest !== null && fewest.length * 2 <= this.summaries.length ? fewest : null;
  }

  /** Each flags array's ids flagged 0, ascending (the jobs the ghost filter keeps this hour), made on first use. */
  private unflaggedIds = new WeakMap<Uint8Array, Uint32Array>();

  private idsUnflagged(flags: Uint8Array): Uint32Array {
    let ids = this.unflaggedIds.get(flags);
    if (ids === undefined) {
      ids = new Uint32Array(flags.length - this.idsFlagged(flags).length);
      for (let id = 0, at = 0; at < ids.length; id += 1) if (flags[id] === 0) ids[at++] = id;
      this.unflaggedIds.set(flags, ids);
    }
    return ids;
  }

  /**
   * The jobs a number filter keeps, ascending, when fewer than half the jobs (null: more), for the
   * filters asked for last: a filter bar sends the same few bounds (visa sponsorship is one). At most
   * `KEPT_BOUNDS` bounds and as many ids in all as jobs are kept (4 bytes each), the oldest dropped first.
   */
  private keptByNumber = new Map<string, Uint32Array | null>();
  private keptByNumberIds = 0;

  private keptBy({ column, bound, atMost, keepUnstated }: NumberFilter): Uint32Array | null {
    const key = `${this.numbers.indexOf(column)}|${this.optionNumbers.indexOf(column)}|${bound}|${atMost}|${keepUnstated}`;
    const known = this.keptByNumber.get(key);
    if (known !== undefined) return known;
    const jobs = column.length;
    // As `collectFiltered` judges a job (NaN: the job does not say).
    const keeps = (value: number): boolean => !(value !== value ? !keepUnstated : atMost ? value > bound : value < bound);
    let count = 0;
    for (let id = 0; id < jobs; id += 1) if (keeps(column[id]!)) count += 1;
    let ids: Uint32Array | null = null;
    if (count * 2 <= jobs) {
      ids = new Uint32Array(count);
      for (let id = 0, at = 0; at < count; id += 1) if (keeps(column[id]!)) ids[at++] = id;
      this.keptByNumberIds += count;
    }
    // Bounds that move with the clock (first seen since) would otherwise pile up.
    for (const [oldest, kept] of this.keptByNumber) {
      if (this.keptByNumberIds <= jobs && this.keptByNumber.size < KEPT_BOUNDS) break;
      this.keptByNumber.delete(oldest);
      this.keptByNumberIds -= kept?.length ?? 0;
    }
    this.keptByNumber.set(key, ids);
    return ids;
  }

  /** Every job's id grouped by company: company `c`'s are `ids[starts[c]]` to `ids[starts[c + 1]]`; made on first use. */
  private byCompany: { starts: Uint32Array; ids: Uint32Array } | null = null;

  private jobsByCompany(): NonNullable<JobTable['byCompany']> {
    if (this.byCompany === null) {
      const starts = new Uint32Array(this.companyNames.length + 1);
      for (let id = 0; id < this.company.length; id += 1) starts[this.company[id]! + 1]! += 1;
      for (let company = 1; company < starts.length; company += 1) starts[company]! += starts[company - 1]!;
      const next = starts.slice(0, -1);
      const ids = new Uint32Array(this.company.length);
      for (let id = 0; id < this.company.length; id += 1) ids[next[this.company[id]!]!++] = id;
      this.byCompany = { starts, ids };
    }
    return this.byCompany;
  }

  /**
   * Whether a search over every job, or over a text's held matches (`among` jobs in all), is answered
   * per cell (`collectByCells`), and how: its number filters must be none or the pay floor alone at
   * a band's start (`payFloorBand`), and the jobs its other per-job filters leave out (ghost jobs, an
   * exclusion's, the excluded companies', those past the posted-date bound) at most half of
   * `among`, listed once each. Null: judge job by job.
   */
  private byCellsPlan(filters: Filters, payColumn: Float64Array | null, among: number): { floorBand: number | null; removed: Uint32Array } | null {
    const jobs = this.summaries.length;
    const { numbers, ghosts, excluded, companies, idLimit } = filters;
    let floorBand: number | null = null;
    if (numbers.length > 0) {
      floorBand = payColumn === null ? null : payFloorBand(filters, payColumn);
      if (floorBand === null) return null;
    }
    const flagged = [ghosts, excluded].flatMap((flags) => (flags === null ? [] : [this.idsFlagged(flags)]));
    const byCompany = companies === null ? null : this.jobsByCompany();
    let most = jobs - idLimit;
    for (const ids of flagged) most += ids.length;
    if (companies !== null) {
      for (let company = 0; company < companies.length; company += 1) if (companies[company] === OUT) most += byCompany!.starts[company + 1]! - byCompany!.starts[company]!;
    }
    if (most * 2 > among) return null;
    // Each left-out job once: marked while listed, unmarked once listed (the marks are zero between searches).
    const marks = this.scratchOf().marks;
    const removed = this.kept('removed', Uint32Array, jobs);
    let count = 0;
    const remove = (id: number): void => {
      if (marks[id] === 0) {
        marks[id] = 1;
        removed[count++] = id;
      }
    };
    for (let id = idLimit; id < jobs; id += 1) remove(id);
    for (const ids of flagged) for (let at = 0; at < ids.length; at += 1) remove(ids[at]!);
    if (companies !== null) {
      for (let company = 0; company < companies.length; company += 1) {
        if (companies[company] !== OUT) continue;
        for (let at = byCompany!.starts[company]!; at < byCompany!.starts[company + 1]!; at += 1) remove(byCompany!.ids[at]!);
      }
    }
    for (let at = 0; at < count; at += 1) marks[removed[at]!] = 0;
    return { floorBand, removed: removed.subarray(0, count) };
  }

  /**
   * `collect` over every job, or over a text's held matches (`text`, else null), when `byCellsPlan`
   * allows: the faceted and place filters, a pay floor at the start of pay band `floorBand`
   * (shared/pay/pay-histogram.ts; null: no floor) read in `payColumn`, and the jobs other filters
   * leave out (`removed`, of every job: those the text does not match are passed over). The facets
   * and the pay histogram (which ignores the floor) are counted per cell from each cell's jobs (or
   * the text's jobs in it) by pay band, then the left-out jobs are taken out again; the page is
   * found by walking the order asked for (newest, salary, or with text relevance) until its last
   * job. Counts as `collectFiltered` does.
   */
  private collectByCells(query: JobSearchQuery, filters: Filters, payColumn: Float64Array | null, floorBand: number | null, removed: Uint32Array, text: TextMatches | null): JobSearchPage {
    const cells = this.cellsOf();
    const counts = this.newFacetCounts();
    const bands = this.zeroed('pay bands', Uint32Array, newPayBands().length);
    const slots = bands.length;
    const bandOf = payColumn === null ? null : this.payBandColumn(payColumn);
    // The cells counted: every cell with all its jobs, or those a text meets with its jobs in them.
    let listed: TextCells;
    if (text === null) {
      const pay = bandOf === null ? null : this.cellPayOf(bandOf);
      listed = { cells: this.allCells(), jobs: cells.jobs, bands: pay?.bands ?? null, without: pay?.without ?? null };
    } else listed = text.cells(cells.of, cells.jobs.length, bandOf, slots);
    const fails = this.kept('cell fails', Int16Array, cells.jobs.length);
    let count = 0;
    let without = 0;
    for (let at = 0; at < listed.cells.length; at += 1) {
      const cell = listed.cells[at]!;
      const code = cells.code[cell]!;
      const geography = cells.geography[cell]!;
      const failed = filters.attributes[code]! | filters.geographies[geography]!;
      fails[cell] = failed;
      if (failed < 0) continue;
      // The cell's jobs the pay floor keeps (all without one).
      let jobs = floorBand === null ? listed.jobs[at]! : 0;
      if (failed === 0) {
        if (listed.bands === null) without += listed.jobs[at]!;
        else {
          without += listed.without![at]!;
          for (let band = 0; band < slots; band += 1) bands[band]! += listed.bands[at * slots + band]!;
        }
      }
      if (floorBand !== null) for (let band = floorBand; band < slots; band += 1) jobs += listed.bands![at * slots + band]!;
      if (failed === 0) {
        count += jobs;
        counts.attributes[code]! += jobs;
        counts.geography[geography]! += jobs;
      } else if (failed === COUNTRY) counts.geography[geography]! += jobs;
      else if ((failed & (failed - 1)) === 0) {
        const attribute = 31 - Math.clz32(failed);
        counts.single[attribute]![ATTRIBUTE_PARTS[attribute]![code]!]! += jobs;
      }
    }
    // The left-out jobs, marked (the marks are zero between searches), taken out of what their cells counted.
    const out = this.scratchOf().marks;
    const matched = text?.scoreOf ?? null;
    for (let at = 0; at < removed.length; at += 1) {
      const id = removed[at]!;
      out[id] = 1;
      if (matched !== null && matched[id] === 0) continue;
      const cell = cells.of[id]!;
      const failed = fails[cell]!;
      const band = bandOf === null ? -1 : bandOf[id]!;
      if (failed === 0) {
        if (band === -1) without -= 1;
        else bands[band]! -= 1;
      }
      if (floorBand !== null && band < floorBand) continue;
      if (failed === 0) {
        count -= 1;
        counts.attributes[cells.code[cell]!]! -= 1;
        counts.geography[cells.geography[cell]!]! -= 1;
      } else if (failed === COUNTRY) counts.geography[cells.geography[cell]!]! -= 1;
      else if (failed > 0 && (failed & (failed - 1)) === 0) {
        const attribute = 31 - Math.clz32(failed);
        counts.single[attribute]![this.slots[attribute]![id]!]! -= 1;
      }
    }
    const facets = this.facetsOf(counts);
    const payHistogram = toPayHistogram(bands, without);
    const from = query.page * query.pageSize;
    const to = Math.min(count, from + query.pageSize);
    // The order walked: salary; with text, relevance (the default) or newest first among its jobs;
    // without text, newest first (id order, as without scores every order but salary is).
    const sort = query.sort ?? (text === null ? 'newest' : 'relevance');
    const order = sort === 'salary' ? this.salaryOrdered() : text === null ? null : sort === 'relevance' ? text.ranked() : text.ids;
    const ranked = this.kept('ranked', Uint32Array, this.summaries.length);
    let found = 0;
    // Bounded by the order too: a miscount must give a short page, never a walk past the last job.
    const size = order === null ? this.summaries.length : order.length;
    // Salary order lists every job: the text's are those it scores.
    const member = sort === 'salary' ? matched : null;
    for (let at = 0; found < to && at < size; at += 1) {
      const id = order === null ? at : order[at]!;
      if (fails[cells.of[id]!] === 0 && out[id] === 0 && (floorBand === null || bandOf![id]! >= floorBand) && (member === null || member[id] !== 0)) ranked[found++] = id;
    }
    for (let at = 0; at < removed.length; at += 1) out[removed[at]!] = 0;
    return this.answer(ranked, from, Math.min(to, found), count, facets, payHistogram);
  }

  /**
   * Keeps the jobs of `ids` (null: every job) that pass `filters` (null: none) in `matched` (and
   * their scores), counting them in every facet, and a job failing exactly one faceted filter in that
   * facet only; the pay histogram counts the jobs passing every filter but the pay floor. Returns how
   * many passed.
   *
   * Each job passing the per-job filters (numbers, exclusions, ghosts, companies) is counted in its
   * cell (jobs sharing attributes and geography, which the faceted and place filters judge alike:
   * `cellsOf`), whose verdict is worked out when the search first meets it; the facets are counted
   * per cell met, afterwards, as `collectByCells` does. A job costs its cell, the cell's verdict and
   * one count, where judging and counting its attributes code and geography cost twice that: text
   * matching most of half a million jobs ("engineer", "ai") spent most of its time here.
   */
  private collectFiltered(
    filters: Filters | null,
    ids: ArrayLike<number> | null,
    scores: ArrayLike<number> | null,
    counts: FacetCounts,
    matched: Uint32Array,
    matchedScores: Uint16Array,
    pay: PayCounts,
  ): number {
    const cells = this.cellsOf();
    const cellOf = cells.of;
    // Per cell met: its jobs counted and its verdict (OUT, the faceted filters it fails, or 0; UNSEEN
    // between searches); `met` lists them.
    const cellJobs = this.kept('cell jobs', Uint32Array, cells.jobs.length);
    const fails = this.cellVerdicts(cells.jobs.length);
    const met = this.kept('cells met', Uint32Array, cells.jobs.length);
    let metCount = 0;
    const attributeFails = filters?.attributes ?? null;
    const geographyFails = filters?.geographies ?? null;
    // A pay floor at a band's start is read in the band column (a byte a job) rather than its figures (8).
    const bandOf = pay.band;
    const floorBand = filters === null || pay.column === null ? null : payFloorBand(filters, pay.column);
    const numbers = floorBand === null ? (filters?.numbers ?? []) : [];
    const numberCount = numbers.length;
    const excluded = filters?.excluded ?? null;
    const ghosts = filters?.ghosts ?? null;
    const companyFails = filters?.companies ?? null;
    const companyOf = this.company;
    const idLimit = filters?.idLimit ?? this.summaries.length;
    const total = ids === null ? Math.min(this.summaries.length, idLimit) : firstAtLeast(ids, idLimit);
    const bands = pay.bands;
    let without = 0;
    let count = 0;
    jobs: for (let at = 0; at < total; at += 1) {
      const id = ids === null ? at : ids[at]!;
      const band = bandOf === null ? -1 : bandOf[id]!;
      let payFails = floorBand !== null && band < floorBand;
      for (let filter = 0; filter < numberCount; filter += 1) {
        const { column, bound, atMost, keepUnstated, histogram } = numbers[filter]!;
        const value = column[id]!;
        // NaN (the job does not say) is unequal to itself.
        if (value !== value ? !keepUnstated : atMost ? value > bound : value < bound) {
          if (!histogram) continue jobs;
          payFails = true;
        }
      }
      if (excluded !== null && excluded[id] === 1) continue;
      if (ghosts !== null && ghosts[id] === 1) continue;
      const cell = cellOf[id]!;
      let verdict = fails[cell]!;
      if (verdict === UNSEEN) {
        verdict = attributeFails === null ? 0 : attributeFails[cells.code[cell]!]! | geographyFails![cells.geography[cell]!]!;
        fails[cell] = verdict;
        cellJobs[cell] = 0;
        met[metCount++] = cell;
      }
      // OUT is -1: or'ed with anything it stays negative.
      const failed = companyFails === null ? verdict : verdict | companyFails[companyOf[id]!]!;
      if (failed < 0) continue;
      if (failed === 0) {
        // As countPay does.
        if (band === -1) without += 1;
        else bands[band]! += 1;
      }
      // Failing the pay floor as well as another filter: counted nowhere; the pay floor alone: in the pay histogram alone.
      if (payFails) continue;
      cellJobs[cell]! += 1;
      if (failed === 0) {
        matched[count] = id;
        if (scores !== null) matchedScores[count] = scores[at]!;
        count += 1;
      }
    }
    pay.without += without;
    for (let at = 0; at < metCount; at += 1) {
      const cell = met[at]!;
      const jobs = cellJobs[cell]!;
      const failed = fails[cell]!;
      fails[cell] = UNSEEN;
      const code = cells.code[cell]!;
      if (jobs === 0 || failed < 0) continue;
      if (failed === 0) {
        counts.attributes[code]! += jobs;
        counts.geography[cells.geography[cell]!]! += jobs;
      } else if (failed === COUNTRY) counts.geography[cells.geography[cell]!]! += jobs;
      else if ((failed & (failed - 1)) === 0) {
        // Failing one attribute only: counted in that attribute's facet.
        const attribute = 31 - Math.clz32(failed);
        counts.single[attribute]![ATTRIBUTE_PARTS[attribute]![code]!]! += jobs;
      }
    }
    return count;
  }

  /** Each cell's verdict in the search running (`collectFiltered`), UNSEEN between searches. */
  private verdicts: Int16Array | null = null;

  private cellVerdicts(cells: number): Int16Array {
    if (this.verdicts === null || this.verdicts.length !== cells) this.verdicts = new Int16Array(cells).fill(UNSEEN);
    return this.verdicts;
  }

  private allFacets: JobFacets | null = null;
  private allIds: Uint32Array | null = null;
  /** Working buffers of one search at a time (searches are synchronous). `marks` is all zeros between uses. */
  private scratch: { matched: Uint32Array; scores: Uint16Array; marks: Uint8Array } | null = null;

  private scratchOf(): NonNullable<JobTable['scratch']> {
    return (this.scratch ??= { matched: new Uint32Array(this.summaries.length), scores: new Uint16Array(this.summaries.length), marks: new Uint8Array(this.summaries.length) });
  }

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
  /** Each id's place in `salaryOrder`. */
  private salaryRank: Uint32Array | null = null;

  private salaryOrdered(): Uint32Array {
    if (this.salaryOrder === null || this.salaryRank === null) {
      const pay = (id: number): number => (Number.isNaN(this.salary[id]!) ? -1 : this.salary[id]!);
      this.salaryOrder = Uint32Array.from(this.summaries.keys()).sort((a, b) => pay(b) - pay(a) || a - b);
      this.salaryRank = new Uint32Array(this.salaryOrder.length);
      for (let rank = 0; rank < this.salaryOrder.length; rank += 1) this.salaryRank[this.salaryOrder[rank]!] = rank;
    }
    return this.salaryOrder;
  }

  /**
   * The first `needed` of `ids` by yearly USD pay, highest first (no pay last), then id: a few ids
   * are sorted, many are found by a walk down the index-wide pay order.
   */
  private bySalary(ids: Uint32Array, needed: number): Uint32Array {
    const salaryOrder = this.salaryOrdered();
    const salaryRank = this.salaryRank!;
    // Every job: the order itself.
    if (ids.length === salaryOrder.length) return salaryOrder.subarray(0, needed);
    const order = this.kept('ranked', Uint32Array, this.summaries.length);
    if (ids.length * 16 < this.summaries.length) {
      // A few: their places in the order, sorted as numbers (no comparator to call), then the ids at those places.
      const ranks = order.subarray(0, ids.length);
      for (let at = 0; at < ids.length; at += 1) ranks[at] = salaryRank[ids[at]!]!;
      ranks.sort();
      const ranked = ranks.subarray(0, Math.min(needed, ranks.length));
      for (let at = 0; at < ranked.length; at += 1) ranked[at] = salaryOrder[ranked[at]!]!;
      return ranked;
    }
    const wanted = this.scratch?.marks ?? new Uint8Array(this.summaries.length);
    for (let at = 0; at < ids.length; at += 1) wanted[ids[at]!] = 1;
    const ranked = order.subarray(0, needed);
    let count = 0;
    for (let at = 0; at < salaryOrder.length && count < needed; at += 1) {
      const id = salaryOrder[at]!;
      if (wanted[id] === 1) ranked[count++] = id;
    }
    for (let at = 0; at < ids.length; at += 1) wanted[ids[at]!] = 0;
    return ranked;
  }

  /** Zeroed facet counts, the same arrays for every search. */
  private newFacetCounts(): FacetCounts {
    if (this.facetCounts === null) {
      this.facetCounts = {
        single: ATTRIBUTE_SLOTS.map((slots) => new Uint32Array(slots)),
        attributes: new Uint32Array(ATTRIBUTE_CODES),
        geography: new Uint32Array(this.geographies.length),
      };
    } else {
      for (const single of this.facetCounts.single) single.fill(0);
      this.facetCounts.attributes.fill(0);
      this.facetCounts.geography.fill(0);
    }
    return this.facetCounts;
  }

  private facetCounts: FacetCounts | null = null;

  /**
   * A zeroed typed array of `length` kept under `name` for every search (searches run one at a
   * time and read their arrays before they return): a search allocating its arrays anew made the
   * engine run full garbage collections of the whole index often, on the external memory alone.
   */
  private zeroed<A extends Int16Array | Uint8Array | Uint32Array>(name: string, make: new (length: number) => A, length: number): A {
    return this.kept(name, make, length).fill(0) as A;
  }

  /** As `zeroed`, holding what the last search left: for arrays written before they are read. */
  private kept<A extends Int16Array | Uint8Array | Uint32Array>(name: string, make: new (length: number) => A, length: number): A {
    let array = this.reused.get(name) as A | undefined;
    if (array === undefined || array.length !== length) {
      array = new make(length);
      this.reused.set(name, array);
    }
    return array;
  }

  private reused = new Map<string, Int16Array | Uint8Array | Uint32Array>();

  /** Each reach's country ids, ascending, made on first use. */
  private reachCountries: Uint16Array[] | null = null;

  private facetsOf(counts: FacetCounts): JobFacets {
    const present = this.codesPresent();
    for (let at = 0; at < present.length; at += 1) {
      const code = present[at]!;
      const jobs = counts.attributes[code]!;
      if (jobs === 0) continue;
      for (let attribute = 0; attribute < ATTRIBUTES.length; attribute += 1) counts.single[attribute]![ATTRIBUTE_PARTS[attribute]![code]!]! += jobs;
    }
    const byCountry = this.zeroed('by country', Uint32Array, this.countries.length);
    const named = this.zeroed('named', Uint8Array, this.countries.length);
    const byReach = this.zeroed('by reach', Uint32Array, this.reaches.length);
    this.geographies.forEach(({ reach, places, named: names }, geography) => {
      const jobs = counts.geography[geography]!;
      if (jobs === 0) return;
      if (reach !== -1) byReach[reach]! += jobs;
      for (const country of places) byCountry[country]! += jobs;
      for (const country of names) named[country] = 1;
    });
    const listed = (values: readonly string[], counted: Uint32Array): Record<string, number> => {
      const out: Record<string, number> = {};
      values.forEach((value, at) => {
        if (counted[at]! > 0) out[value] = counted[at]!;
      });
      return out;
    };
    // A remote job counts in every country its reach opens it to.
    this.reachCountries ??= this.reaches.map((reach) => Uint16Array.from(this.countries.keys()).filter((id) => reach[id] === 1));
    for (let reach = 0; reach < byReach.length; reach += 1) {
      const jobs = byReach[reach]!;
      if (jobs === 0) continue;
      for (const id of this.reachCountries[reach]!) byCountry[id]! += jobs;
    }
    const country: Record<string, number> = {};
    for (let id = 0; id < this.countries.length; id += 1) {
      if (named[id] === 1 && byCountry[id]! > 0) country[this.countries[id]!] = byCountry[id]!;
    }
    return {
      ...Object.fromEntries(ATTRIBUTES.map(({ facet, values }, attribute) => [facet, listed(values, counts.single[attribute]!)])),
      country,
    } as JobFacets;
  }
}

/** What a `JobTable` derives from its summaries: every column its filters, facets and orders read. */
export interface JobTableColumns {
  slots: Uint8Array[];
  attributes: Uint16Array | Uint32Array;
  salary: Float64Array;
  numbers: Float64Array[];
  optionNumbers: Float64Array[];
  ghostSince: Float64Array;
  company: Uint32Array;
  companyNames: string[];
  geography: Uint32Array;
  geographies: Geography[];
  reaches: Uint8Array[];
  countries: string[];
}

/**
 * What the columns' layout depends on in this code (the filters' declared values, numbers and
 * options, the countries known): a snapshot written under another layout cannot be restored.
 */
export const JOB_TABLE_LAYOUT = JSON.stringify({
  attributes: ATTRIBUTES.map(({ key, values }) => [key, values]),
  numbers: NUMBERS.map(({ key }) => key),
  options: OPTIONS.map(({ key }) => key),
  countries: ISO_COUNTRIES,
});

/** Sorts the summaries (newest first, then company key, then slug) and derives the table's columns. */
const buildTable = (summaries: readonly JobSummary[], rules: JobTableRules): { rows: JobRows; columns: JobTableColumns } => {
  const seen = new Set<string>();
  for (const { company_key, slug_url } of summaries) {
    const key = `${company_key}${slug_url}`;
    if (seen.has(key)) throw new Error(`two jobs share the key ${company_key} ${slug_url}`);
    seen.add(key);
  }
  const posted = new Map(summaries.map((summary) => [summary, Date.parse(summary.date_posted)]));
  const rows = [...summaries].sort(
    (a, b) =>
      posted.get(b)! - posted.get(a)! || compareText(a.company_key, b.company_key) || compareText(a.slug_url, b.slug_url),
  );
  const countries = [...ISO_COUNTRIES];
  const countryId = new Map(ISO_COUNTRIES.map((code, id) => [code, id]));
  const idOfCountry = (code: string): number => {
    let id = countryId.get(code);
    if (id === undefined) {
      id = countries.length;
      countries.push(code);
      countryId.set(code, id);
    }
    return id;
  };
  /** Membership by country id of a remote eligibility (null: worldwide). Sized for new codes a few hundred on. */
  const reachSet = (eligibility: { countries: readonly string[]; regions: readonly string[] } | null): Uint8Array => {
    const set = new Uint8Array(1 << 12);
    if (eligibility === null) return set.fill(1);
    for (const country of eligibility.countries) set[idOfCountry(country.toUpperCase())] = 1;
    for (const region of eligibility.regions) {
      countries.forEach((country, id) => {
        if (rules.regionContains(region, country)) set[id] = 1;
      });
    }
    return set;
  };
  // A job without a value (or one the list does not know) sits in the attribute's last slot.
  const slots = ATTRIBUTES.map(({ values, of }) =>
    Uint8Array.from(rows, (summary) => {
      const slot = values.indexOf(of(summary) ?? '');
      return slot === -1 ? values.length : slot;
    }),
  );
  const attributes = ATTRIBUTE_CODES <= 0x10000 ? new Uint16Array(rows.length) : new Uint32Array(rows.length);
  for (let id = 0; id < rows.length; id += 1) {
    let code = 0;
    for (let attribute = 0; attribute < ATTRIBUTES.length; attribute += 1) code = code * ATTRIBUTE_SLOTS[attribute]! + slots[attribute]![id]!;
    attributes[id] = code;
  }
  const salary = Float64Array.from(rows, (summary) => summary.salary_usd_year?.max ?? summary.salary_usd_year?.min ?? Number.NaN);
  const numbers = NUMBERS.map(({ match }) => Float64Array.from(rows, match.of));
  const optionNumbers = OPTIONS.map(({ match }) => Float64Array.from(rows, match.of));
  const ghostSince = Float64Array.from(rows, (summary) => rules.ghostSince(summary));
  const companyNames: string[] = [];
  const companyOf = new Map<string, number>();
  const company = Uint32Array.from(rows, (summary) => {
    const name = `\n${foldText(summary.company_name)}\n${foldText(summary.company_key)}\n`;
    let id = companyOf.get(name);
    if (id === undefined) {
      id = companyNames.length;
      companyOf.set(name, id);
      companyNames.push(name);
    }
    return id;
  });

  const reaches: Uint8Array[] = [];
  const geographies: Geography[] = [];
  const reachOf = new Map<string, number>();
  const geographyOf = new Map<string, number>();
  const geography = Uint32Array.from(rows, (summary) => {
    const eligibility = summary.remote_eligibility;
    let reachId = -1;
    if (summary.workplace_type === 'remote' && eligibility !== null && eligibility.scope !== 'unknown') {
      const key = eligibility.scope === 'worldwide' ? '*' : `${[...eligibility.countries].sort().join(',')}|${[...eligibility.regions].sort().join(',')}`;
      const known = reachOf.get(key);
      if (known === undefined) {
        reachId = reaches.length;
        reachOf.set(key, reachId);
        reaches.push(reachSet(eligibility.scope === 'worldwide' ? null : eligibility));
      } else reachId = known;
    }
    const reach = reachId === -1 ? null : reaches[reachId]!;
    const own = new Set<number>();
    const names = new Set<number>();
    for (const place of summary.locations) {
      if (place.country === null) continue;
      const country = idOfCountry(place.country.toUpperCase());
      names.add(country);
      if (reach === null || reach[country] !== 1) own.add(country);
    }
    if (reach !== null) for (const country of eligibility!.countries) names.add(idOfCountry(country.toUpperCase()));
    const key = `${reachId}|${[...own].join(',')}|${[...names].join(',')}`;
    let id = geographyOf.get(key);
    if (id === undefined) {
      id = geographies.length;
      geographyOf.set(key, id);
      geographies.push({ reach: reachId, places: Uint16Array.from(own), named: Uint16Array.from(names) });
    }
    return id;
  });
  return {
    rows: new ArrayRows(rows),
    columns: { slots, attributes, salary, numbers, optionNumbers, ghostSince, company, companyNames, geography, geographies, reaches, countries },
  };
};

/** Jobs sharing a remote reach (-1: none), the place countries outside it, and the countries they name (ids). */
export interface Geography {
  reach: number;
  places: Uint16Array;
  named: Uint16Array;
}

/** A query's filters judged per code (see `JobTable.filtersOf`), and the per-job ones. */
interface Filters {
  attributes: Int16Array;
  geographies: Int16Array;
  /** Null when no company filter is set. */
  companies: Int16Array | null;
  /** The number filters judged job by job. */
  numbers: NumberFilter[];
  /** Every job from this id on fails a number filter (one read as a first run of ids). */
  idLimit: number;
  ghosts: Uint8Array | null;
  excluded: Uint8Array | null;
}

/** A number filter of a query: jobs whose `column` value is at least (at most) `bound`; NaN (not stated) kept or not; `histogram`: the pay floor, which the pay histogram ignores. */
interface NumberFilter {
  column: Float64Array;
  bound: number;
  atMost: boolean;
  keepUnstated: boolean;
  histogram: boolean;
}

/** The pay histogram of one search being counted: the band per job (-1: no figure; null: no histogram filter declared), the bands, jobs without a figure. */
interface PayCounts {
  /** The figures the pay floor reads, whose bands `band` holds. */
  column: Float64Array | null;
  band: Int8Array | null;
  bands: Uint32Array;
  without: number;
}

const countPay = (pay: PayCounts, id: number): void => {
  const band = pay.band === null ? -1 : pay.band[id]!;
  if (band === -1) pay.without += 1;
  else pay.bands[band]! += 1;
};

/** Facet counts: per attribute, jobs failing only that filter by slot (the last slot, jobs without a value, is not reported); per code, jobs counted everywhere. */
interface FacetCounts {
  single: Uint32Array[];
  attributes: Uint32Array;
  /** Per geography: jobs counted in the country facet. */
  geography: Uint32Array;
}

const keyOf = ({ company_key, slug_url }: JobSummary): JobKey => ({ company_key, slug_url });

const deepFreeze = (facets: JobFacets): JobFacets => {
  for (const counts of Object.values(facets)) Object.freeze(counts);
  return Object.freeze(facets);
};

/**
 * The pay band (shared/pay/pay-histogram.ts `payBandOf`) from which a search's one number filter,
 * the pay floor (the histogram's, read in `payColumn`: jobs at or above a figure, no figure left
 * out), keeps every job, when its figure starts a band above the first (as the filter bar's
 * floors do: `PAY_FLOORS_USD`); else null.
 */
const payFloorBand = ({ numbers }: Filters, payColumn: Float64Array): number | null => {
  const [floor, ...others] = numbers;
  if (floor === undefined || others.length > 0 || !floor.histogram || floor.column !== payColumn || floor.atMost || floor.keepUnstated) return null;
  const band = floor.bound / PAY_BAND_USD;
  return Number.isInteger(band) && band >= 1 && band < newPayBands().length ? band : null;
};

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
