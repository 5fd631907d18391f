/**
 * The shape of one job-search filter's declaration. Each filter is declared once (a module beside
 * this one, listed in ./search-filters.ts) and everything else derives from the declaration:
 *
 * - the `POST /jobs` body field `name` and its zod schema (shared/search/job-query.ts builds it from
 *   `value`; the declaration stays zod-free so the browser bundle can hold it),
 * - the page URL and feed parameter `url.param` (shared/search/job-search-url.ts reads and writes it
 *   by `value`), and the OpenAPI description of both (`description`),
 * - the index query field `index.key`, its value at a given instant (`index.from`), and how the
 *   search index judges a job by it (`index.match`, one of the mechanisms `JobTable` provides),
 * - the facet it fills, if any (`index.match.facet`),
 * - the filter bar's chip words (`chip`, one chip per list value),
 * - whether its answer depends on more than the index (`reads`: the `POST /jobs` answer cache keeps
 *   no answer of a search that sets such a filter).
 */
import type { JobSummary } from '../../jobs/job-summary';

/** What a filter holds, in a form both the zod schema (server) and the URL reader (browser) are built from. */
export type FilterValue =
  /** A list of some of `values` (URL: the parameter repeated; unknown values dropped). */
  | { readonly kind: 'choices'; readonly values: readonly string[]; readonly max: number }
  /** A list of ISO 3166-1 alpha-2 codes, any case in, upper case out. */
  | { readonly kind: 'countries'; readonly max: number }
  /** A list of texts, each trimmed, 1 to 100 characters. */
  | { readonly kind: 'texts'; readonly max: number }
  /** One ISO 3166-1 alpha-2 code. */
  | { readonly kind: 'country' }
  /** One whole number from `min` to `max`. */
  | { readonly kind: 'number'; readonly min: number; readonly max: number }
  /** On (`true`) or off (`false` and absent are the same: no filter). */
  | { readonly kind: 'flag' }
  /** One instant, UTC ISO-8601 with milliseconds (`2026-03-10T07:00:00.001Z`; any UTC ISO-8601 form in, this form out). */
  | { readonly kind: 'instant' };

/** The value of a set filter: a list's values, a code, a number or true. */
export type ValueOf<V extends FilterValue> = V extends { kind: 'choices'; values: readonly (infer T)[] }
  ? readonly T[]
  : V extends { kind: 'countries' | 'texts' }
    ? readonly string[]
    : V extends { kind: 'country' | 'instant' }
      ? string
      : V extends { kind: 'number' }
        ? number
        : boolean;

/** What one chip shows: one value of a list, else the value. */
export type ItemOf<V extends FilterValue> = ValueOf<V> extends readonly (infer T)[] ? T : ValueOf<V>;

/**
 * How the search index judges a job by the filter: a mechanism of `JobTable`
 * (shared/search/job-table.ts), judged once per distinct value where it can.
 */
export type IndexMatch =
  /**
   * The job's value of `of` is one of the chosen values (a job with none fails). Faceted: the
   * answer's `facets[facet]` counts each value's jobs with every other filter kept.
   */
  | { readonly by: 'attribute'; readonly facet: string; readonly of: (job: JobSummary) => string | null }
  /** The job's number (`of`; NaN when the job does not say) is at least / at most the bound; `unstated` says whether a job without one is kept. */
  | {
      readonly by: 'number';
      readonly of: (job: JobSummary) => number;
      readonly keep: 'at-least' | 'at-most';
      readonly unstated: 'kept' | 'left-out';
      /** The answer's `pay_histogram` counts the matching jobs by this number, with every filter but this one (shared/pay/pay-histogram.ts). */
      readonly payHistogram?: true;
    }
  /**
   * An option of the number filter whose index key is `for`: while set, that filter (and its
   * histogram) reads each job by `of` instead of its own `of`. Judges no job itself.
   */
  | { readonly by: 'option'; readonly for: string; readonly of: (job: JobSummary) => number }
  /** A place in one of the countries, or a remote job open to one of them. Faceted: `facets.country`. */
  | { readonly by: 'places'; readonly facet: 'country' }
  /** A remote job a person living in the country may take. */
  | { readonly by: 'remote-from' }
  /** The job's company (name or key, any case) is one of them (`only`) or none of them (`except`). */
  | { readonly by: 'companies'; readonly keep: 'only' | 'except' }
  /** No text matches the job's title or skills (search word rules, shared/search/search-terms.ts). */
  | { readonly by: 'words'; readonly keep: 'except' }
  /** Not a likely ghost job at the instant (shared/jobs/ghost.ts, injected as `JobTableRules`). */
  | { readonly by: 'ghost' };

/**
 * The URL parameter (page URL and feeds). `one`: the URL holds a single value of the list
 * (`?department=ML`; the body gets `[value]`); `keepUnknown`: a `one` value is kept as
 * written, unchecked (the API answers 400 for an unknown one).
 */
export interface UrlForm {
  readonly param: string;
  readonly one?: true;
  readonly keepUnknown?: true;
}

export interface SearchFilter<
  Name extends string = string,
  Url extends UrlForm = UrlForm,
  V extends FilterValue = FilterValue,
  Key extends string = string,
  IndexValue = unknown,
  Match extends IndexMatch = IndexMatch,
> {
  /** The `POST /jobs` body field (snake case, the wire contract). */
  readonly name: Name;
  /** What a job seeker reads of it: the OpenAPI description of the body field and the URL parameter. */
  readonly description: string;
  readonly value: V;
  /** The URL parameter and its form. */
  readonly url: Url;
  /** What the answer reads beyond the index (none: the index alone, so answers may be cached). */
  readonly reads?: 'clock' | 'storage';
  /** The chip's words for one value (one chip per value of a list). */
  chip(item: ItemOf<V>): string;
  readonly index: {
    /** The field of the index query (shared/search/job-search.ts `JobSearchQuery`). */
    readonly key: Key;
    /** The index query's value for a set filter at `now` (default: the value itself); null: no filter. */
    readonly from?: (value: ValueOf<V>, now: Date) => IndexValue | null;
    readonly match: Match;
  };
}

/** Declares a filter, keeping its literal types for what derives from it. */
export const defineFilter = <
  const Name extends string,
  const Url extends UrlForm,
  const V extends FilterValue,
  const Key extends string,
  const Match extends IndexMatch,
  IndexValue = ValueOf<V>,
>(
  filter: SearchFilter<Name, Url, V, Key, IndexValue, Match>,
): SearchFilter<Name, Url, V, Key, IndexValue, Match> => filter;
