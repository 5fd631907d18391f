import { z } from 'zod';
import { buildJob, firstIssue, readPostings, toEmploymentType, toUtcIso, type SourceParseContext, type SourceParseResult } from './build-job';
import { addressLocation } from './places';
import { SourceFormatError } from './source-error';
import { boardPath, boardSource, jsonOf, segmentAfter, stringField, tokenOf, type ProviderDefinition } from './provider';

/**
 * The SmartRecruiters source adapter: Posting API list pages → domain `Job`s.
 *
 * Source format: `GET https://api.smartrecruiters.com/v1/companies/{boardToken}/postings?limit=100&offset=N`
 * → `{ offset, limit, totalFound, content: [{ id, uuid, name, refNumber, company: { identifier,
 * name }, releasedDate, location: { city, region, country (ISO alpha-2, lower case), remote,
 * hybrid?, fullLocation? }, industry, department: { id, label }, function: { id, label },
 * typeOfEmployment: { label }, experienceLevel: { label }, customField, ref }] }`
 * (dev.smartrecruiters.com, Posting API: /postings endpoint and the Posting object; `limit` at
 * most 100). The list carries no description and no pay. No licensed real response was found:
 * the tests use a documented-field fixture (fixtures/smartrecruiters.documented-fields.json).
 *
 * SmartRecruiters answers 200 with `{ totalFound: 0, content: [] }` even for a company that
 * does not exist, so an empty page is reported as `listing: 'empty'` for the crawler to judge
 * (e.g. "empty when it had jobs" closes nothing), and a page that does not hold every posting
 * as `'partial'`. Fetch the rest with `smartRecruitersNextOffsets`, then parse all pages
 * together with `parseSmartRecruitersPages` to know whether the listing is complete.
 *
 * Field rules: title = `name`; `date_posted` = `releasedDate` (UTC); department via
 * `toDepartment(department.label, function.label, title)`; place from `location` (city, region,
 * country) with `fullLocation` as its text; workplace: `location.hybrid` → hybrid, `remote` →
 * remote, else the location text, else on-site; employment type from `typeOfEmployment.label`;
 * compensation null; description null (the list has none; skills come from the title);
 * `job_url` = https://jobs.smartrecruiters.com/{company.identifier or boardToken}/{id}, the
 * public posting page (`ref` is an API URL, not for people).
 */

const text = z.string().nullish().catch(null);
const labelled = z.looseObject({ id: z.unknown().optional(), label: text }).nullish().catch(null);

export const SmartRecruitersPostingSchema = z.looseObject({
  id: z.union([z.string().trim().min(1), z.number().int().nonnegative().transform(String)]),
  name: z.string().trim().min(1),
  company: z.looseObject({ identifier: text, name: text }).nullish().catch(null),
  /** ISO-8601, e.g. "2014-02-19T19:36:42.346Z". */
  releasedDate: z.string().refine((value) => toUtcIso(value) !== null, 'not a date'),
  location: z
    .looseObject({
      city: text,
      region: text,
      country: text,
      remote: z.boolean().nullish().catch(null),
      hybrid: z.boolean().nullish().catch(null),
      fullLocation: text,
    })
    .nullish()
    .catch(null),
  department: labelled,
  function: labelled,
  typeOfEmployment: labelled,
});
export type SmartRecruitersPosting = z.infer<typeof SmartRecruitersPostingSchema>;

/** One list page: `content` must be an array and `totalFound` a count. */
export const SmartRecruitersPageSchema = z.looseObject({
  offset: z.number().int().nonnegative().nullish().catch(null),
  limit: z.number().int().positive().nullish().catch(null),
  totalFound: z.number().int().nonnegative(),
  content: z.array(z.unknown()),
});

/**
 * How much of the company's board the parsed pages hold: `'empty'` (no postings at all, which
 * SmartRecruiters also answers for an unknown company), `'partial'` (fewer postings than
 * `totalFound`: more pages to fetch, or a page went missing), `'complete'`.
 */
export type SmartRecruitersListing = 'empty' | 'partial' | 'complete';

export interface SmartRecruitersParseResult extends SourceParseResult {
  listing: SmartRecruitersListing;
  /** `totalFound` of the (first) page: how many postings the company has. */
  totalFound: number;
}

/** At most this many pages (of up to 100) are asked for one company: 10,000 postings. */
export const SMARTRECRUITERS_MAX_PAGES = 100;

const pageOf = (body: unknown, ctx: SourceParseContext) => {
  const page = SmartRecruitersPageSchema.safeParse(body);
  if (!page.success) throw new SourceFormatError(`SmartRecruiters company "${ctx.boardToken}": the body is not a postings page (${firstIssue(page.error)})`);
  return page.data;
};

const parsePostings = (raws: readonly unknown[], ctx: SourceParseContext): SourceParseResult =>
  readPostings(raws, ctx, {
    schema: SmartRecruitersPostingSchema,
    idKey: 'id',
    toJob: (posting, now) => {
      const location = posting.location;
      const company = posting.company?.identifier?.trim() || ctx.boardToken;
      return buildJob(
        {
          ats: 'smartrecruiters',
          jobId: posting.id,
          title: posting.name,
          department: posting.department?.label ?? null,
          team: posting.function?.label ?? null,
          datePosted: toUtcIso(posting.releasedDate) ?? '',
          workplace: { workplaceType: location?.hybrid === true ? 'hybrid' : null, isRemote: location?.remote, locationTexts: [location?.fullLocation] },
          employmentType: toEmploymentType(posting.typeOfEmployment?.label),
          places: location ? [addressLocation({ text: location.fullLocation, city: location.city, region: location.region, country: location.country })] : [],
          compensation: null,
          jobUrl: `https://jobs.smartrecruiters.com/${encodeURIComponent(company)}/${encodeURIComponent(posting.id)}`,
          descriptionHtml: null,
        },
        ctx,
        now,
      );
    },
  });

/**
 * Parses one list page into jobs of `ctx.company`, with how much of the board it holds.
 * Total per posting (each is a job or a `skipped` entry with its reason).
 *
 * @throws SourceFormatError when `body` is not a postings page (no `content` array or no `totalFound`).
 */
export const parseSmartRecruitersBoard = (body: unknown, ctx: SourceParseContext): SmartRecruitersParseResult => parseSmartRecruitersPages([body], ctx);

/**
 * Parses every fetched page of one company together: jobs de-duplicated by posting id (a
 * posting that moved between pages while they were fetched counts once; the repeat is skipped
 * with reason "duplicate posting"), and `listing` judged against the first page's `totalFound`:
 * 'complete' only when the distinct postings read (jobs and skipped) reach it.
 *
 * @throws SourceFormatError when any page is not a postings page, or `pages` is empty.
 */
export const parseSmartRecruitersPages = (pages: readonly unknown[], ctx: SourceParseContext): SmartRecruitersParseResult => {
  if (pages.length === 0) throw new SourceFormatError(`SmartRecruiters company "${ctx.boardToken}": no page to parse`);
  const parsed = pages.map((body) => pageOf(body, ctx));
  const totalFound = parsed[0]?.totalFound ?? 0;
  const { jobs, skipped } = parsePostings(
    parsed.flatMap((page) => page.content),
    ctx,
  );
  const seen = new Set<string>();
  const unique = jobs.filter((job) => {
    if (seen.has(job.source.job_id)) {
      skipped.push({ jobId: job.source.job_id, reason: 'duplicate posting' });
      return false;
    }
    seen.add(job.source.job_id);
    return true;
  });
  const read = unique.length + skipped.filter((skip) => skip.reason !== 'duplicate posting').length;
  const listing: SmartRecruitersListing = read === 0 && totalFound === 0 ? 'empty' : read >= totalFound ? 'complete' : 'partial';
  return { jobs: unique, skipped, listing, totalFound };
};

/**
 * The `offset`s still to fetch after the first page, from that page's own `limit` (else its
 * length, else 100) and `totalFound`: e.g. totalFound 230, limit 100 → [100, 200]. At most
 * `SMARTRECRUITERS_MAX_PAGES - 1` offsets. [] when the first page holds everything or the body
 * is not a postings page (parsing it will say so). Never throws.
 */
export const smartRecruitersNextOffsets = (firstPage: unknown): number[] => {
  const page = SmartRecruitersPageSchema.safeParse(firstPage);
  if (!page.success) return [];
  const start = page.data.offset ?? 0;
  const step = Math.min(page.data.limit ?? (page.data.content.length || 100), 100);
  const offsets: number[] = [];
  for (let offset = start + step; offset < page.data.totalFound && offsets.length < SMARTRECRUITERS_MAX_PAGES - 1; offset += step) offsets.push(offset);
  return offsets;
};

/** Page size asked of SmartRecruiters (its maximum). */
export const SMARTRECRUITERS_PAGE = 100;

const smartRecruitersUrl = (base: string | undefined, token: string, offset: number) =>
  `${base}/v1/companies/${encodeURIComponent(token)}/postings?limit=${SMARTRECRUITERS_PAGE}&offset=${offset}`;

/**
 * SmartRecruiters: boards at jobs./careers.smartrecruiters.com/{token} (also
 * `/oneclick-ui/company/{token}/...`), the Posting API api.smartrecruiters.com/v1/companies/{token}.
 * The source reads the first page, then every further offset its `totalFound` calls for; the
 * listing is complete only when the distinct postings read reach `totalFound`, else it is partial
 * and closes nothing. SmartRecruiters answers 200 with nothing even for an unknown company: the
 * pipeline treats an empty listing for a company with open jobs as a failure.
 */
export const smartRecruitersProvider: ProviderDefinition = {
  id: 'smartrecruiters',
  domains: ['smartrecruiters.com'],
  boardFromUrl: (host, segments) =>
    host === 'jobs.smartrecruiters.com' || host === 'careers.smartrecruiters.com'
      ? (segmentAfter(segments, ['oneclick-ui', 'company']) ?? segments[0] ?? null)
      : host === 'api.smartrecruiters.com'
        ? segmentAfter(segments, ['v1', 'companies'])
        : null,
  endpoints: { smartrecruiters: 'https://api.smartrecruiters.com' },
  localEndpoints: (base) => ({ smartrecruiters: `${base}/smartrecruiters` }),
  boardOfUrl: boardPath('smartrecruiters', '/v1/companies/', '/postings'),
  source: (e) =>
    boardSource('smartrecruiters', {
      fetchBoard: async (company, fetcher) => {
        const token = tokenOf(company);
        const first = await fetcher.get(smartRecruitersUrl(e.smartrecruiters, token, 0));
        const pages = [first];
        for (const offset of smartRecruitersNextOffsets(jsonOf(first))) pages.push(await fetcher.get(smartRecruitersUrl(e.smartrecruiters, token, offset)));
        return { pages };
      },
      parseBoard: (raw, ctx) => {
        const result = parseSmartRecruitersPages(raw.pages.map(jsonOf), ctx);
        const read = result.jobs.length + result.skipped.filter((skip) => skip.reason !== 'duplicate posting').length;
        const first = raw.pages[0] === undefined ? null : (jsonOf(raw.pages[0]) as { content?: unknown });
        const posting = Array.isArray(first?.content) ? (first.content[0] as unknown) : null;
        const company = posting !== null && typeof posting === 'object' && 'company' in posting ? posting.company : null;
        return {
          jobs: result.jobs,
          skipped: result.skipped,
          organisationName: stringField(company, 'name'),
          complete: result.listing !== 'partial',
          ...(result.listing === 'partial' ? { incompleteReason: `partial listing: ${read} of ${result.totalFound} postings read` } : {}),
        };
      },
    }),
};
