/**
 * The crawl queue's message on AWS: the dispatcher (lambdas/functions/crawl-dispatcher.ts) sends
 * one per company, a worker (lambdas/functions/crawl-worker.ts) crawls that company.
 *
 * Body (JSON): `{ company_key, run_id, kind }`
 * - `company_key`: the company's key in the companies table (shared/companies/company.ts);
 * - `run_id`: the crawl run it belongs to, `<kind>@<schedule time>` (e.g.
 *   "json@2026-11-21T17:00:00Z"): the same for every retry of one scheduled run, so a run
 *   dispatched twice tallies each company once (crawl-run-tally.ts);
 * - `kind`: 'json' (an ATS with a JSON board API) or 'careers_page' (headless Chromium).
 *
 * `parseCrawlMessage(body)` → the message. @throws CrawlMessageError naming the field when the
 * body is not JSON or not such a message.
 * `crawlKindOf(company, jsonSources)` → the kind of worker a company goes to, or null.
 */
import { z } from 'zod';
import type { Company } from '../../shared/companies/company';
import type { Source } from '../../shared/sources/source';
import { sourceFor } from './json-sources';

export const CRAWL_KINDS = ['json', 'careers_page'] as const;
export type CrawlKind = (typeof CRAWL_KINDS)[number];

export const CrawlMessageSchema = z.object({
  company_key: z.string().min(1).max(1024),
  run_id: z.string().min(1).max(200),
  kind: z.enum(CRAWL_KINDS),
});
export type CrawlMessage = z.infer<typeof CrawlMessageSchema>;

export class CrawlMessageError extends Error {
  override readonly name = 'CrawlMessageError';
}

/** Parses a queue message body. @throws CrawlMessageError (not JSON, or a field missing or wrong). */
export const parseCrawlMessage = (body: string): CrawlMessage => {
  let json: unknown;
  try {
    json = JSON.parse(body) as unknown;
  } catch {
    throw new CrawlMessageError(`crawl message is not JSON: ${body.slice(0, 80)}`);
  }
  const parsed = CrawlMessageSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CrawlMessageError(`crawl message field "${issue?.path.join('.') ?? ''}": ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
};

/** The run id of a scheduled run: the kind and the schedule's event time (UTC ISO-8601). */
export const crawlRunId = (kind: CrawlKind, scheduledAt: string): string => `${kind}@${scheduledAt}`;

/**
 * Which worker crawls `company`: 'json' when one of the JSON ATS sources can (an ATS and a board
 * token), else 'careers_page' when it has no JSON ATS but a careers URL (or a careers_page
 * board token), else null (nothing to crawl). The career-page worker decides finally whether the
 * URL is usable (a company it cannot crawl is reported skipped).
 */
export const crawlKindOf = (company: Company, jsonSources: readonly Source[]): CrawlKind | null => {
  if (sourceFor(jsonSources, company) !== null) return 'json';
  if (company.ats !== null && company.ats !== 'careers_page') return null;
  return company.careers_url || (company.ats === 'careers_page' && company.board_token) ? 'careers_page' : null;
};
