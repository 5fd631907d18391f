/**
 * A job list's state in the URL, for the page that shows it (the boards and a company page):
 *
 *   const { state, filters, loading, changeFilters, showPage, search } = useJobSearchUrl();
 *
 * - `state`: the search the shown results answer (the current URL, ./jobSearchParams.ts).
 * - `filters`: the search asked for: while a change loads (`loading`, a navigation of this path)
 *   it is the pending URL's, so the filter bar shows a change at once and the next builds on it.
 * - `changeFilters(change)`, `search(text)`: a new URL on page 1; `showPage(n)`: the same search
 *   on 1-based page n. Each is a navigation, so the route's loader fetches the new page.
 */
import { useLocation, useNavigation, useSearchParams } from 'react-router';
import { readJobSearch, withFilters, withPage, withSearch, type JobSearchState } from './jobSearchParams';

export function useJobSearchUrl() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === pathname;
  const asked = loading ? new URLSearchParams(navigation.location.search) : params;
  return {
    state: readJobSearch(params),
    filters: readJobSearch(asked),
    loading,
    changeFilters: (change: Partial<Omit<JobSearchState, 'page'>>) => setParams(withFilters(asked, change)),
    search: (text: string) => setParams(withSearch(params, text)),
    showPage: (page: number) => setParams(withPage(params, page)),
  };
}
