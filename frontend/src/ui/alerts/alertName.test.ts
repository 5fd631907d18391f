import { describe, expect, it } from 'vitest';
import { withFixedFilters } from '../../../../shared/search/job-search-url';
import { readJobSearch, savedSearchBody, searchPagePath, stateOfSavedSearch } from '../job-search/jobSearchParams';
import { alertName, searchWords } from './alertName';

const state = (query: string) => readJobSearch(new URLSearchParams(query));

describe('a saved search from the board', () => {
  it('is named after its text and filters as the chips read, with a page’s fixed filters in', () => {
    const remote = state('search=python&seniority=senior&remote_from=DE');
    expect(alertName(withFixedFilters(remote, { is_remote: ['remote', 'hybrid'] }))).toBe('“python”, Remote, Hybrid, Senior, Remote from Germany');
    expect(alertName(state(''))).toBe('All jobs');
    expect(alertName(state(`search=${'x'.repeat(150)}`))).toHaveLength(100);
  });

  it('keeps the POST /jobs fields that are set, fixed ones in, without paging', () => {
    expect(savedSearchBody(state('search=python&seniority=senior&page=3&max_years_experience=2'), { is_remote: ['remote', 'hybrid'] })).toEqual({
      search: ['python'],
      is_remote: ['remote', 'hybrid'],
      seniority: ['senior'],
      max_years_experience: 2,
    });
  });

  it('links back to the board showing what it finds, and reads as the same words', () => {
    const body = { search: ['python'], departments: ['Engineering'], is_remote: ['remote', 'hybrid'], min_salary_usd: 150_000, exclude_ghost: true };
    expect(searchPagePath(body)).toBe('/?search=python&department=Engineering&is_remote=remote&is_remote=hybrid&min_salary_usd=150000&exclude_ghost=true');
    expect(searchPagePath({})).toBe('/');
    expect(searchWords(stateOfSavedSearch(body))).toEqual(['“python”', 'Engineering', 'Remote', 'Hybrid', '$150k+ a year', 'No likely ghost jobs']);
  });
});
