/**
 * A saved search in words, from the board's state (with a page's fixed filters in): its search
 * text in quotes, then each filter as its chip reads (ui/job-search/filterChips.ts).
 *
 *   searchWords(state)  → ['“python”', 'Remote', 'Senior', 'Remote from Germany']
 *   alertName(state)    → '“python”, Remote, Senior, Remote from Germany' (at most 100 characters; 'All jobs' when nothing is set)
 */
import { filterChips } from '../job-search/filterChips';
import type { JobSearchState } from '../job-search/jobSearchParams';

/** A saved search's name is at most this long (the API's limit). */
const MAX_NAME = 100;

export const searchWords = (state: JobSearchState): string[] => [...(state.search ? [`“${state.search}”`] : []), ...filterChips(state).map((chip) => chip.label)];

export function alertName(state: JobSearchState): string {
  const name = searchWords(state).join(', ') || 'All jobs';
  return name.length <= MAX_NAME ? name : `${name.slice(0, MAX_NAME - 1)}…`;
}
