/**
 * Telling search engines which job pages changed after a crawl (issue 13.3): the port
 * `SearchEngineNotifier` (adapters in lambdas/crawler/search-engines.ts: Google's Indexing API
 * when credentials are configured, a log line otherwise) and `pageChangesOf(writes)`, the job
 * pages a crawl's writes opened or changed (`updated`: Google's URL_UPDATED) and closed
 * (`deleted`: URL_DELETED), as site paths.
 */
import type { JobWrite } from '../crawl/crawl-store';
import { jobPagePath } from './page-paths';

export { jobPagePath };

/** Site paths of job pages, e.g. '/jobs/Cohere/ml-engineer-443368a3'. */
export interface PageChanges {
  updated: string[];
  deleted: string[];
}

export interface SearchEngineNotifier {
  /** Tells the search engine about `changes`. Best effort: failures are the adapter's to log, never the crawl's. */
  notify(changes: PageChanges): Promise<void>;
}

/** The job pages `writes` open, change or reopen (updated) and close (deleted); touches change no page. */
export function pageChangesOf(writes: readonly JobWrite[]): PageChanges {
  const changes: PageChanges = { updated: [], deleted: [] };
  for (const write of writes) {
    if (write.kind === 'touch') continue;
    (write.job.closed_at === null ? changes.updated : changes.deleted).push(jobPagePath(write.job));
  }
  return changes;
}
