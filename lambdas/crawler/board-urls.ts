/**
 * Where each ATS publishes a board, and the way back (URL → provider and board token) that the
 * replay fetcher uses to find a saved response. Derived from the provider registry
 * (shared/sources/providers.ts): each provider's definition holds its endpoints and URL forms
 * (each adapter's module comment names the provider's documentation).
 *
 * `AtsEndpoints` lets tests and the bench point every provider at a local fixture server
 * (`localEndpoints("http://127.0.0.1:4010")` → "http://127.0.0.1:4010/ashby/...",
 * ".../lever-eu/...", ".../recruitee/{token}/...", ".../workday/{host}/...").
 */
import type { AtsProvider } from '../../shared/ats/provider-ids';
import type { Endpoints } from '../../shared/sources/provider';
import { DEFAULT_ENDPOINTS, localEndpoints, PROVIDER_LIST } from '../../shared/sources/providers';

export type AtsEndpoints = Endpoints;
export { DEFAULT_ENDPOINTS, localEndpoints };

/** A request read back: the provider's folder name, the board token, and which response ("45", "job.R1", or null for the first). */
export interface BoardAddress {
  provider: AtsProvider;
  token: string;
  page: string | null;
}

/** The provider, token and page of a request a source makes on endpoints `e` (`jsonBody` for a POST); null for any other URL. */
export const boardOfUrl = (url: string, e: AtsEndpoints = DEFAULT_ENDPOINTS, jsonBody?: string): BoardAddress | null => {
  for (const provider of PROVIDER_LIST) {
    const address = provider.boardOfUrl(url, e, jsonBody);
    if (address !== null) return { provider: provider.id, ...address };
  }
  return null;
};
