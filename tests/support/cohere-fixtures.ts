/**
 * Domain jobs and a company for unit tests, built by hand from real Cohere postings
 * (stapply-ai/ats-scrapers@43ece6fd3ab4398cda575f0483fd49ea5c58eccb:ashby/companies/cohere.json,
 * MIT; here ../shared/data/ats/ashby/cohere.json): titles, departments, places, dates and ids
 * as Ashby published them, mapped onto the taxonomy as a person would.
 */
import type { Company } from '../../shared/companies/company';
import type { Department } from '../../shared/departments/department';
import { JobSchema, type Job, type Workplace } from '../../shared/jobs/job';

interface Posting {
  id: string;
  title: string;
  department: Department;
  source_department: string;
  place: { city: string | null; country: string; label: string };
  published: string;
  workplace: Workplace;
  skills: string[];
}

const POSTINGS: Posting[] = [
  {
    id: '443368a3-6276-4b90-9671-27fed40fd6d2',
    title: 'Senior Member of Technical Staff, Multimodal AI',
    department: 'Research',
    source_department: 'Modelling',
    place: { city: 'London', country: 'GB', label: 'London, GB' },
    published: '2024-12-03T14:25:43.571Z',
    workplace: 'onsite',
    skills: ['PyTorch', 'Python'],
  },
  {
    id: '3d813735-9779-4e13-95dd-5dacc5e31e20',
    title: 'Government Affairs & Public Policy Manager – UK',
    department: 'Legal',
    source_department: 'Government & Public Policy',
    place: { city: 'London', country: 'GB', label: 'London, GB' },
    published: '2025-10-24T21:44:45.496Z',
    workplace: 'onsite',
    skills: [],
  },
  {
    id: '859e2e47-02fb-4afe-bb8a-e83bf4d8c265',
    title: 'Member of Technical Staff, Pre-Training Data',
    department: 'Research',
    source_department: 'Modelling',
    place: { city: 'Toronto', country: 'CA', label: 'Toronto, CA' },
    published: '2025-06-25T11:34:46.521Z',
    workplace: 'remote',
    skills: ['Python', 'LLM'],
  },
  {
    id: '929b6c8e-a47c-4512-bb17-99fa9581f23e',
    title: 'Engineering Program Manager, North',
    department: 'Product',
    source_department: 'Product',
    place: { city: null, country: 'US', label: 'United States' },
    published: '2025-07-10T16:08:44.547Z',
    workplace: 'onsite',
    skills: [],
  },
];

const slugOf = (posting: Posting): string =>
  `/${posting.title.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}-${posting.id.slice(0, 8)}`;

/** Cohere's open jobs (four postings across Research, Legal and Product). */
export const COHERE_JOBS: Job[] = POSTINGS.map((posting) => JobSchema.parse({
  company_key: 'cohere',
  slug_url: slugOf(posting),
  source: { ats: 'ashby', board_token: 'cohere', job_id: posting.id },
  job_title: posting.title,
  company_name: 'Cohere',
  company_logo: null,
  company_url: 'https://cohere.com',
  department: posting.department,
  source_department: posting.source_department,
  date_posted: posting.published,
  first_seen_at: '2025-10-28T00:00:00.000Z',
  last_seen_at: '2025-10-28T00:00:00.000Z',
  closed_at: null,
  workplace_type: posting.workplace,
  employment_type: 'full_time',
  locations: [{ city: posting.place.city, region: null, country: posting.place.country, label: posting.place.label }],
  skills: posting.skills,
  compensation: null,
  min_salary: null,
  max_salary: null,
  job_url: `https://jobs.ashbyhq.com/cohere/${posting.id}`,
  description: null,
}));

/**
 * Cohere as the registry (../shared/data/companies/registry.csv) and its profile
 * (diaodiaozhuye/awesome-ai-startups@26e3bbfa, here companies/profiles/cohere.json) describe it.
 */
export const COHERE: Company = {
  company_key: 'cohere',
  company_name: 'Cohere',
  company_logo: null,
  company_url: 'https://cohere.com',
  ats: 'ashby',
  board_token: 'cohere',
  careers_url: 'https://jobs.ashbyhq.com/cohere',
  ai_category: 'llm-foundation-model',
  description: null,
  hq: 'Toronto, Canada',
  employees: '201-500',
  year_founded: 2019,
  fund: '$970M',
  fund_stage: 'Series D',
  job_count: COHERE_JOBS.length,
};
