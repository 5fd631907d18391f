/**
 * Job summaries for the search tests, copied by hand from real Ashby postings in
 * stapply-ai/ats-scrapers@43ece6fd3ab4398cda575f0483fd49ea5c58eccb:ashby/companies/<board>.json
 * (MIT; here ../shared/data/ats/ashby/): title, places, publish time and posting id as Ashby
 * published them. Departments are mapped onto our taxonomy and the workplace read from
 * `isRemote` and the location text as a person would; skills are what
 * shared/normalise/skills.ts found in the title and description. Countries, seniority, yearly
 * USD pay (from Ashby's compensation summary) and who may take a remote job are read from the
 * posting by hand, so the filter tests do not depend on the normalisers.
 */
import type { Department } from '../departments/department';
import type { RemoteEligibility, Seniority, Workplace } from '../jobs/job';
import { JobSummarySchema, type JobSummary } from '../jobs/job-summary';

/** The country of each place label, as a person reads it (ISO 3166-1 alpha-2). */
const COUNTRY_OF_LABEL: Readonly<Record<string, string>> = {
  'London, United Kingdom': 'GB', London: 'GB', 'United Kingdom': 'GB', 'Berlin, Germany': 'DE', Berlin: 'DE', Cologne: 'DE', Munich: 'DE',
  'Munich, Bavaria, Germany': 'DE', Germany: 'DE', 'Heidelberg, Baden Würtemberg, Germany': 'DE', Amsterdam: 'NL', 'Redwood City, CA': 'US',
  'Paris, France': 'FR', Paris: 'FR', 'Paris, Île de France, France': 'FR', 'San Francisco Office': 'US', 'San Jose Office': 'US', 'Seattle, WA': 'US',
  'SF Office - 171 2nd, 4th floor': 'US', 'San Francisco, California, United States': 'US', 'San Francisco, California, USA': 'US', 'San Francisco': 'US',
  'San Francisco, CA (Hybrid) OR Remote-Global': 'US', 'New York': 'US', 'New York City, New York, United States': 'US', 'United States': 'US',
  'Toronto, Ontario, Canada': 'CA', Canada: 'CA', Montreal: 'CA', Toronto: 'CA', Bulgaria: 'BG', Poland: 'PL', India: 'IN',
};

/** The derived fields of a posting, read from its title and text as a person would (null: the posting does not say). */
interface Derived {
  seniority?: Seniority;
  /** Yearly USD minimum and maximum (EUR at 1.08 USD). */
  usd?: [number, number];
  /** Countries a remote job is open to. */
  remoteFrom?: string[];
}

const posting = (
  board: string,
  company_name: string,
  id: string,
  job_title: string,
  department: Department,
  workplace_type: Workplace,
  date_posted: string,
  locations: string[],
  skills: string[],
  derived: Derived = {},
): JobSummary => {
  const remote_eligibility: RemoteEligibility | null =
    derived.remoteFrom === undefined ? null : { scope: 'restricted', countries: derived.remoteFrom, regions: [] };
  return JobSummarySchema.parse({
    company_key: board.toLowerCase(),
    slug_url: `/${job_title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}-${id.slice(0, 8)}`,
    source: { ats: 'ashby', board_token: board, job_id: id },
    job_title,
    company_name,
    company_logo: null,
    company_url: null,
    department,
    date_posted,
    first_seen_at: date_posted,
    last_seen_at: '2025-10-28T12:00:00.000Z',
    closed_at: null,
    workplace_type,
    employment_type: 'full_time',
    locations: locations.map((label) => ({ city: null, region: null, country: COUNTRY_OF_LABEL[label] ?? null, label })),
    skills,
    compensation: null,
    min_salary: null,
    max_salary: null,
    job_url: `https://jobs.ashbyhq.com/${board}/${id}`,
    seniority: derived.seniority ?? null,
    remote_eligibility,
    salary_usd_year: derived.usd === undefined ? null : { min: derived.usd[0], max: derived.usd[1] },
  });
};

export const REAL_SUMMARIES: readonly JobSummary[] = [
  // DeepL.json
  posting('DeepL', 'DeepL', '22fd9018-380b-4ed9-90cb-083ee22f75a6', 'Engineering Manager | Convert & Scale', 'Engineering', 'onsite', '2025-10-21T09:45:25.832Z', ['London, United Kingdom'], ['C#', 'Java', 'AWS', 'Docker', 'Kubernetes', 'PostgreSQL', 'Kafka'], { seniority: 'manager' }),
  posting('DeepL', 'DeepL', '2f2cd104-ac73-41f7-98d0-2592abd8e0e3', 'Lead Web Designer', 'Marketing', 'onsite', '2025-10-03T16:45:26.138Z', ['Berlin, Germany', 'Cologne', 'London', 'Munich', 'Amsterdam'], ['HTML', 'CSS', 'JavaScript'], { seniority: 'senior' }),
  posting('DeepL', 'DeepL', '98b8a24a-5fd4-4a95-acdb-d3faffa69ea2', 'Engineering Manager | QA / SDET', 'Engineering', 'onsite', '2025-08-11T13:16:01.881Z', ['London, United Kingdom'], ['C#', 'C++', 'Python', 'TypeScript', 'Go', 'Machine Learning'], { seniority: 'manager' }),
  posting('DeepL', 'DeepL', 'b2392f6d-ab85-47ee-b602-3382d6cd8b20', 'Senior Full Stack Engineer (FE focus) | Agentic AI ', 'Engineering', 'onsite', '2025-10-23T08:33:17.966Z', ['Munich, Bavaria, Germany'], ['TypeScript', 'React'], { seniority: 'senior' }),
  // character.json
  posting('character', 'Character.AI', 'b063d44b-e1fd-4777-8079-573706a589a0', 'Software Engineer, Backend', 'Engineering', 'onsite', '2025-10-03T18:45:52.449Z', ['Redwood City, CA'], ['Python', 'Go', 'Java', 'PostgreSQL', 'GraphQL', 'AWS', 'GCP', 'Azure'], { usd: [180_000, 300_000] }),
  // hcompany.json
  posting('hcompany', 'H Company', '4e769796-1847-4f9e-9130-a76242b058ea', 'Forward Deployed Engineer', 'Sales', 'onsite', '2025-08-07T16:00:09.521Z', ['Paris, France'], ['LLM', 'Python', 'Go', 'Node', 'Java', 'React', 'Vue']),
  // Lambda.json
  posting('Lambda', 'Lambda', 'd723d3e3-9cb5-46aa-a5f9-10f6f490f519', 'Frontend Software Engineer', 'Engineering', 'remote', '2025-05-13T00:45:14.780Z', ['San Francisco Office', 'Seattle, WA'], ['React', 'Machine Learning', 'GPU', 'Deep Learning', 'HTML', 'CSS', 'JavaScript', 'Angular'], { usd: [207_000, 401_000], remoteFrom: ['US'] }),
  posting('Lambda', 'Lambda', 'dae3a60d-0e31-4fb2-aa2d-cd2280b8bea9', 'Engineering Manager, HPC Deployments', 'Engineering', 'remote', '2025-10-09T16:33:07.149Z', ['San Francisco Office', 'San Jose Office', 'Seattle, WA'], ['GPU', 'Deep Learning', 'Machine Learning', 'Linux', 'Docker', 'Kubernetes', 'PyTorch', 'TensorFlow'], { seniority: 'manager', usd: [267_000, 486_000], remoteFrom: ['US'] }),
  posting('Lambda', 'Lambda', '6bac1127-b34b-4b04-a4c9-aa7bbd71516a', 'Senior Business Systems Architect', 'Operations', 'remote', '2025-09-29T17:25:21.792Z', ['San Francisco Office', 'San Jose Office'], ['Salesforce', 'GPU', 'Deep Learning', 'JavaScript', 'SQL', 'HTML', 'CSS', 'Python'], { seniority: 'senior', usd: [206_000, 310_000], remoteFrom: ['US'] }),
  // stack-ai.json
  posting('stack-ai', 'Stack AI', 'b0afd291-aa15-40d9-bd8b-789b4322d78b', 'Senior AI/ML Engineer', 'Engineering', 'remote', '2025-08-18T19:15:32.047Z', ['SF Office - 171 2nd, 4th floor', 'San Francisco, California, United States'], ['RAG', 'Machine Learning', 'LLM', 'Python', 'TensorFlow', 'PyTorch', 'GPU', 'PostgreSQL'], { seniority: 'senior', usd: [150_000, 250_000], remoteFrom: ['US'] }),
  // cohere.json
  posting('cohere', 'Cohere', 'b470a959-e111-4a65-a8eb-5665b24d48b5', 'Senior Full-Stack Senior Engineer (Front-End Leaning)', 'Engineering', 'remote', '2025-08-12T14:54:04.776Z', ['Toronto, Ontario, Canada', 'Canada', 'Montreal', 'New York'], ['RAG', 'Python', 'React'], { seniority: 'senior', remoteFrom: ['CA', 'US'] }),
  posting('cohere', 'Cohere', '443368a3-6276-4b90-9671-27fed40fd6d2', 'Senior Member of Technical Staff, Multimodal AI', 'Research', 'onsite', '2024-12-03T14:25:43.571Z', ['London, United Kingdom', 'San Francisco', 'New York', 'Toronto', 'Montreal', 'Paris'], ['GPU', 'RAG', 'Python', 'Deep Learning', 'JAX', 'PyTorch', 'TensorFlow', 'CUDA'], { seniority: 'senior' }),
  // elevenlabs.json
  posting('elevenlabs', 'ElevenLabs', 'c7d59014-b918-4c15-ae33-79f5c9f2cf9f', 'Full-Stack Engineer (Back-End Leaning)', 'Engineering', 'remote', '2025-02-24T17:37:33.757Z', ['United Kingdom', 'Bulgaria', 'Germany', 'United States', 'Poland'], ['Python', 'Kubernetes'], { remoteFrom: ['GB', 'BG', 'DE', 'US', 'PL'] }),
  posting('elevenlabs', 'ElevenLabs', 'de45ff43-e0ea-4f42-a2f3-9219c8d2b38e', 'Sales Development - India ', 'Sales', 'remote', '2025-10-15T08:15:43.097Z', ['India'], [], { remoteFrom: ['IN'] }),
  // AlephAlpha.json
  posting('AlephAlpha', 'Aleph Alpha', '91d7b373-30ea-4afe-8f53-9e2794cddd86', 'Research Program Manager (f/m/d)', 'Research', 'remote', '2025-10-01T14:32:48.857Z', ['Heidelberg, Baden Würtemberg, Germany'], ['Python', 'PyTorch', 'TensorFlow'], { remoteFrom: ['DE'] }),
  posting('AlephAlpha', 'Aleph Alpha', '93a31d39-5b5e-4e4d-8d96-2a77b619fc80', 'Applied Researcher – LLM Training (f/m/d)', 'Research', 'remote', '2025-09-08T10:15:31.656Z', ['Heidelberg, Baden Würtemberg, Germany', 'Berlin'], ['LLM', 'Machine Learning', 'Deep Learning', 'Python', 'PyTorch', 'GPU', 'CUDA', 'Triton'], { remoteFrom: ['DE'] }),
  // dust.json
  posting('dust', 'Dust', 'bad88b68-e2db-47f0-ab42-4d6dd2664e76', 'Software Engineer', 'Engineering', 'onsite', '2024-10-24T09:08:27.027Z', ['Paris, Île de France, France'], ['TypeScript', 'React', 'Rust', 'Kubernetes', 'Terraform', 'PostgreSQL', 'LLM', 'Node'], { usd: [43_200, 162_000] }),
  posting('dust', 'Dust', 'f4b23a43-5d07-4ea3-b291-90db7db5e011', 'Software Engineer, Frontend', 'Engineering', 'onsite', '2024-11-13T14:03:32.019Z', ['Paris, Île de France, France'], ['React', 'LLM', 'Next.js', 'TypeScript', 'Kubernetes', 'Terraform', 'GPU', 'Node'], { usd: [64_800, 162_000] }),
  // firecrawl.json
  posting('firecrawl', 'Firecrawl', '873b6e57-7b63-43d2-8e5b-a5c2f4098249', 'Web Automation Engineer', 'Engineering', 'hybrid', '2025-07-25T03:58:43.456Z', ['San Francisco, CA (Hybrid) OR Remote-Global'], ['LLM'], { usd: [150_000, 300_000] }),
  // decagon.json
  posting('decagon', 'Decagon', 'c6201aeb-a752-4187-ac7f-654fc86bcdf8', 'Director of Solutions Engineering, Strategic', 'Sales', 'onsite', '2025-10-01T22:46:54.304Z', ['New York City, New York, United States'], ['LLM'], { seniority: 'director', usd: [250_000, 285_000] }),
  // harvey.json
  posting('harvey', 'Harvey', '4f1af2b7-249a-4a38-bf63-b9fa08266bfd', 'People Business Partner - Engineering, Product & Design', 'People', 'onsite', '2025-08-19T02:03:47.827Z', ['San Francisco, California, USA'], [], { usd: [180_000, 230_000] }),
];
