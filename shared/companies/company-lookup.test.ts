/**
 * Addresses of a renamed company: the seed shows "hcompany" (its key since the registry named it)
 * as "H Company"; both /company/{name} and /jobs/{name}/{slug} answer under the new name and the
 * old one. Cohere's real postings (tests/support/cohere-fixtures.ts) stand in for its jobs.
 */
import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../errors';
import { getJob } from '../catalog/get-job';
import { COHERE, COHERE_JOBS } from '../../tests/support/cohere-fixtures';
import { InMemoryCompanyRepository, InMemoryJobRepository } from '../../tests/support/in-memory-ports';
import { getCompany } from '../catalog/get-company';

const company = { ...COHERE, company_key: 'hcompany', company_name: 'H Company', job_count: 1 };
const job = { ...COHERE_JOBS[0]!, company_key: 'hcompany', company_name: 'H Company' };
const deps = { companies: new InMemoryCompanyRepository([company]), jobs: new InMemoryJobRepository([job]) };

describe('a renamed company keeps its addresses', () => {
  it.each(['H Company', 'h company', 'Hcompany'])('/company/%s', async (name) => {
    expect(await getCompany({ name }, deps)).toMatchObject({ company_name: 'H Company', job_count: 1 });
  });

  it.each(['H Company', 'Hcompany'])('/jobs/%s/{slug}', async (name) => {
    expect(await getJob({ company: name, slug: job.slug_url }, deps)).toMatchObject({ company_name: 'H Company', job_title: job.job_title });
  });

  it('still answers 404 for a name no company has', async () => {
    await expect(getCompany({ name: 'H Corp' }, deps)).rejects.toBeInstanceOf(NotFoundError);
    await expect(getJob({ company: 'H Corp', slug: job.slug_url }, deps)).rejects.toBeInstanceOf(NotFoundError);
  });
});
