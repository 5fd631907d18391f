/**
 * Telling search engines which job pages appeared or went after a crawl (issue 13.3, 23.7): the
 * port `SearchEngineNotifier` (adapters in lambdas/crawler/search-engines.ts: Google's Indexing
 * API when credentials are configured, a log line otherwise), `pageChangesOf(writes)`, the job
 * pages a crawl's writes opened (`updated`: Google's URL_UPDATED) and closed (`deleted`:
 * URL_DELETED), and `newestFirst(changes)`, the order they are sent in.
 *
 * Only new and closed jobs are sent: a job whose posting changed keeps its page (Google reads it
 * again on its own schedule), and the Indexing API's quota (200 a day by default) is too small to
 * spend on edits. A reopened job (rare) is not sent either.
 */
import type { JobWrite } from '../crawl/crawl-store';
import { jobPagePath } from './page-paths';

export { jobPagePath };

/** A job page: its site path (e.g. '/jobs/Cohere/ml-engineer-443368a3') and the job's `date_posted` (UTC ISO-8601). */
export interface PageChange {
  path: string;
  date_posted: string;
}

export interface PageChanges {
  updated: PageChange[];
  deleted: PageChange[];
}

/** One page to tell the search engine about, with Google's notification type. */
export interface PageNotification {
  path: string;
  type: 'URL_UPDATED' | 'URL_DELETED';
}

export interface SearchEngineNotifier {
  /** Tells the search engine about `changes`. Best effort: failures are the adapter's to log, never the crawl's. */
  notify(changes: PageChanges): Promise<void>;
}

/** The job pages `writes` open (inserts: updated) and close (deleted); changes, reopenings and touches are left out. */
export function pageChangesOf(writes: readonly JobWrite[]): PageChanges {
  const changes: PageChanges = { updated: [], deleted: [] };
  for (const write of writes) {
    if (write.kind === 'touch') continue;
    const page = { path: jobPagePath(write.job), date_posted: write.job.date_posted };
    if (write.job.closed_at !== null) changes.deleted.push(page);
    else if (write.kind === 'insert') changes.updated.push(page);
  }
  return changes;
}

/** Every page of `changes`, newest `date_posted` first (a new job before an old one closing), then by path. */
export const newestFirst = (changes: PageChanges): PageNotification[] =>
  [
    ...changes.deleted.map((page) => ({ ...page, type: 'URL_DELETED' as const })),
    ...changes.updated.map((page) => ({ ...page, type: 'URL_UPDATED' as const })),
  ]
    .sort((a, b) => (a.date_posted < b.date_posted ? 1 : a.date_posted > b.date_posted ? -1 : a.path.localeCompare(b.path)))
    .map(({ path, type }) => ({ path, type }));
