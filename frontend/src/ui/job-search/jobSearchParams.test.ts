import { describe, it, expect } from 'vitest';
import { clearAll, filterChips } from './filterChips';
import { hasFilters, readJobSearch, toJobQuery, withFilters, withPage, withSearch } from './jobSearchParams';

const params = (query: string) => new URLSearchParams(query);
const plain = readJobSearch(params(''));

describe('readJobSearch', () => {
  it('reads search, department and the 1-based page from the URL', () => {
    expect(readJobSearch(params('search=Cohere&department=Engineering&page=3'))).toMatchObject({ search: 'Cohere', department: 'Engineering', page: 3 });
  });

  it('defaults to no filters on page 1, also for a malformed page', () => {
    expect(plain).toMatchObject({
      search: '',
      department: null,
      page: 1,
      seniority: [],
      min_salary_usd: null,
      remote_from: null,
      exclude_ghost: false,
      sort: null,
    });
    expect(readJobSearch(params('page=0')).page).toBe(1);
    expect(readJobSearch(params('page=abc')).page).toBe(1);
    expect(readJobSearch(params('search=%20%20&department=')).search).toBe('');
  });

  it('reads every filter, and drops values a shared link could garble instead of failing the page', () => {
    const url =
      'seniority=senior&seniority=staff&seniority=wizard&employment_types=contract&min_salary_usd=150000&posted_within_days=7' +
      '&countries=de&countries=GBR&remote_from=pt&exclude_companies=Acme%2C%20Inc.&exclude_ghost=true&visa_sponsorship=yes&sort=salary&is_remote=remote';
    expect(readJobSearch(params(url))).toMatchObject({
      seniority: ['senior', 'staff'],
      employment_types: ['contract'],
      min_salary_usd: 150_000,
      posted_within_days: 7,
      countries: ['DE'],
      remote_from: 'PT',
      exclude_companies: ['Acme, Inc.'],
      exclude_ghost: true,
      visa_sponsorship: false,
      sort: 'salary',
      is_remote: ['remote'],
    });
    expect(readJobSearch(params('posted_within_days=365&min_salary_usd=-5&sort=random'))).toMatchObject({
      posted_within_days: null,
      min_salary_usd: null,
      sort: null,
    });
  });

  it('drops codes that name no country, which the API would answer 400 for (EU, ZZ, user-assigned XA)', () => {
    expect(readJobSearch(params('countries=EU&countries=zz&countries=XA&countries=xk&remote_from=EU'))).toMatchObject({ countries: ['XK'], remote_from: null });
  });
});

describe('toJobQuery', () => {
  it('sends search and department as one-element lists and the page zero-based, 20 a page', () => {
    expect(toJobQuery({ ...plain, search: 'Cohere', department: 'Engineering', page: 3 })).toMatchObject({
      page: 2,
      page_size: 20,
      search: ['Cohere'],
      departments: ['Engineering'],
      is_remote: null,
    });
  });

  it('sends null filters when none are set, and a page’s fixed filters', () => {
    const query = toJobQuery(plain);
    expect(query).toMatchObject({
      page: 0,
      search: null,
      departments: null,
      seniority: null,
      min_salary_usd: null,
      countries: null,
      remote_from: null,
      exclude_ghost: null,
      sort: null,
    });
    expect(toJobQuery({ ...plain, is_remote: ['onsite'] }, { is_remote: ['remote', 'hybrid'] }).is_remote).toEqual(['remote', 'hybrid']);
  });

  it("sends the URL's companies, and a company page's own company instead of them, as many a page as the list shows", () => {
    const state = readJobSearch(params('companies=Cohere&companies=DeepL&seniority=senior'));
    expect(toJobQuery(state)).toMatchObject({ companies: ['Cohere', 'DeepL'], seniority: ['senior'], page_size: 20 });
    expect(toJobQuery(state, { companies: ['Notion'] }, 100)).toMatchObject({ companies: ['Notion'], seniority: ['senior'], page_size: 100 });
    expect(withFilters(params(''), { companies: ['Cohere'] }).toString()).toBe('companies=Cohere');
  });

  it('sends every filter the URL holds under the API’s names', () => {
    expect(toJobQuery(readJobSearch(params('seniority=senior&remote_from=DE&min_salary_usd=100000&exclude_ghost=true&sort=newest')))).toMatchObject({
      seniority: ['senior'],
      remote_from: 'DE',
      min_salary_usd: 100_000,
      exclude_ghost: true,
      sort: 'newest',
    });
  });
});

describe('withSearch, withFilters and withPage', () => {
  it('a new search goes back to page 1 and keeps the department and filters', () => {
    expect(withSearch(params('search=old&department=Research&seniority=senior&page=4'), ' Python ').toString()).toBe(
      'search=Python&department=Research&seniority=senior',
    );
  });

  it('a blank search removes the search', () => {
    expect(withSearch(params('search=old&page=2'), '  ').toString()).toBe('');
  });

  it('a filter change goes back to page 1 and keeps parameters the board does not know', () => {
    const next = withFilters(params('search=ml&page=3&utm_source=x'), { seniority: ['staff', 'senior'], remote_from: 'DE' });
    expect(next.toString()).toBe('search=ml&seniority=staff&seniority=senior&remote_from=DE&utm_source=x');
    expect(readJobSearch(next)).toMatchObject({ search: 'ml', page: 1, seniority: ['staff', 'senior'], remote_from: 'DE' });
  });

  it('page 1 leaves the page out of the URL', () => {
    expect(withPage(params('search=x'), 2).toString()).toBe('search=x&page=2');
    expect(withPage(params('search=x&page=2'), 1).toString()).toBe('search=x');
  });
});

describe('filter chips', () => {
  const state = readJobSearch(
    params('department=Research&seniority=senior&seniority=staff&min_salary_usd=150000&remote_from=DE&exclude_companies=Acme&exclude_ghost=true&sort=salary'),
  );

  it('shows one chip per active filter value in words; search and sort are not chips', () => {
    expect(filterChips(state).map((chip) => chip.label)).toEqual([
      'Research',
      '$150k+ a year',
      'Senior',
      'Staff / Principal',
      'Remote from Germany',
      'Not Acme',
      'No likely ghost jobs',
    ]);
    expect(filterChips(state, { hideDepartment: true }).map((chip) => chip.label)).not.toContain('Research');
    const atCohere = readJobSearch(params('companies=Cohere&seniority=senior'));
    expect(filterChips(atCohere).map((chip) => chip.label)).toEqual(['At Cohere', 'Senior']);
    expect(filterChips(atCohere, { hideCompanies: true }).map((chip) => chip.label)).toEqual(['Senior']);
    expect(hasFilters(plain)).toBe(false);
    expect(hasFilters(state)).toBe(true);
  });

  it('each chip removes only its own value; Clear all removes them all but keeps search and sort', () => {
    const senior = filterChips(state).find((chip) => chip.id === 'seniority:senior')!;
    expect(readJobSearch(withFilters(params('seniority=senior&seniority=staff'), senior.remove)).seniority).toEqual(['staff']);
    const cleared = readJobSearch(
      withFilters(params('search=ml&sort=salary&seniority=senior&seniority=staff&exclude_ghost=true'), clearAll(filterChips(state))),
    );
    expect(cleared).toMatchObject({ search: 'ml', sort: 'salary', seniority: [], exclude_ghost: false });
    expect(hasFilters({ ...cleared, sort: null })).toBe(false);
  });
});
