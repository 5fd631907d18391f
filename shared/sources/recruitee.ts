import { z } from 'zod';
import type { WorkplaceEvidence } from '../normalise/workplace';
import { buildJob, compensationOf, firstIssue, isHttpUrl, readPostings, toEmploymentType, toPayPeriod, toUtcIso, type SourceParseContext, type SourceParseResult } from './build-job';
import { addressLocation, type SourceLocation } from './places';
import { SourceFormatError } from './source-error';
import { FetchFailure } from './source';
import { boardPath, singleBody, subdomainToken, type ProviderDefinition } from './provider';

/**
 * The Recruitee source adapter: a Recruitee Careers Site API response → domain `Job`s.
 *
 * Source format: `GET https://{boardToken}.recruitee.com/api/offers/` → `{ offers: [{ id, slug,
 * title, description (HTML), requirements (HTML), location, city, country, country_code,
 * state_code, remote, hybrid?, on_site?, department, employment_type_code, min_hours,
 * max_hours, salary?: { min, max, currency, period }, created_at, published_at, careers_url,
 * careers_apply_url, status, locations?: [{ city, country, country_code, state_code, name }] }] }`
 * (Recruitee Careers Site API, career.recruitee.com/docs; the remote / hybrid / on_site flags,
 * hours and salary as in Recruitee's job-feed field list, docs.recruitee.com/docs/feed). Times
 * look like "2021-05-10 09:32:26 UTC". No licensed real response was found: the tests use a
 * documented-field fixture (fixtures/recruitee.documented-fields.json).
 *
 * Field rules:
 * - Source job id = `id`; `date_posted` = `published_at`, else `created_at` (UTC); skipped without.
 * - An offer whose `status` is present and not "published" is skipped ("not published").
 * - Department via `toDepartment(department, null, title)`.
 * - Places: each `locations[]` entry (city, state_code, country_code), else the top-level
 *   `city`, `state_code`, `country_code`/`country`, with `location` as its text.
 * - Workplace: the flags as published: `hybrid` → hybrid; `remote` without `on_site` → remote;
 *   `on_site` → on-site; none set → the location text, else on-site.
 * - Employment type from `employment_type_code` ("fulltime", "fulltime_permanent", "parttime",
 *   "contract", "freelance", "internship", "temporary"...).
 * - Pay from `salary` as posted (min/max may be numbers or numeric strings; `period` "year" |
 *   "month" | "week" | "day" | "hour"), null when absent or unreadable.
 * - Description = `description` + `requirements` (both HTML), sanitised.
 * - `job_url` = `careers_url`, else https://{boardToken}.recruitee.com/o/{slug or id}.
 */

const text = z.string().nullish().catch(null);
const flag = z.boolean().nullish().catch(null);

const RecruiteeLocationSchema = z.looseObject({ city: text, country: text, country_code: text, state_code: text, name: text });

export const RecruiteeOfferSchema = z.looseObject({
  id: z.union([z.number().int().nonnegative(), z.string().trim().min(1)]).transform(String),
  slug: text,
  title: z.string().trim().min(1),
  description: text,
  requirements: text,
  location: text,
  city: text,
  country: text,
  country_code: text,
  state_code: text,
  remote: flag,
  hybrid: flag,
  on_site: flag,
  department: text,
  employment_type_code: text,
  salary: z.looseObject({ min: z.unknown(), max: z.unknown(), currency: text, period: text }).nullish().catch(null),
  created_at: text,
  published_at: text,
  careers_url: text,
  status: text,
  locations: z.array(RecruiteeLocationSchema.nullable().catch(null)).nullish().catch(null),
});
export type RecruiteeOffer = z.infer<typeof RecruiteeOfferSchema>;

/** The envelope: `offers` must be an array; each offer is checked on its own. */
export const RecruiteeBoardSchema = z.looseObject({ offers: z.array(z.unknown()) });

const workplaceOf = (offer: RecruiteeOffer, locations: readonly SourceLocation[]): WorkplaceEvidence => {
  const type = offer.hybrid === true ? 'hybrid' : offer.remote === true && offer.on_site !== true ? 'remote' : offer.on_site === true ? 'onsite' : null;
  return { workplaceType: type, locationTexts: [offer.location, ...locations.map((location) => location.text)] };
};

const locationsOf = (offer: RecruiteeOffer): SourceLocation[] => {
  const listed = (offer.locations ?? []).filter((location) => location !== null);
  if (listed.length > 0) return listed.map((l) => addressLocation({ text: l?.name, city: l?.city, region: l?.state_code, country: l?.country_code || l?.country }));
  return [addressLocation({ text: offer.location, city: offer.city, region: offer.state_code, country: offer.country_code || offer.country })];
};

/**
 * Parses one Recruitee offers response into jobs of `ctx.company`. Total per offer: each is a
 * job that passed `JobSchema` or a `skipped` entry with its reason.
 *
 * @throws SourceFormatError when `body` is not an offers list (no `offers` array).
 */
export const parseRecruiteeBoard = (body: unknown, ctx: SourceParseContext): SourceParseResult => {
  const board = RecruiteeBoardSchema.safeParse(body);
  if (!board.success) throw new SourceFormatError(`Recruitee careers site "${ctx.boardToken}": the body is not an offers list (${firstIssue(board.error)})`);
  return readPostings(board.data.offers, ctx, {
    schema: RecruiteeOfferSchema,
    idKey: 'id',
    toJob: (offer, now) => {
      if (offer.status && offer.status.toLowerCase() !== 'published') return { skip: 'not published' };
      const datePosted = toUtcIso(offer.published_at) ?? toUtcIso(offer.created_at);
      if (!datePosted) return { skip: 'no publication date' };
      const locations = locationsOf(offer);
      const salary = offer.salary;
      const html = [offer.description ?? '', offer.requirements ?? ''].filter((part) => part.trim() !== '').join('\n');
      const page = `https://${encodeURIComponent(ctx.boardToken)}.recruitee.com/o/${encodeURIComponent(offer.slug?.trim() || offer.id)}`;
      return buildJob(
        {
          ats: 'recruitee',
          jobId: offer.id,
          title: offer.title,
          department: offer.department ?? null,
          team: null,
          datePosted,
          workplace: workplaceOf(offer, locations),
          employmentType: toEmploymentType(offer.employment_type_code),
          places: locations,
          compensation: salary ? compensationOf({ min: salary.min, max: salary.max, currency: salary.currency, period: toPayPeriod(salary.period) }) : null,
          jobUrl: isHttpUrl(offer.careers_url) ? offer.careers_url : page,
          descriptionHtml: html === '' ? null : html,
        },
        ctx,
        now,
      );
    },
  });
};

const hostLabel = (token: string): string => {
  if (!/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i.test(token)) throw new FetchFailure('blocked', `Recruitee board token "${token}" is not a host name label`);
  return token.toLowerCase();
};

/** Recruitee: boards at {token}.recruitee.com (not www, app, api and other service hosts), the offers API on the same host. */
export const recruiteeProvider: ProviderDefinition = {
  id: 'recruitee',
  domains: ['recruitee.com'],
  boardFromUrl: (host) => subdomainToken(host, 'recruitee.com'),
  endpoints: { recruitee: 'https://{token}.recruitee.com' },
  localEndpoints: (base) => ({ recruitee: `${base}/recruitee/{token}` }),
  boardOfUrl: boardPath('recruitee', '/api/offers'),
  source: (e) => singleBody('recruitee', (token) => `${(e.recruitee ?? '').replace('{token}', hostLabel(token))}/api/offers/`, parseRecruiteeBoard),
};
