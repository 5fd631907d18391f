import { z } from 'zod';
import { buildJob, firstIssue, isHttpUrl, readPostings, toEmploymentType, toUtcIso, type SourceParseContext, type SourceParseResult } from './build-job';
import { addressLocation, type SourceLocation } from './places';
import { SourceFormatError } from './source-error';
import { boardPath, singleBody, stringField, subdomainToken, type ProviderDefinition } from './provider';

/**
 * The Workable source adapter: a Workable widget (accounts) response → domain `Job`s.
 *
 * Source format: `GET https://apply.workable.com/api/v1/widget/accounts/{boardToken}?details=true`
 * (also served at www.workable.com/api/accounts/{boardToken}), answering `{ name, description,
 * jobs: [{ title, shortcode, code, employment_type, telecommuting, department, url, shortlink,
 * application_url, published_on, created_at, country, city, state, education, experience,
 * function, industry, locations: [{ country, countryCode, city, region, hidden }],
 * description? }] }` (`description` only with `details=true`). No licensed real response was
 * found: the tests use a documented-field fixture (fixtures/workable.documented-fields.json).
 *
 * Field rules:
 * - Source job id = `shortcode`. `date_posted` = `published_on` (a date, read as UTC midnight),
 *   else `created_at`; a posting with neither is skipped.
 * - Department via `toDepartment(department, function, title)`.
 * - Places: each `locations[]` entry not `hidden` (city, region, ISO `countryCode`); when there
 *   is none, the top-level `city`, `state`, `country`.
 * - Workplace: `telecommuting: true` → remote; else "hybrid"/"remote" in the location texts; else on-site.
 * - Employment type from `employment_type` ("Full-time", "Contract", "Internship", ...).
 * - Pay: the widget publishes none → null.
 * - `job_url` = `url`, else `shortlink`, else https://apply.workable.com/{boardToken}/j/{shortcode}/.
 */

const text = z.string().nullish().catch(null);

const WorkableLocationSchema = z.looseObject({ country: text, countryCode: text, city: text, region: text, hidden: z.boolean().nullish().catch(null) });

export const WorkablePostingSchema = z.looseObject({
  title: z.string().trim().min(1),
  shortcode: z.string().trim().min(1),
  employment_type: text,
  telecommuting: z.boolean().nullish().catch(null),
  department: text,
  function: text,
  url: text,
  shortlink: text,
  application_url: text,
  /** "2025-10-02": the day the job was published. */
  published_on: text,
  created_at: text,
  country: text,
  city: text,
  state: text,
  locations: z.array(WorkableLocationSchema.nullable().catch(null)).nullish().catch(null),
  description: text,
});
export type WorkablePosting = z.infer<typeof WorkablePostingSchema>;

/** The account envelope: `jobs` must be an array; each posting is checked on its own. */
export const WorkableBoardSchema = z.looseObject({ name: z.unknown().optional(), jobs: z.array(z.unknown()) });

const locationsOf = (posting: WorkablePosting): SourceLocation[] => {
  const shown = (posting.locations ?? []).filter((location) => location !== null && location.hidden !== true);
  const addresses = shown.length > 0 ? shown.map((l) => ({ city: l?.city, region: l?.region, country: l?.countryCode || l?.country })) : [{ city: posting.city, region: posting.state, country: posting.country }];
  return addresses.map((address) => addressLocation(address));
};

/**
 * Parses one Workable widget response into jobs of `ctx.company`. Total per posting: each is a
 * job that passed `JobSchema` or a `skipped` entry with its reason.
 *
 * @throws SourceFormatError when `body` is not an account's job list (no `jobs` array).
 */
export const parseWorkableBoard = (body: unknown, ctx: SourceParseContext): SourceParseResult => {
  const board = WorkableBoardSchema.safeParse(body);
  if (!board.success) throw new SourceFormatError(`Workable account "${ctx.boardToken}": the body is not a job list (${firstIssue(board.error)})`);
  return readPostings(board.data.jobs, ctx, {
    schema: WorkablePostingSchema,
    idKey: 'shortcode',
    toJob: (posting, now) => {
      const datePosted = toUtcIso(posting.published_on) ?? toUtcIso(posting.created_at);
      if (!datePosted) return { skip: 'no publication date' };
      const locations = locationsOf(posting);
      const fallbackUrl = `https://apply.workable.com/${encodeURIComponent(ctx.boardToken)}/j/${encodeURIComponent(posting.shortcode)}/`;
      return buildJob(
        {
          ats: 'workable',
          jobId: posting.shortcode,
          title: posting.title,
          department: posting.department ?? null,
          team: posting.function ?? null,
          datePosted,
          workplace: { isRemote: posting.telecommuting, locationTexts: locations.map((location) => location.text) },
          employmentType: toEmploymentType(posting.employment_type),
          places: locations,
          compensation: null,
          jobUrl: isHttpUrl(posting.url) ? posting.url : isHttpUrl(posting.shortlink) ? posting.shortlink : fallbackUrl,
          descriptionHtml: posting.description ?? null,
        },
        ctx,
        now,
      );
    },
  });
};

/**
 * Workable: boards at apply.workable.com/{token} (not `/j/...` job short links, which name no
 * account) and {token}.workable.com; the widget API apply.workable.com/api/v1/widget/accounts/{token}.
 */
export const workableProvider: ProviderDefinition = {
  id: 'workable',
  domains: ['workable.com'],
  boardFromUrl: (host, segments) =>
    host === 'apply.workable.com'
      ? segments[0]?.toLowerCase() === 'api'
        ? (segments[segments.indexOf('accounts') + 1] ?? null)
        : (segments[0] ?? null)
      : subdomainToken(host, 'workable.com'),
  endpoints: { workable: 'https://apply.workable.com' },
  localEndpoints: (base) => ({ workable: `${base}/workable` }),
  boardOfUrl: boardPath('workable', '/api/v1/widget/accounts/'),
  source: (e) => singleBody('workable', (token) => `${e.workable}/api/v1/widget/accounts/${encodeURIComponent(token)}?details=true`, parseWorkableBoard, (body) => stringField(body, 'name')),
};
