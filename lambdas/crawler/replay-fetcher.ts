/**
 * A `Fetcher` that answers board URLs from saved responses instead of the network
 * (`npm run crawl -- --replay DIR`): a URL made by board-urls.ts is read from
 * `DIR/{provider}/{board}.json` (e.g. DIR/ashby/cohere.json; the board token is matched
 * without regard to case, so "deepl" finds DeepL.json). Further responses of a board come from
 * `DIR/{provider}/{board}.{page}.json` (SmartRecruiters and Workday list pages by offset, Workday
 * details as "job.{id}"; see each adapter). Lever's global and EU URLs both read `DIR/lever/{board}.json`.
 *
 * `hasSavedBoard(provider, token)` says whether a board has a saved response, so a replay
 * crawls only the companies it can answer for.
 * @throws FetchFailure 'not-found' for a URL with no saved response.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FetchFailure, type FetchedResponse, type Fetcher, type FetchOptions } from '../../shared/sources/source';
import { boardOfUrl, DEFAULT_ENDPOINTS, type AtsEndpoints } from './board-urls';

export interface ReplayFetcher extends Fetcher {
  hasSavedBoard(provider: string, token: string): boolean;
}

export const createReplayFetcher = (dir: string, endpoints: AtsEndpoints = DEFAULT_ENDPOINTS): ReplayFetcher => {
  const listings = new Map<string, Map<string, string>>();
  /** File names of a provider folder by lower-case name. */
  const filesOf = (provider: string): Map<string, string> => {
    let files = listings.get(provider);
    if (files === undefined) {
      let names: string[] = [];
      try {
        names = readdirSync(path.join(dir, provider)).filter((name) => name.endsWith('.json'));
      } catch {
        // no folder for this provider: nothing saved
      }
      files = new Map(names.map((name) => [name.toLowerCase(), name]));
      listings.set(provider, files);
    }
    return files;
  };
  const fileFor = (provider: string, token: string, page: string | null = null): string | null => {
    const name = filesOf(provider).get(`${token}${page === null ? '' : `.${page}`}.json`.toLowerCase());
    return name === undefined ? null : path.join(dir, provider, name);
  };
  return {
    hasSavedBoard: (provider, token) => fileFor(provider, token) !== null,
    get: async (url: string, options: FetchOptions = {}): Promise<FetchedResponse> => {
      const address = boardOfUrl(url, endpoints, options.jsonBody);
      const file = address === null ? null : fileFor(address.provider, address.token, address.page);
      if (address === null || file === null) {
        const where = address === null ? 'it is no board URL' : `no ${path.join(dir, address.provider, `${address.token}.json`)}`;
        throw new FetchFailure('not-found', `replay has no saved response for ${url} (${where})`, 404);
      }
      return { url, status: 200, contentType: 'application/json', body: readFileSync(file, 'utf8') };
    },
  };
};
