import { describe, expect, it } from 'vitest';
import { findJobs } from '../search/find-jobs';
import { createJobIndex } from '../search/job-index';
import { REAL_SUMMARIES } from '../search/real-job-summaries.fixture';
import { fixedClock } from '../time/clock';
import { CreateSavedSearchRequestSchema, type SavedSearchQuery } from './saved-search';
import { createMatcher, recentSummaries, runSavedSearch, searchKey } from './saved-search-matching';

const NOW = new Date('2026-03-10T07:00:00.000Z');
const index = createJobIndex(REAL_SUMMARIES);
const keyOf = (job: { company_key: string; slug_url: string }) => `${job.company_key}${job.slug_url}`;

/** A saved search as the API stores it (validated, nulls and paging dropped). */
const saved = (search: unknown): SavedSearchQuery => CreateSavedSearchRequestSchema.parse({ name: 'x', search }).search;

const searches: SavedSearchQuery[] = [
  saved({ search: ['python'] }),
  saved({ search: ['engineer'], is_remote: ['remote'], remote_from: 'DE' }),
  saved({ departments: ['Engineering', 'Research'], min_salary_usd: 100000 }),
  saved({ countries: ['fr'], exclude_keywords: ['frontend'] }),
  saved({ seniority: ['senior', 'director'] }),
  saved({}),
];

describe('runSavedSearch', () => {
  it('finds exactly the jobs POST /jobs finds for the same search', async () => {
    for (const search of searches) {
      const page = await findJobs({ ...search, page_size: 240 }, { index, jobs: { getMany: async () => [] }, clock: fixedClock(NOW.toISOString()) });
      const listed = page.jobs.map((job) => `${job.company_name}${job.slug_url}`).sort();
      expect(runSavedSearch(index, search, NOW).map((job) => `${job.company_name}${job.slug_url}`).sort(), JSON.stringify(search)).toEqual(listed);
    }
    expect(runSavedSearch(index, saved({ search: ['python'] }), NOW).length).toBeGreaterThan(0);
  });

  it('matches nothing on an empty index', () => {
    expect(runSavedSearch(createJobIndex([]), {}, NOW)).toEqual([]);
  });
});

describe('searchKey', () => {
  it('is the same for searches that differ only in list order, repeats or sort', () => {
    expect(searchKey(saved({ seniority: ['senior', 'staff'], countries: ['DE', 'FR'], sort: 'newest' }))).toBe(searchKey(saved({ countries: ['fr', 'de'], seniority: ['staff', 'senior', 'staff'] })));
    expect(searchKey(saved({ search: ['python', 'django'] }))).not.toBe(searchKey(saved({ search: ['python'] })));
  });
});

describe('createMatcher', () => {
  it('runs each distinct search once and answers every copy from it, newest first seen first', () => {
    const copies = [...searches, ...searches.map((search) => ({ ...search })), saved({ seniority: ['director', 'senior'] })];
    const matcher = createMatcher(REAL_SUMMARIES, NOW);
    for (const search of copies) {
      const list = matcher.of(search);
      expect(list, JSON.stringify(search)).toBe(matcher.of({ ...search }));
      expect(list.jobs.map(keyOf).sort()).toEqual(runSavedSearch(index, search, NOW).map(keyOf).sort());
      const seen = list.jobs.map((job) => Date.parse(job.first_seen_at));
      expect(seen).toEqual([...seen].sort((a, b) => b - a));
    }
    expect(matcher.runs).toBe(searches.length);
    expect(matcher.invalid).toEqual([]);
  });

  it('lets a stored search that no longer passes the schema match nothing instead of failing the run', () => {
    const stale = { colour: 'blue' } as unknown as SavedSearchQuery;
    const matcher = createMatcher(REAL_SUMMARIES, NOW);
    expect(matcher.of(stale).jobs).toEqual([]);
    expect(matcher.invalid).toEqual([searchKey(stale)]);
    expect(matcher.of(saved({})).jobs).toHaveLength(REAL_SUMMARIES.length);
  });
});

describe('recentSummaries', () => {
  it('keeps open jobs first seen after the instant', () => {
    const [a, b, c] = REAL_SUMMARIES;
    const jobs = [
      { ...a!, first_seen_at: '2026-03-09T08:00:00.000Z' },
      { ...b!, first_seen_at: '2026-03-01T08:00:00.000Z' },
      { ...c!, first_seen_at: '2026-03-09T09:00:00.000Z', closed_at: '2026-03-09T10:00:00.000Z' },
    ];
    expect(recentSummaries(jobs, Date.parse('2026-03-03T07:00:00.000Z')).map(keyOf)).toEqual([keyOf(a!)]);
  });
});
