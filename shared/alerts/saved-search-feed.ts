/**
 * A saved search's private feed (issue 20.5): RSS 2.0 and JSON Feed 1.1 at an unguessable URL,
 * `{site}/feeds/searches/{token}/feed.rss` and `.../feed.json`, where `token` is the saved
 * search's random feed token (saved-search-ports.ts). Replacing the token (`POST
 * /users/me/searches/{id}/feed-token`) makes the old URLs answer 404 at once.
 *
 * The feed carries the jobs the email would: the saved search run, through the search path of
 * `POST /jobs`, over the open jobs first seen in the last 7 days (the index the caller passes),
 * newest 50; written by the board's feed writer (shared/feeds/job-feed.ts). A paused search's
 * feed is empty. An unknown token is a 404 that says nothing more.
 */
import { NotFoundError } from '../errors';
import { FEED_SIZE, jobFeed, type FeedFormat, type JobFeed } from '../feeds/job-feed';
import type { FindJobsDeps } from '../search/find-jobs';
import { createJobIndex } from '../search/job-index';
import type { JobIndex } from '../search/job-search';
import type { SavedSearchRepository } from './saved-search-ports';

/** The feed routes (lambdas/http/routes.ts declares them from these). */
export const SAVED_SEARCH_FEED_PATHS: Readonly<Record<FeedFormat, string>> = {
  rss: '/feeds/searches/{token}/feed.rss',
  json: '/feeds/searches/{token}/feed.json',
};

/** A feed token is URL-safe base64 of random bytes. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,128}$/;

export const NO_SUCH_FEED_MESSAGE = 'No such feed';

/** The private feed URLs of a token on the site at `siteUrl` (no trailing slash needed). */
export const savedSearchFeedUrls = (siteUrl: string, token: string): { rss: string; json: string } => {
  const origin = siteUrl.replace(/\/+$/, '');
  return {
    rss: `${origin}${SAVED_SEARCH_FEED_PATHS.rss.replace('{token}', token)}`,
    json: `${origin}${SAVED_SEARCH_FEED_PATHS.json.replace('{token}', token)}`,
  };
};

export interface SavedSearchFeedDeps {
  searches: Pick<SavedSearchRepository, 'findByFeedToken'>;
  /** An index over the open jobs first seen in the last 7 days. */
  recentIndex(): Promise<JobIndex>;
  jobs: FindJobsDeps['jobs'];
  clock: FindJobsDeps['clock'];
}

let emptyIndex: JobIndex | null = null;

/**
 * The feed of the saved search whose token is `token`, as `format`, with links on `origin`.
 * @throws NotFoundError (404) for a token no saved search has.
 */
export const savedSearchFeed = async (format: FeedFormat, token: unknown, origin: string, deps: SavedSearchFeedDeps): Promise<JobFeed> => {
  const found = typeof token === 'string' && TOKEN_PATTERN.test(token) ? await deps.searches.findByFeedToken(token) : null;
  if (found === null) throw new NotFoundError(NO_SUCH_FEED_MESSAGE);
  const index = found.paused ? (emptyIndex ??= createJobIndex([])) : await deps.recentIndex();
  return jobFeed(format, new URLSearchParams(), origin, { index, jobs: deps.jobs, clock: deps.clock }, {
    query: { ...found.search, page: 0, page_size: FEED_SIZE, sort: 'newest' },
    title: `Latent Jobs alert: ${found.name}`,
    links: savedSearchFeedUrls(origin, found.feed_token),
  });
};
