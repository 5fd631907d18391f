import { escapeText } from 'entities';
import { z } from 'zod';
import { isStatedWorkplace } from '../normalise/workplace';
import { buildJob, compensationOf, isHttpUrl, readPostings, toEmploymentType, toPayPeriod, toUtcIso, type SourceParseContext, type SourceParseResult } from './build-job';
import { textLocations } from './places';
import { SourceFormatError } from './source-error';
import { FetchFailure } from './source';
import { boardPath, segmentAfter, singleBody, tokenOf, type ProviderDefinition } from './provider';

/**
 * The Lever source adapter: a Lever Postings API response → domain `Job`s.
 *
 * Source format: `GET https://api.lever.co/v0/postings/{boardToken}?mode=json` (EU accounts:
 * `https://api.eu.lever.co/v0/postings/{boardToken}?mode=json`), answering a bare JSON array
 * of postings `{ id, text, categories: { team, department, location, commitment, level,
 * allLocations }, country, workplaceType, salaryRange?: { currency, interval, min, max },
 * hostedUrl, applyUrl, description, descriptionPlain, lists: [{ text, content }], additional,
 * additionalPlain, createdAt }` (fields: lever/postings-api README, summarised in
 * ../shared/data/ats/lever/FIELDS.md; `createdAt` is epoch milliseconds). No real response
 * with a licence was found: the tests use documented-field fixtures (fixtures/lever.*).
 *
 * Field rules:
 * - Title = `text`; `date_posted` = `createdAt` (epoch ms) in UTC; a posting without it is skipped.
 * - Department via `toDepartment(categories.department, categories.team, title)`.
 * - Places: `categories.allLocations` (else `categories.location`), free text; the posting's
 *   `country` (ISO alpha-2) fills a place that names no country, only when there is one location.
 * - Workplace: `workplaceType` ("on-site" | "remote" | "hybrid"; "unspecified" defers to the
 *   location texts) via `resolveWorkplace`.
 * - Employment type from `categories.commitment` ("Full-time", "Intern", ...).
 * - Pay from `salaryRange` as posted: `interval` "per-year-salary" | "per-month-salary" |
 *   "per-week-salary" | "per-day-wage" | "per-hour-wage" → year | month | week | day | hour
 *   ("one-time" or unknown → no pay). Pay text in the description is not parsed.
 * - Description = `description` + each of `lists` as a heading and its `<li>`s + `additional`,
 *   as Lever's hosted page shows them, then sanitised.
 * - `job_url` = `hostedUrl`, else https://jobs.lever.co/{boardToken}/{id}.
 */

const text = z.string().nullish().catch(null);

export const LeverPostingSchema = z.looseObject({
  id: z.string().trim().min(1),
  text: z.string().trim().min(1),
  categories: z
    .looseObject({
      team: text,
      department: text,
      location: text,
      commitment: text,
      level: text,
      allLocations: z.array(z.string().nullable().catch(null)).nullish().catch(null),
    })
    .nullish()
    .catch(null),
  /** ISO 3166-1 alpha-2, or null when Lever does not know. */
  country: text,
  /** "unspecified" | "on-site" | "remote" | "hybrid". */
  workplaceType: text,
  salaryRange: z.looseObject({ currency: text, interval: text, min: z.unknown(), max: z.unknown() }).nullish().catch(null),
  hostedUrl: text,
  applyUrl: text,
  description: text,
  descriptionPlain: text,
  lists: z.array(z.looseObject({ text, content: text }).nullable().catch(null)).nullish().catch(null),
  additional: text,
  /** Epoch milliseconds. */
  createdAt: z.number().refine((value) => toUtcIso(value) !== null, 'not a time in epoch milliseconds'),
});
export type LeverPosting = z.infer<typeof LeverPostingSchema>;

/** The description Lever's hosted page shows: opening and body, each list under its heading, the closing. */
const descriptionOf = (posting: LeverPosting): string | null => {
  const lists = (posting.lists ?? []).flatMap((list) =>
    list?.content ? [`${list.text ? `<h3>${escapeText(list.text)}</h3>` : ''}<ul>${list.content}</ul>`] : [],
  );
  const html = [posting.description ?? '', ...lists, posting.additional ?? ''].filter((part) => part.trim() !== '').join('\n');
  return html === '' ? null : html;
};

/**
 * Parses one Lever postings response (a bare array) into jobs of `ctx.company`. Total per
 * posting: each is a job that passed `JobSchema` or a `skipped` entry with its reason.
 * An unknown site answers `[]`, which parses to no jobs: the crawler judges emptiness.
 *
 * @throws SourceFormatError when `body` is not an array (e.g. `{ ok: false, error: "..." }`).
 */
export const parseLeverBoard = (body: unknown, ctx: SourceParseContext): SourceParseResult => {
  if (!Array.isArray(body)) {
    const said = body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' ? `: ${body.error.slice(0, 200)}` : '';
    throw new SourceFormatError(`Lever site "${ctx.boardToken}": the body is not a postings list (not a JSON array)${said}`);
  }
  return readPostings(body, ctx, {
    schema: LeverPostingSchema,
    idKey: 'id',
    toJob: (posting, now) => {
      const categories = posting.categories;
      const all = (categories?.allLocations ?? []).filter((location): location is string => typeof location === 'string' && location.trim() !== '');
      const locationTexts = all.length > 0 ? all : [categories?.location];
      const salary = posting.salaryRange;
      return buildJob(
        {
          ats: 'lever',
          jobId: posting.id,
          title: posting.text,
          department: categories?.department ?? null,
          team: categories?.team ?? null,
          datePosted: toUtcIso(posting.createdAt) ?? '',
          workplace: { workplaceType: posting.workplaceType, locationTexts },
          workplaceStated: isStatedWorkplace(posting.workplaceType),
          employmentType: toEmploymentType(categories?.commitment),
          places: textLocations(locationTexts, locationTexts.length === 1 ? posting.country : null),
          compensation: salary ? compensationOf({ min: salary.min, max: salary.max, currency: salary.currency, period: toPayPeriod(salary.interval) }) : null,
          jobUrl: isHttpUrl(posting.hostedUrl) ? posting.hostedUrl : `https://jobs.lever.co/${encodeURIComponent(ctx.boardToken)}/${encodeURIComponent(posting.id)}`,
          descriptionHtml: descriptionOf(posting),
        },
        ctx,
        now,
      );
    },
  });
};

const leverBoardUrl = (base: string | undefined, token: string) => `${base}/v0/postings/${encodeURIComponent(token)}?mode=json`;

/**
 * Lever: boards at jobs(.eu).lever.co/{token}, the Postings API on api(.eu).lever.co. The
 * source asks the global host first and, when it answers 404 (no such account there), the EU host.
 */
export const leverProvider: ProviderDefinition = {
  id: 'lever',
  domains: ['lever.co'],
  boardFromUrl: (host, segments) =>
    host === 'jobs.lever.co' || host === 'jobs.eu.lever.co' ? (segments[0] ?? null) : host === 'api.lever.co' || host === 'api.eu.lever.co' ? segmentAfter(segments, ['v0', 'postings']) : null,
  endpoints: { lever: 'https://api.lever.co', leverEu: 'https://api.eu.lever.co' },
  localEndpoints: (base) => ({ lever: `${base}/lever`, leverEu: `${base}/lever-eu` }),
  boardOfUrl: (url, e) => boardPath('lever', '/v0/postings/')(url, e) ?? boardPath('leverEu', '/v0/postings/')(url, e),
  source: (e) => ({
    ...singleBody('lever', (token) => leverBoardUrl(e.lever, token), parseLeverBoard),
    fetchBoard: async (company, fetcher) => {
      const token = tokenOf(company);
      try {
        return { pages: [await fetcher.get(leverBoardUrl(e.lever, token))] };
      } catch (error) {
        if (!(error instanceof FetchFailure && error.kind === 'not-found')) throw error;
        return { pages: [await fetcher.get(leverBoardUrl(e.leverEu, token))] };
      }
    },
  }),
};
