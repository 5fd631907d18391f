import { decodeHTML } from 'entities';
import { z } from 'zod';
import type { Compensation } from '../jobs/job';
import { buildJob, compensationOf, firstIssue, isHttpUrl, readPostings, toEmploymentType, toPayPeriod, toUtcIso, type SourceParseContext, type SourceParseResult } from './build-job';
import { textLocations } from './places';
import { SourceFormatError } from './source-error';
import { boardPath, segmentAfter, singleBody, type ProviderDefinition } from './provider';

/**
 * The Greenhouse source adapter: a Greenhouse Job Board API response → domain `Job`s.
 *
 * Source format: `GET https://boards-api.greenhouse.io/v1/boards/{boardToken}/jobs?content=true`
 * → `{ jobs: [{ id, internal_job_id, title, updated_at, first_published?, requisition_id,
 * location: { name }, absolute_url, language, metadata, content, departments: [{ id, name,
 * parent_id, child_ids }], offices: [{ id, name, location, parent_id, child_ids }],
 * pay_input_ranges? }], meta: { total } }`, as in Greenhouse's own docs
 * (grnhse/greenhouse-api-docs@0c37c31a, source/includes/job-board/_jobs.md; copies in
 * ../shared/data/ats/greenhouse/official-docs/) and in recorded responses
 * (grnhse/greenhouse_io@dda7ea19 spec cassettes; ../shared/data/ats/greenhouse/legacy-2013-bodies/).
 *
 * Field rules:
 * - `content` is HTML escaped as entities ("&lt;p&gt;..."): decoded once with `entities`, then
 *   sanitised. Greenhouse's docs example is escaped twice ("&amp;lt;p&amp;gt;"); when one decode
 *   leaves no tag but escaped tags, it is decoded a second time.
 * - `date_posted` = `first_published` (when the post first went live), else `updated_at`, in UTC.
 *   A posting with neither as a date is skipped.
 * - Department: the most specific of `departments` (one no other listed department names as
 *   parent) through `toDepartment`, its parent as the fallback team.
 * - Places: `location.name` (free text, e.g. "San Francisco, CA", "Remote - US"); when that
 *   names no place, the most specific `offices[].location` (else office name); the offices'
 *   one country, when they share one, is the text's context ("Remote" at a US office → Remote
 *   (US); "Cambridge" at a UK office → Cambridge, GB). Workplace from
 *   those texts (Greenhouse has no workplace field).
 * - Pay: from `pay_input_ranges` (`min_cents`/`max_cents` in cents of `currency_type`),
 *   which Greenhouse sends on the single-job endpoint with `pay_transparency=true` and which
 *   this adapter reads if a list response carries it. Period from the range's title ("hourly"),
 *   else per year, Greenhouse's default. Without them, `buildJob` reads the pay `content` states
 *   (shared/normalise/pay-text.ts: the range for the job's place, base told from on-target
 *   earnings, bonuses and equity left out), as for every source.
 * - Employment type: from a `metadata` custom field named like "Employment Type" (Greenhouse
 *   has no standard field), else null.
 * - Prospect posts (`internal_job_id: null`, "general application" posts with no job behind
 *   them) are skipped with reason "prospect post".
 * - `job_url` = `absolute_url`, else https://job-boards.greenhouse.io/{boardToken}/jobs/{id}.
 */

const text = z.string().nullish().catch(null);
const id = z.union([z.number(), z.string()]).nullish().catch(null);

const GreenhouseDepartmentSchema = z.looseObject({ id, name: text, parent_id: id });
const GreenhouseOfficeSchema = z.looseObject({ id, name: text, location: text, parent_id: id });

/** One pay range of a post; amounts in cents of `currency_type`. */
const GreenhousePayRangeSchema = z.looseObject({
  min_cents: z.number().nullish().catch(null),
  max_cents: z.number().nullish().catch(null),
  currency_type: text,
  title: text,
  blurb: text,
});

const listOf = <T extends z.ZodType>(item: T) => z.array(item.nullable().catch(null)).nullish().catch(null);

/** One job post of a board. `id` (numeric) and `title` are required; everything else is optional. */
export const GreenhousePostingSchema = z.looseObject({
  id: z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)]),
  internal_job_id: z.unknown().optional(),
  title: z.string().trim().min(1),
  updated_at: text,
  first_published: text,
  location: z.looseObject({ name: text }).nullish().catch(null),
  absolute_url: text,
  content: text,
  departments: listOf(GreenhouseDepartmentSchema),
  offices: listOf(GreenhouseOfficeSchema),
  pay_input_ranges: listOf(GreenhousePayRangeSchema),
  /** Custom fields the employer exposes, e.g. `{ name: "Employment Type", value: "Full-time" }`. */
  metadata: listOf(z.looseObject({ name: text, value: z.unknown() })),
});
export type GreenhousePosting = z.infer<typeof GreenhousePostingSchema>;

/** The board envelope: `jobs` must be an array; each posting is checked on its own. */
export const GreenhouseBoardSchema = z.looseObject({ jobs: z.array(z.unknown()), meta: z.unknown().optional() });

const ESCAPED_TAG = /&lt;\/?[a-z][a-z0-9]*[\s/&]/i;

/** The HTML of a post's `content`: entities decoded (twice when the first pass leaves only escaped tags). */
export const greenhouseContentHtml = (content: string): string => {
  const once = decodeHTML(content);
  return !/<\/?[a-z][a-z0-9]*[\s/>]/i.test(once) && ESCAPED_TAG.test(once) ? decodeHTML(once) : once;
};

/** The items no other listed item names as parent (the most specific), then the rest. */
const mostSpecificFirst = <T extends { id?: string | number | null; parent_id?: string | number | null }>(items: readonly (T | null)[]): T[] => {
  const present = items.filter((item): item is T => item !== null);
  const parents = new Set(present.map((item) => item.parent_id).filter((parent) => parent !== null && parent !== undefined).map(String));
  const leaves = present.filter((item) => item.id === null || item.id === undefined || !parents.has(String(item.id)));
  return [...leaves, ...present.filter((item) => !leaves.includes(item))];
};

/** The employment type from a custom field named like "Employment Type" / "Job Type" / "Commitment", if any. */
const employmentTypeOf = (metadata: GreenhousePosting['metadata']) => {
  for (const field of metadata ?? []) {
    if (field && /employment|job type|commitment/i.test(field.name ?? '') && typeof field.value === 'string') {
      const type = toEmploymentType(field.value);
      if (type) return type;
    }
  }
  return null;
};

const NO_DEPARTMENT = /^no (?:department|office)$/i;

/** Pay from `pay_input_ranges`: the first range's currency and period, min/max across the ranges in both. */
export const greenhouseCompensation = (ranges: GreenhousePosting['pay_input_ranges']): Compensation | null => {
  const pays = (ranges ?? [])
    .filter((range) => range !== null)
    .map((range) =>
      compensationOf({
        min: range.min_cents === null || range.min_cents === undefined ? null : range.min_cents / 100,
        max: range.max_cents === null || range.max_cents === undefined ? null : range.max_cents / 100,
        currency: range.currency_type,
        period: toPayPeriod(range.title) ?? 'year',
        summary: range.title ?? null,
      }),
    )
    .filter((pay): pay is Compensation => pay !== null);
  const first = pays[0];
  if (!first) return null;
  const same = pays.filter((pay) => pay.currency === first.currency && pay.period === first.period);
  const mins = same.map((pay) => pay.min).filter((value): value is number => value !== null);
  const maxes = same.map((pay) => pay.max).filter((value): value is number => value !== null);
  return { ...first, min: mins.length > 0 ? Math.min(...mins) : null, max: maxes.length > 0 ? Math.max(...maxes) : null };
};

/**
 * Parses one Greenhouse job-board response into jobs of `ctx.company`. Total per posting:
 * every posting is a job that passed `JobSchema` or a `skipped` entry with its reason
 * ("invalid posting: ...", "no publication date", "prospect post", ...).
 *
 * @throws SourceFormatError when `body` is not a job board: not an object with a `jobs` array,
 *   e.g. Greenhouse's answer for an unknown board `{ "error": "Could not find a job board with
 *   token '...'" }` (its message is kept in the error's).
 */
export const parseGreenhouseBoard = (body: unknown, ctx: SourceParseContext): SourceParseResult => {
  const board = GreenhouseBoardSchema.safeParse(body);
  if (!board.success) {
    const said = body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' ? `: ${body.error.slice(0, 200)}` : '';
    throw new SourceFormatError(`Greenhouse board "${ctx.boardToken}": the body is not a job board${said || ` (${firstIssue(board.error)})`}`);
  }
  return readPostings(board.data.jobs, ctx, {
    schema: GreenhousePostingSchema,
    idKey: 'id',
    toJob: (posting, now) => {
      if (posting.internal_job_id === null) return { skip: 'prospect post' };
      const datePosted = toUtcIso(posting.first_published) ?? toUtcIso(posting.updated_at);
      if (!datePosted) return { skip: 'no publication date' };
      const jobId = String(posting.id);
      const departments = mostSpecificFirst(posting.departments ?? []).filter((department) => department.name && !NO_DEPARTMENT.test(department.name));
      const department = departments[0];
      const team = departments.find((other) => other !== department && department?.parent_id !== undefined && String(other.id) === String(department.parent_id));
      const offices = mostSpecificFirst(posting.offices ?? []).filter((office) => !NO_DEPARTMENT.test(office.name ?? ''));
      const leafOffice = offices[0];
      const locationName = posting.location?.name ?? null;
      const contentHtml = posting.content ? greenhouseContentHtml(posting.content) : null;
      return buildJob(
        {
          ats: 'greenhouse',
          jobId,
          title: posting.title,
          department: department?.name ?? null,
          team: team?.name ?? null,
          datePosted,
          workplace: { locationTexts: [locationName, leafOffice?.name, leafOffice?.location] },
          employmentType: employmentTypeOf(posting.metadata),
          places: textLocations([locationName]),
          countryTexts: offices.map((office) => office.location || office.name),
          fallbackPlaces: leafOffice ? textLocations([leafOffice.location || leafOffice.name]) : [],
          compensation: greenhouseCompensation(posting.pay_input_ranges),
          jobUrl: isHttpUrl(posting.absolute_url) ? posting.absolute_url : `https://job-boards.greenhouse.io/${encodeURIComponent(ctx.boardToken)}/jobs/${jobId}`,
          descriptionHtml: contentHtml,
        },
        ctx,
        now,
      );
    },
  });
};

const GREENHOUSE_BOARD_HOSTS = new Set(['boards.greenhouse.io', 'job-boards.greenhouse.io', 'boards.eu.greenhouse.io', 'job-boards.eu.greenhouse.io']);

/**
 * Greenhouse: boards at (job-)boards(.eu).greenhouse.io/{token}, the embed
 * boards.greenhouse.io/embed/job_board?for={token}, the Job Board API on boards-api(.eu).greenhouse.io.
 */
export const greenhouseProvider: ProviderDefinition = {
  id: 'greenhouse',
  domains: ['greenhouse.io'],
  boardFromUrl: (host, segments, url) => {
    if (GREENHOUSE_BOARD_HOSTS.has(host)) return segments[0]?.toLowerCase() === 'embed' ? encodeURIComponent(url.searchParams.get('for') ?? '') : (segments[0] ?? null);
    if (host === 'boards-api.greenhouse.io' || host === 'boards-api.eu.greenhouse.io') return segmentAfter(segments, ['v1', 'boards']);
    return null;
  },
  endpoints: { greenhouse: 'https://boards-api.greenhouse.io' },
  localEndpoints: (base) => ({ greenhouse: `${base}/greenhouse` }),
  boardOfUrl: boardPath('greenhouse', '/v1/boards/', '/jobs'),
  source: (e) => singleBody('greenhouse', (token) => `${e.greenhouse}/v1/boards/${encodeURIComponent(token)}/jobs?content=true`, parseGreenhouseBoard),
};
