/**
 * The companies context's port: the company registry, implemented by adapters in lambdas/
 * (DynamoDB) and by in-memory fakes in unit tests.
 */
import type { Company } from './company';

export interface CompanyRepository {
  get(companyKey: string): Promise<Company | null>;
  /** Companies with at least one open job, by name. */
  listListed(): Promise<Company[]>;
  /** Every company in the registry, listed or not. */
  listAll(): Promise<Company[]>;
  putMany(companies: readonly Company[]): Promise<void>;
}
