import { describe, it, expect } from 'vitest';
import { readJobSearch, toJobQuery, withPage, withSearch } from './jobSearchParams';

const params = (query: string) => new URLSearchParams(query);

describe('readJobSearch', () => {
  it('reads search, department and the 1-based page from the URL', () => {
    expect(readJobSearch(params('search=Cohere&department=Engineering&page=3'))).toEqual({ search: 'Cohere', department: 'Engineering', page: 3 });
  });

  it('defaults to no filters on page 1, also for a malformed page', () => {
    expect(readJobSearch(params(''))).toEqual({ search: '', department: null, page: 1 });
    expect(readJobSearch(params('page=0')).page).toBe(1);
    expect(readJobSearch(params('page=abc')).page).toBe(1);
    expect(readJobSearch(params('search=%20%20&department=')).search).toBe('');
  });
});

describe('toJobQuery', () => {
  it('sends search and department as one-element lists and the page zero-based, 20 a page', () => {
    expect(toJobQuery({ search: 'Cohere', department: 'Engineering', page: 3 })).toEqual({
      page: 2,
      page_size: 20,
      search: ['Cohere'],
      departments: ['Engineering'],
      is_remote: null,
    });
  });

  it('sends null filters when none are set, and a page’s fixed filters', () => {
    expect(toJobQuery({ search: '', department: null, page: 1 })).toMatchObject({ page: 0, search: null, departments: null });
    expect(toJobQuery({ search: '', department: null, page: 1 }, { is_remote: ['remote', 'hybrid'] }).is_remote).toEqual(['remote', 'hybrid']);
  });
});

describe('withSearch and withPage', () => {
  it('a new search goes back to page 1 and keeps the department', () => {
    expect(withSearch(params('search=old&department=Research&page=4'), ' Python ').toString()).toBe('search=Python&department=Research');
  });

  it('a blank search removes the search', () => {
    expect(withSearch(params('search=old&page=2'), '  ').toString()).toBe('');
  });

  it('page 1 leaves the page out of the URL', () => {
    expect(withPage(params('search=x'), 2).toString()).toBe('search=x&page=2');
    expect(withPage(params('search=x&page=2'), 1).toString()).toBe('search=x');
  });
});
