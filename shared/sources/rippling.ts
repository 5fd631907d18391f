import { z } from 'zod';
import { buildJob, isHttpUrl, rawPostingId, readPostings, type SourceParseContext, type SourceParseResult } from './build-job';
import { textLocations } from './places';
import { boardPath, segmentAfter, singleBody, type ProviderDefinition } from './provider';
import { SourceFormatError } from './source-error';

/**
 * The Rippling source adapter: a Rippling job board API response → domain `Job`s.
 *
 * Source format: `GET https://api.rippling.com/platform/api/ats/v1/board/{board}/jobs` (public, no
 * key; the board is the path of https://ats.rippling.com/{board}/jobs, case as written there),
 * answering a bare JSON array with ONE ROW PER POSTING AND WORK LOCATION: `{ uuid, name, url,
 * department: { id, label }, workLocation: { id, label } }`, the label being what people read
 * ("San Francisco, CA", "Remote (Oregon, US)"). Nothing else: no posting date, description,
 * employment type or pay. Rippling's Job Board API reference (developer.rippling.com) asks for a
 * sign-in; the shape is as public integrations of this endpoint read it. No licensed real
 * response was found: the tests use fixtures/rippling.documented-fields.json, CONSTRUCTED from
 * those fields.
 *
 * Field rules: the rows of one `uuid` are one posting, its places the rows' work location labels
 * in order; title = `name`; department = `department.label`; workplace from the location labels
 * ("Remote (...)" → remote); `job_url` = `url`, else https://ats.rippling.com/{board}/jobs/{uuid}.
 * `date_posted`: the API gives none, so it is when we first saw the posting (the crawl clock;
 * `buildJob` with no source date, and a re-crawl keeps it: shared/crawl/compare-board.ts).
 * Employment type, pay and description stay empty: nothing is made up for them.
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
  boardOfUrl: boardPath('rippling', '/board/', '/jobs'),
  source: (e) => singleBody('rippling', (token) => `${e.rippling}/board/${encodeURIComponent(token)}/jobs`, parseRipplingBoard),
};
