import { describe, expect, it } from 'vitest';
import { categoryOptions, filterCompanies } from './companyFilter';
import { companyItemList } from '../../ui/companyItemList';

// Names, headquarters and categories as the seeded catalog serves them (../shared/data/companies/registry.csv and profiles/).
const companies = [
  { company_name: 'Cohere', hq: 'Toronto, Canada', ai_category: 'LLM Foundation Model' },
  { company_name: 'Replit', hq: 'San Francisco, United States', ai_category: 'AI Coding' },
  { company_name: 'Cursor', hq: 'San Francisco, United States', ai_category: 'AI Coding' },
  { company_name: 'Physical Intelligence', hq: null, ai_category: null },
];

describe('companies filters', () => {
  it('offers All and each category once, A to Z', () => {
    expect(categoryOptions(companies)).toEqual(['All', 'AI Coding', 'LLM Foundation Model']);
  });

  it('matches every word against name or headquarters, ignoring case and accents', () => {
    const names = (text: string, category = 'All') => filterCompanies(companies, { text, category }).map((c) => c.company_name);
    expect(names('')).toEqual(['Cohere', 'Replit', 'Cursor', 'Physical Intelligence']);
    expect(names('TÓRONTO')).toEqual(['Cohere']);
    expect(names('san francisco')).toEqual(['Replit', 'Cursor']);
    expect(names('physical intel')).toEqual(['Physical Intelligence']);
    expect(names('cursor francisco')).toEqual(['Cursor']);
    expect(names('', 'AI Coding')).toEqual(['Replit', 'Cursor']);
    expect(names('toronto', 'AI Coding')).toEqual([]);
  });

  it('lists the companies as a schema.org ItemList with absolute, encoded page URLs', () => {
    const list = companyItemList([companies[0]!, companies[3]!], 'https://latentjobs.example');
    expect(list.numberOfItems).toBe(2);
    expect(list.itemListElement[1]).toEqual({
      '@type': 'ListItem',
      position: 2,
      name: 'Physical Intelligence',
      url: 'https://latentjobs.example/company/Physical%20Intelligence',
    });
  });
});
