import { z } from 'zod';
import { FetchFailure, type FetchedResponse } from './source';
import { buildJob, readPostings, toEmploymentType, toUtcIso, type SourceParseContext, type SourceParseResult } from './build-job';
import { textLocations } from './places';
import { boardSource, jsonOf, tokenOf, type BoardAddress, type Endpoints, type ProviderDefinition } from './provider';
import { SourceFormatError } from './source-error';

/**
 * The Workday source: a career site's CXS ("candidate experience") jobs API → domain `Job`s.
 *
 * Source format (the JSON endpoints Workday's own career-site pages call; Workday publishes no
 * reference for them, the fields below are the ones public clients read, and the fixture
 * fixtures/workday.documented-fields.json is CONSTRUCTED from them):
 * - list: `POST https://{tenant}.wd{N}.myworkdayjobs.com/wday/cxs/{tenant}/{site}/jobs` with
 *   `{ limit, offset, searchText: "", appliedFacets: {} }` → `{ total, jobPostings: [{ title,
 *   externalPath, locationsText, postedOn, bulletFields: [requisition id, ...] }] }`; paged by
 *   offset, at most `WORKDAY_PAGE` (20) a page;
 * - detail: `GET .../wday/cxs/{tenant}/{site}{externalPath}` (externalPath = "/job/{place}/{title}_{id}")
 *   → `{ jobPostingInfo: { id, title, jobDescription (HTML), location, additionalLocations,
 *   startDate ("2025-10-01"), timeType ("Full time"), remoteType, jobReqId, externalUrl } }`.
 *
 * Board token: "{tenant}.wd{N}.{site}", e.g. "acme.wd5.External" for
 * https://acme.wd5.myworkdayjobs.com/en-US/External (a URL that names only the locale,
 * e.g. ".../en-us", names no site and so no board). Replay files: DIR/workday/{token}.json (first
 * list page), {token}.{offset}.json (further pages), {token}.job.{last path segment}.json (details).
 *
 * Field rules: requisition id = `bulletFields[0]`, else the external path; title, description,
 * places, workplace (`remoteType`), employment type (`timeType`) and `date_posted` (`startDate`)
 * from the detail; the employer's name from a detail's `hiringOrganization.name`; a posting whose detail could not be read is skipped as "unreadable" (it
 * stays open). `job_url` = the detail's `externalUrl`, else the site's page for the posting.
 * The listing is complete when the list pages hold `total` postings (capped at
 * `WORKDAY_MAX_POSTINGS`), else partial: it closes nothing.
 */

/** Postings per list page (Workday refuses more). */
export const WORKDAY_PAGE = 20;
/** Most postings read from one site per crawl. */
export const WORKDAY_MAX_POSTINGS = 2000;

const text = z.string().nullish().catch(null);

export const WorkdayListPostingSchema = z.looseObject({
  title: z.string().trim().min(1),
  externalPath: z.string().trim().startsWith('/'),
  locationsText: text,
  postedOn: text,
  bulletFields: z.array(z.unknown()).nullish().catch(null),
});

export const WorkdayListSchema = z.looseObject({ total: z.number().int().nonnegative().nullish().catch(null), jobPostings: z.array(z.unknown()) });

export const WorkdayDetailSchema = z.looseObject({
  hiringOrganization: z.looseObject({ name: text }).nullish().catch(null),
  jobPostingInfo: z.looseObject({
    title: text,
    jobDescription: text,
    location: text,
    additionalLocations: z.array(z.string()).nullish().catch(null),
    startDate: text,
    timeType: text,
    remoteType: text,
    jobReqId: text,
    externalUrl: text,
  }),
});
type WorkdayDetail = z.infer<typeof WorkdayDetailSchema>['jobPostingInfo'];

/** A Workday board token read: host label parts and site. */
interface WorkdaySite {
  tenant: string;
  wd: string;
  site: string;
}

const LOCALE = /^[a-z]{2}(?:-[a-z]{2,4})?$/i;
const HOST = /^([a-z0-9](?:[a-z0-9-]*[a-z0-9])?)\.(wd\d{1,3})\.myworkdayjobs\.com$/;

/** "acme.wd5.External" → { tenant: "acme", wd: "wd5", site: "External" }. @throws FetchFailure 'blocked' for any other form. */
const siteOf = (token: string): WorkdaySite => {
  const match = /^([a-z0-9](?:[a-z0-9-]*[a-z0-9])?)\.(wd\d{1,3})\.([^/?#\s]+)$/i.exec(token);
  if (match === null) throw new FetchFailure('blocked', `Workday board token "${token}" is not "{tenant}.wd{N}.{site}"`);
  return { tenant: match[1]!.toLowerCase(), wd: match[2]!.toLowerCase(), site: match[3]! };
};

const baseOf = (e: Endpoints, site: WorkdaySite): string => (e.workday ?? '').replace('{host}', `${site.tenant}.${site.wd}`);
const cxsOf = (e: Endpoints, site: WorkdaySite): string => `${baseOf(e, site)}/wday/cxs/${site.tenant}/${encodeURIComponent(site.site)}`;
const listBody = (offset: number) => JSON.stringify({ limit: WORKDAY_PAGE, offset, searchText: '', appliedFacets: {} });
const detailPath = (externalPath: string) => (externalPath.startsWith('/job/') ? externalPath : `/job${externalPath}`);
const lastSegment = (path: string) => path.split('/').filter(Boolean).at(-1) ?? path;

/** The requisition id of a list posting. */
const postingId = (posting: z.infer<typeof WorkdayListPostingSchema>): string => {
  const first = posting.bulletFields?.[0];
  return typeof first === 'string' && first.trim() !== '' ? first.trim() : posting.externalPath;
};

/**
 * Jobs of a Workday site from its list pages and detail responses (in any order; told apart by
 * URL). @throws SourceFormatError when the first list page is not a jobs list.
 */
export const parseWorkdayPages = (pages: readonly FetchedResponse[], ctx: SourceParseContext): SourceParseResult & { total: number; listed: number; organisationName: string | null } => {
  const lists: z.infer<typeof WorkdayListSchema>[] = [];
  const details = new Map<string, WorkdayDetail>();
  let organisationName: string | null = null;
  for (const page of pages) {
    const body = jsonOf(page);
    if (/\/jobs(?:[?#]|$)/.test(page.url)) {
      const list = WorkdayListSchema.safeParse(body);
      if (!list.success) throw new SourceFormatError(`Workday site "${ctx.boardToken}": ${page.url} is not a jobs list`);
      lists.push(list.data);
    } else {
      const detail = WorkdayDetailSchema.safeParse(body);
      if (!detail.success) continue;
      details.set(lastSegment(new URL(page.url).pathname), detail.data.jobPostingInfo);
      organisationName ??= detail.data.hiringOrganization?.name?.trim() || null;
    }
  }
  if (lists.length === 0) throw new SourceFormatError(`Workday site "${ctx.boardToken}": no jobs list`);
  // Each raw posting carries its requisition id, so skips name the id stored jobs carry.
  const postings = lists.flatMap((list) => list.jobPostings).map((raw) => {
    const posting = WorkdayListPostingSchema.safeParse(raw);
    return posting.success && raw !== null && typeof raw === 'object' ? { ...raw, requisitionId: postingId(posting.data) } : raw;
  });
  const { tenant, wd, site } = siteOf(ctx.boardToken);
  const result = readPostings(postings, ctx, {
    schema: WorkdayListPostingSchema,
    idKey: 'requisitionId',
    toJob: (posting, now) => {
      const detail = details.get(lastSegment(posting.externalPath));
      if (detail === undefined) return { skip: 'unreadable posting: its detail was not read' };
      const locationTexts = [detail.location ?? posting.locationsText, ...(detail.additionalLocations ?? [])];
      return buildJob(
        {
          ats: 'workday',
          jobId: postingId(posting),
          title: detail.title?.trim() || posting.title,
          department: null,
          team: null,
          datePosted: toUtcIso(detail.startDate) ?? '',
          workplace: { workplaceType: detail.remoteType, locationTexts },
          employmentType: toEmploymentType(detail.timeType),
          places: textLocations(locationTexts),
          compensation: null,
          jobUrl: detail.externalUrl?.startsWith('https://') ? detail.externalUrl : `https://${tenant}.${wd}.myworkdayjobs.com/${encodeURIComponent(site)}${posting.externalPath}`,
          descriptionHtml: detail.jobDescription ?? null,
        },
        ctx,
        now,
      );
    },
  });
  const total = lists[0]?.total ?? postings.length;
  return { ...result, total, listed: postings.length, organisationName };
};

/** Workday's list endpoint answers `total` on every page; the offsets after the first page. */
const nextOffsets = (first: unknown): number[] => {
  const list = WorkdayListSchema.safeParse(first);
  const total = Math.min(list.success ? (list.data.total ?? 0) : 0, WORKDAY_MAX_POSTINGS);
  const offsets: number[] = [];
  for (let offset = WORKDAY_PAGE; offset < total; offset += WORKDAY_PAGE) offsets.push(offset);
  return offsets;
};

const boardOfWorkdayUrl = (url: string, e: Endpoints, jsonBody?: string): BoardAddress | null => {
  const base = e.workday ?? '';
  const pattern = new RegExp(`^${base.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{host\}/, '([a-z0-9-]+)\\.(wd\\d{1,3})')}/wday/cxs/[^/]+/([^/?#]+)(/jobs|/job/.+)$`);
  const match = pattern.exec(url.split('?')[0]!);
  if (match === null) return null;
  const token = `${match[1]}.${match[2]}.${decodeURIComponent(match[3]!)}`;
  if (match[4] !== '/jobs') return { token, page: `job.${lastSegment(match[4]!)}` };
  let offset: number;
  try {
    offset = Number((JSON.parse(jsonBody ?? '{}') as { offset?: unknown }).offset ?? 0) || 0;
  } catch {
    offset = 0;
  }
  return { token, page: offset > 0 ? String(offset) : null };
};

/** Workday: career sites at {tenant}.wd{N}.myworkdayjobs.com/[{locale}/]{site}; see the module doc. */
export const workdayProvider: ProviderDefinition = {
  id: 'workday',
  domains: ['myworkdayjobs.com'],
  boardFromUrl: (host, segments) => {
    const match = HOST.exec(host);
    if (match === null) return null;
    const site = segments[0]?.toLowerCase() === 'wday' ? segments[3] : LOCALE.test(segments[0] ?? '') ? segments[1] : segments[0];
    return site === undefined || LOCALE.test(site) ? null : `${match[1]}.${match[2]}.${site}`;
  },
  noBoardHint: 'the URL must name the career site (e.g. https://acme.wd5.myworkdayjobs.com/en-US/External), not only a locale',
  endpoints: { workday: 'https://{host}.myworkdayjobs.com' },
  localEndpoints: (base) => ({ workday: `${base}/workday/{host}` }),
  boardOfUrl: boardOfWorkdayUrl,
  source: (e) =>
    boardSource('workday', {
      fetchBoard: async (company, fetcher) => {
        const site = siteOf(tokenOf(company));
        const listUrl = `${cxsOf(e, site)}/jobs`;
        const first = await fetcher.get(listUrl, { jsonBody: listBody(0) });
        const lists = [first];
        for (const offset of nextOffsets(jsonOf(first))) lists.push(await fetcher.get(listUrl, { jsonBody: listBody(offset) }));
        const details: FetchedResponse[] = [];
        for (const list of lists) {
          const parsed = WorkdayListSchema.safeParse(jsonOf(list));
          for (const raw of parsed.success ? parsed.data.jobPostings : []) {
            const posting = WorkdayListPostingSchema.safeParse(raw);
            if (!posting.success) continue;
            try {
              details.push(await fetcher.get(`${cxsOf(e, site)}${detailPath(posting.data.externalPath)}`));
            } catch (error) {
              if (!(error instanceof FetchFailure) || error.kind === 'blocked') throw error;
            }
          }
        }
        return { pages: [...lists, ...details] };
      },
      parseBoard: (raw, ctx) => {
        const result = parseWorkdayPages(raw.pages, ctx);
        const partial = result.listed < Math.min(result.total, WORKDAY_MAX_POSTINGS) || result.total > WORKDAY_MAX_POSTINGS;
        return {
          jobs: result.jobs,
          skipped: result.skipped,
          organisationName: result.organisationName,
          complete: !partial,
          ...(partial ? { incompleteReason: `partial listing: ${result.listed} of ${result.total} postings read` } : {}),
        };
      },
    }),
};
