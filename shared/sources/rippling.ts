import { z } from 'zod';
import { buildJob, cleanDescription, isHttpUrl, rawPostingId, readPostings, type SourceParseContext, type SourceParseResult } from './build-job';
import { textLocations } from './places';
import { boardPath, jsonOf, segmentAfter, singleBody, type Endpoints, type ProviderDefinition } from './provider';
import { FetchFailure, type BoardListing, type Fetcher } from './source';
import type { Job } from '../jobs/job';
import { rederiveJob } from '../crawl/rederive';
import { sameJson } from '../crawl/compare-board';
import { withOwnSkills } from '../normalise/board-boilerplate';
import { SourceFormatError } from './source-error';

/**
 * The Rippling source adapter: a Rippling job board API response → domain `Job`s.
 *
 * Source format (the pair of endpoints Rippling's own board pages at ats.rippling.com call;
 * Rippling's Job Board API reference at developer.rippling.com asks for a sign-in, so the shape is
 * as measured in "The Rippling job board API, measured: a 1,000-row list, a record per job and
 * pay by tier", https://dev.to/adderleydata/the-rippling-job-board-api-measured-a-1000-row-list-a-record-per-job-and-pay-by-tier-2o28,
 * 26 Oct 2026, and as public integrations read it):
 * - list: `GET https://api.rippling.com/platform/api/ats/v1/board/{board}/jobs` (public, no key;
 *   the board is the path of https://ats.rippling.com/{board}/jobs, case as written there),
 *   answering a bare JSON array with ONE ROW PER POSTING AND WORK LOCATION: `{ uuid, name, url,
 *   department: { id, label }, workLocation: { id, label } }`, the label being what people read
 *   ("San Francisco, CA", "Remote (Oregon, US)"). No posting date, description, employment type
 *   or pay.
 * - detail: `GET .../board/{board}/jobs/{uuid}` → one posting's record `{ uuid, name,
 *   companyName, description: { company (HTML: the employer's blurb), role (HTML: the posting's
 *   text) }, workLocations, department, employmentType, createdOn, ... }`; only `description`
 *   is read here.
 * No licensed real response was found: the tests use fixtures/rippling.documented-fields.json
 * (list) and fixtures/rippling-detail.documented-fields.json (details), both CONSTRUCTED from
 * those fields.
 *
 * Field rules: the rows of one `uuid` are one posting, its places the rows' work location labels
 * in order; title = `name`; department = `department.label`; workplace from the location labels
 * ("Remote (...)" → remote); `job_url` = `url`, else https://ats.rippling.com/{board}/jobs/{uuid}.
 * `date_posted`: the list gives none, so it is when we first saw the posting (the crawl clock;
 * `buildJob` with no source date, and a re-crawl keeps it: shared/crawl/compare-board.ts).
 * Description: the detail's `company` then `role` HTML (`completeListing`, read for new or
 * changed postings only, at most `RIPPLING_DETAILS_PER_CRAWL` a crawl; an unchanged posting
 * keeps its stored description). Employment type and pay stay empty: nothing is made up for them.
 */

const text = z.string().nullish().catch(null);
const labelled = z.looseObject({ label: text }).nullish().catch(null);

/** One posting: its first row, with the work locations of all its rows (`workLocations`, ours). */
export const RipplingPostingSchema = z.looseObject({
  uuid: z.string().trim().min(1),
  name: z.string().trim().min(1),
  url: text,
  department: labelled,
  workLocations: z.array(labelled).catch([]),
});

/** The rows of a board grouped by `uuid` (in order of first row); a row without one is kept alone. */
const postingsOf = (rows: readonly unknown[]): unknown[] => {
  const byId = new Map<string, { workLocations: unknown[] }>();
  const postings: unknown[] = [];
  for (const row of rows) {
    const id = rawPostingId(row, 'uuid');
    const location: unknown = row !== null && typeof row === 'object' ? (row as Record<string, unknown>).workLocation : null;
    const known = id === null ? undefined : byId.get(id);
    if (known) {
      known.workLocations.push(location);
      continue;
    }
    const posting = row !== null && typeof row === 'object' ? { ...(row as Record<string, unknown>), workLocations: [location] } : row;
    if (id !== null) byId.set(id, posting as { workLocations: unknown[] });
    postings.push(posting);
  }
  return postings;
};

/**
 * Jobs of a Rippling board. Every posting (the rows of one uuid) is accounted for: a job, or a
 * skip with its reason.
 * @throws SourceFormatError when `body` is not an array of rows.
 */
export const parseRipplingBoard = (body: unknown, ctx: SourceParseContext): SourceParseResult => {
  if (!Array.isArray(body)) throw new SourceFormatError(`Rippling board "${ctx.boardToken}": the body is not a list of jobs (not a JSON array)`);
  return readPostings(postingsOf(body), ctx, {
    schema: RipplingPostingSchema,
    idKey: 'uuid',
    toJob: (posting, now) => {
      const labels = [...new Set(posting.workLocations.flatMap((location) => (location?.label?.trim() ? [location.label.trim()] : [])))];
      return buildJob(
        {
          ats: 'rippling',
          jobId: posting.uuid,
          title: posting.name,
          department: posting.department?.label ?? null,
          team: null,
          datePosted: null,
          places: textLocations(labels),
          workplace: { locationTexts: labels },
          employmentType: null,
          compensation: null,
          jobUrl: isHttpUrl(posting.url) ? posting.url : `https://ats.rippling.com/${encodeURIComponent(ctx.boardToken)}/jobs/${encodeURIComponent(posting.uuid)}`,
          descriptionHtml: null,
          descriptionPlain: '',
        },
        ctx,
        now,
      );
    },
  });
};

/** Most posting endpoints read from one board in one crawl (at the crawl's pace, 2 a second by default); the rest wait for the next crawl. */
export const RIPPLING_DETAILS_PER_CRAWL = 100;

/** One posting's record: only its description is read. */
export const RipplingDetailSchema = z.looseObject({
  description: z.looseObject({ company: text, role: text }).nullish().catch(null),
});

/** The description HTML of a posting record (`company` then `role`), or null. @throws SourceFormatError when `body` is no record. */
export const ripplingDescriptionOf = (body: unknown): string | null => {
  const detail = RipplingDetailSchema.safeParse(body);
  if (!detail.success) throw new SourceFormatError('the Rippling posting record is not an object');
  const parts = [detail.data.description?.company, detail.data.description?.role].filter((part): part is string => typeof part === 'string' && part.trim() !== '');
  return parts.length > 0 ? parts.join('\n') : null;
};

/** Whether a stored job still stands for the posting as listed now (same title, URL and what the list published). */
const sameListing = (stored: Job, listed: Job): boolean =>
  stored.job_title === listed.job_title && stored.job_url === listed.job_url && sameJson(stored.raw, listed.raw);

/**
 * A listing's jobs with their descriptions: an unchanged posting stored with a description
 * takes it; a new or changed one, or one stored without, is read from its record (up to
 * `RIPPLING_DETAILS_PER_CRAWL`, in listing order). A record that cannot be fetched or read
 * leaves its job as listed and counts in `detailsPending`. Derived fields (skills, seniority,
 * description words, ...) are read again with the description, the board's boilerplate left out.
 * @throws FetchFailure for a refused address (kind 'blocked') only.
 */
const completeRipplingListing =
  (e: Endpoints) =>
  async (listing: BoardListing, known: ReadonlyMap<string, Job>, fetcher: Fetcher, ctx: SourceParseContext): Promise<BoardListing> => {
    let fetched = 0;
    let pending = 0;
    const jobs: Job[] = [];
    for (const job of listing.jobs) {
      const stored = known.get(job.source.job_id);
      let html: string | null = null;
      if (stored !== undefined && stored.description !== null && sameListing(stored, job)) {
        html = stored.description;
      } else if (fetched >= RIPPLING_DETAILS_PER_CRAWL) {
        pending += 1;
      } else {
        fetched += 1;
        try {
          const page = await fetcher.get(`${e.rippling}/board/${encodeURIComponent(ctx.boardToken)}/jobs/${encodeURIComponent(job.source.job_id)}`);
          html = ripplingDescriptionOf(jsonOf(page));
        } catch (error) {
          if (!(error instanceof FetchFailure || error instanceof SourceFormatError) || (error instanceof FetchFailure && error.kind === 'blocked')) throw error;
          pending += 1;
        }
      }
      const description = html === null ? null : cleanDescription(html);
      jobs.push(description === null ? job : rederiveJob({ ...job, description }, ctx.rates));
    }
    return { ...listing, jobs: withOwnSkills(jobs), detailsPending: pending };
  };

/** A locale before the board in a board URL ("en-GB"), which names no board. */
const LOCALE = /^[a-z]{2}-[a-z]{2}$/i;

/**
 * The board of an ats.rippling.com path: "/{board}", "/{board}/jobs[/...]", also after a locale
 * ("/en-GB/acme/jobs"); null for the site's own paths ("/_next/static/...").
 */
const boardSegment = (segments: readonly string[]): string | null => {
  const path = segments[0] !== undefined && LOCALE.test(segments[0]) && segments[1] !== undefined && segments[1].toLowerCase() !== 'jobs' ? segments.slice(1) : segments;
  const [board, next] = path;
  return board !== undefined && (next === undefined || next.toLowerCase() === 'jobs') ? board : null;
};

/**
 * Rippling: boards at ats.rippling.com/[{locale}/]{board}/jobs; the job board API on
 * api.rippling.com/platform/api/ats/v1 (and v2) /board/{board}/jobs (see the module doc).
 */
export const ripplingProvider: ProviderDefinition = {
  id: 'rippling',
  domains: ['rippling.com'],
  boardFromUrl: (host, segments) => {
    if (host === 'ats.rippling.com') {
      if (segments[0]?.toLowerCase() === 'api') return segmentAfter(segments, ['api', 'v1', 'board']) ?? segmentAfter(segments, ['api', 'v2', 'board']);
      return boardSegment(segments);
    }
    if (host === 'api.rippling.com') return segmentAfter(segments, ['platform', 'api', 'ats', 'v1', 'board']) ?? segmentAfter(segments, ['platform', 'api', 'ats', 'v2', 'board']);
    return null;
  },
  noBoardHint: 'the URL must name the board, as ats.rippling.com/{board}/jobs does',
  endpoints: { rippling: 'https://api.rippling.com/platform/api/ats/v1' },
  localEndpoints: (base) => ({ rippling: `${base}/rippling` }),
  boardOfUrl: (url, e) => {
    const board = boardPath('rippling', '/board/', '/jobs')(url, e);
    const posting = /\/jobs\/([^/?#]+)$/.exec(url.split('?')[0]!);
    return board !== null && posting !== null ? { token: board.token, page: `job.${decodeURIComponent(posting[1]!)}` } : board;
  },
  source: (e) => ({
    ...singleBody('rippling', (token) => `${e.rippling}/board/${encodeURIComponent(token)}/jobs`, parseRipplingBoard),
    completeListing: completeRipplingListing(e),
  }),
};
