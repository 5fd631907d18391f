import { z } from 'zod';
import { buildJob, isHttpUrl, readPostings, toEmploymentType, toUtcIso, type SourceParseContext, type SourceParseResult } from './build-job';
import { textLocations } from './places';
import { boardPath, singleBody, type ProviderDefinition } from './provider';
import { SourceFormatError } from './source-error';

/**
 * The Gem source adapter: a Gem Job Board API response → domain `Job`s.
 *
 * Source format: `GET https://api.gem.com/job_board/v0/{board}/job_posts/` (public, no key: "job
 * board information can be read by anyone using your job board's vanity URL path", Gem's Job Board
 * API reference, api.gem.com/job_board/v0/reference; the board is the path of
 * https://jobs.gem.com/{board}), answering a bare JSON array of job posts `{ id, title,
 * absolute_url, content (HTML), content_plain, departments: [{ id, name }], offices: [{ id, name,
 * location: { name } }], location: { name }, location_type ("remote" | "hybrid" | "in_office"),
 * employment_type ("full_time", ...), first_published_at, updated_at, requisition_id }`. No
 * licensed real response was found: the tests use fixtures/gem.documented-fields.json, CONSTRUCTED
 * from those fields.
 *
 * Field rules: title = `title`; `date_posted` = `first_published_at` (else `updated_at`; a post
 * with neither is skipped); department = the first of `departments`; places = `location.name`,
 * else the offices' locations; workplace from `location_type` (else the place texts); employment
 * type from `employment_type`; `job_url` = `absolute_url`, else https://jobs.gem.com/{board}/{id}.
 * Pay is not a field of the API (only in the text, which is not parsed for it).
 */

const text = z.string().nullish().catch(null);
const named = z.looseObject({ name: text }).nullish().catch(null);

export const GemPostSchema = z.looseObject({
  id: z.union([z.string().trim().min(1), z.number().int()]),
  title: z.string().trim().min(1),
  absolute_url: text,
  content: text,
  content_plain: text,
  departments: z.array(z.looseObject({ name: text })).nullish().catch(null),
  offices: z.array(z.looseObject({ name: text, location: named })).nullish().catch(null),
  location: named,
  location_type: text,
  employment_type: text,
  first_published_at: text,
  updated_at: text,
});

/** Gem's location types → the words `resolveWorkplace` reads. */
const WORKPLACE: Readonly<Record<string, string>> = { remote: 'remote', hybrid: 'hybrid', in_office: 'on-site', onsite: 'on-site', on_site: 'on-site' };

/**
 * Jobs of a Gem board. Every post is accounted for: a job, or a skip with its reason.
 * @throws SourceFormatError when `body` is not an array of posts.
 */
export const parseGemBoard = (body: unknown, ctx: SourceParseContext): SourceParseResult => {
  if (!Array.isArray(body)) throw new SourceFormatError(`Gem board "${ctx.boardToken}": the body is not a list of job posts (not a JSON array)`);
  return readPostings(body, ctx, {
    schema: GemPostSchema,
    idKey: 'id',
    toJob: (post, now) => {
      const datePosted = toUtcIso(post.first_published_at) ?? toUtcIso(post.updated_at);
      if (!datePosted) return { skip: 'no publication date' };
      const jobId = String(post.id);
      const officeTexts = (post.offices ?? []).map((office) => office.location?.name || office.name);
      const locationTexts = post.location?.name ? [post.location.name] : officeTexts;
      return buildJob(
        {
          ats: 'gem',
          jobId,
          title: post.title,
          department: post.departments?.find((department) => department.name)?.name ?? null,
          team: null,
          datePosted,
          workplace: { workplaceType: WORKPLACE[(post.location_type ?? '').toLowerCase()] ?? null, locationTexts },
          employmentType: toEmploymentType(post.employment_type),
          places: textLocations(locationTexts),
          compensation: null,
          jobUrl: isHttpUrl(post.absolute_url) ? post.absolute_url : `https://jobs.gem.com/${encodeURIComponent(ctx.boardToken)}/${encodeURIComponent(jobId)}`,
          descriptionHtml: post.content ?? null,
          ...(post.content_plain ? { descriptionPlain: post.content_plain } : {}),
        },
        ctx,
        now,
      );
    },
  });
};

/** Gem: boards at jobs.gem.com/{board}; the Job Board API on api.gem.com (see the module doc). */
export const gemProvider: ProviderDefinition = {
  id: 'gem',
  domains: ['gem.com'],
  boardFromUrl: (host, segments) => {
    if (host === 'jobs.gem.com') return segments[0] ?? null;
    if (host === 'api.gem.com' && segments[0] === 'job_board' && segments[1] === 'v0') return segments[2] ?? null;
    return null;
  },
  endpoints: { gem: 'https://api.gem.com' },
  localEndpoints: (base) => ({ gem: `${base}/gem` }),
  boardOfUrl: boardPath('gem', '/job_board/v0/', '/job_posts'),
  source: (e) => singleBody('gem', (token) => `${e.gem}/job_board/v0/${encodeURIComponent(token)}/job_posts/`, parseGemBoard),
};
