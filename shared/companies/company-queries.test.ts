import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../errors';
import { COHERE, COHERE_JOBS } from '../../tests/support/cohere-fixtures';
import { InMemoryCompanyRepository, InMemoryJobRepository } from '../../tests/support/in-memory-ports';
import { COMPANY_HEADINGS } from './company';
import { getCompany } from '../catalog/get-company';
import { listCompanies } from './list-companies';

// Harvey and Suno as listed companies with a hand-set count (names from ../shared/data/companies/registry.csv).
const HARVEY = { ...COHERE, company_key: 'harvey', company_name: 'Harvey', board_token: 'harvey', job_count: 9 };
const SUNO = { ...COHERE, company_key: 'suno', company_name: 'Suno', board_token: 'suno', job_count: 4 };
const UNLISTED = { ...COHERE, company_key: 'lindy', company_name: 'Lindy', board_token: 'lindy', job_count: 0 };

describe('listCompanies', () => {
  it('lists companies with open jobs, most jobs first then by name, under the headings', async () => {
    const companies = new InMemoryCompanyRepository([SUNO, UNLISTED, COHERE, HARVEY]);
    const list = await listCompanies({ companies });
    expect(list.headings).toEqual(COMPANY_HEADINGS);
    expect(list.headings).not.toContain('Company Url');
    expect(list.companies.map((company) => [company.company_name, company.job_count])).toEqual([
      ['Harvey', 9],
      ['Cohere', 4],
      ['Suno', 4],
    ]);
    expect(list.companies[0]).not.toHaveProperty('board_token');
  });
});

describe('getCompany', () => {
  const closed = { ...COHERE_JOBS[3]!, closed_at: '2025-10-30T00:00:00.000Z' };
  const deps = {
    companies: new InMemoryCompanyRepository([COHERE]),
    jobs: new InMemoryJobRepository([...COHERE_JOBS.slice(0, 3), closed]),
  };

  it('returns the company with its open jobs grouped by department in taxonomy order, newest first', async () => {
    const company = await getCompany({ name: 'cohere' }, deps);
    expect(company.company_name).toBe('Cohere');
    expect(company.hq).toBe('Toronto, Canada');
    expect(company.job_count).toBe(3);
    expect(company.jobs.map((group) => [group.department, group.jobs.map((job) => job.date_posted)])).toEqual([
      ['Research', ['2025-06-25T11:34:46.521Z', '2024-12-03T14:25:43.571Z']],
      ['Legal', ['2025-10-24T21:44:45.496Z']],
    ]);
  });

  it('answers NotFoundError for an unknown company', async () => {
    await expect(getCompany({ name: 'Nobody Inc' }, deps)).rejects.toThrow(new NotFoundError("No company 'Nobody Inc'"));
  });
});
