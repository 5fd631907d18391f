import { z } from 'zod';
import { AtsSchema } from '../jobs/job';
import { keyFits } from '../keys';

/** Combining marks. */
const MARKS = /\p{M}/gu;

/**
 * Company schemas: the stored company (with its ATS and board token) and the public API
 * company (the original product's field names).
 */

/**
 * The key a company is stored and addressed under: its name, accent-free, lower case,
 * with runs of white space folded. "Physical  Intelligence" → "physical intelligence".
 */
export const companyKey = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(MARKS, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** A company name as a path parameter: 1-200 characters whose key (`companyKey`) fits `MAX_KEY_BYTES` (shared/keys.ts). */
export const CompanyNameParamSchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .refine((name) => keyFits(companyKey(name)), 'Empty or over 1,024 bytes once normalised');

export const CompanySchema = z.object({
  company_key: z.string().min(1),
  company_name: z.string().min(1),
  company_logo: z.string().url().nullable(),
  company_url: z.string().url().nullable(),
  /** Which ATS holds the company's postings, or null when only a careers page is known. */
  ats: AtsSchema.nullable(),
  /** The company's board token at its ATS (e.g. "cohere" for jobs.ashbyhq.com/cohere). */
  board_token: z.string().nullable(),
  careers_url: z.string().url().nullable(),
  ai_category: z.string().nullable(),
  description: z.string().nullable(),
  /** Headquarters as a person reads it, e.g. "Toronto, Canada". */
  hq: z.string().nullable(),
  /** Employee range as published, e.g. "201-500". */
  employees: z.string().nullable(),
  year_founded: z.number().int().nullable(),
  /** Total funding raised, as a display figure, e.g. "$970M". */
  fund: z.string().nullable(),
  /** Last funding round, e.g. "Series D". */
  fund_stage: z.string().nullable(),
  /** Open jobs at the last count. */
  job_count: z.number().int().nonnegative(),
});
export type Company = z.infer<typeof CompanySchema>;

/**
 * A company known only by its name (and, through `fields`, where its postings are): every
 * profile field (logo, category, HQ, funding, ...) null and no open jobs counted yet. For a
 * company that enters the registry from a careers URL rather than a profile, and for fixtures.
 * `company_key` defaults to `companyKey(name)`; `fields` sets any other field.
 */
export const newCompany = (name: string, fields: Partial<Omit<Company, 'company_name'>> = {}): Company => ({
  company_key: companyKey(name),
  company_name: name,
  company_logo: null,
  company_url: null,
  ats: null,
  board_token: null,
  careers_url: null,
  ai_category: null,
  description: null,
  hq: null,
  employees: null,
  year_founded: null,
  fund: null,
  fund_stage: null,
  job_count: 0,
  ...fields,
});

export const PublicCompanySchema = CompanySchema.pick({
  company_name: true,
  company_logo: true,
  company_url: true,
  ai_category: true,
  hq: true,
  employees: true,
  year_founded: true,
  job_count: true,
  fund: true,
  fund_stage: true,
});
export type PublicCompany = z.infer<typeof PublicCompanySchema>;

export const toPublicCompany = (company: Company): PublicCompany => ({
  company_name: company.company_name,
  company_logo: company.company_logo,
  company_url: company.company_url,
  ai_category: company.ai_category,
  hq: company.hq,
  employees: company.employees,
  year_founded: company.year_founded,
  job_count: company.job_count,
  fund: company.fund,
  fund_stage: company.fund_stage,
});

/** Column headings of the companies table, as `GET /companies/` returns them (no 'Company Url'). */
export const COMPANY_HEADINGS = [
  'Company Name',
  'AI Category',
  'HQ',
  'Employees',
  'Year Founded',
  'Funding',
  'Funding Stage',
  'Open Jobs',
] as const;
