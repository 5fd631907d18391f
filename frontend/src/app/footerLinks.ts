/**
 * The footer's fixed link groups. Departments come from `GET /api/departments` at run time.
 *
 * Cities: ten of the most frequent job locations in the seeded catalog
 * (stapply-ai/ats-scrapers@43ece6fd:ashby/companies/*.json, `location` and `secondaryLocations`:
 * San Francisco 242+, London 115+, New York 87+, Boston 77, Toronto 44, Paris 42, Singapore 37,
 * Montreal 34, Seattle 26+, Berlin 25+), so each link finds jobs.
 */

export interface FooterLink {
  label: string;
  /** A site path (client-side link) or an absolute https URL (external, new tab). */
  href: string;
}

const searchLink = (label: string, search = label): FooterLink => ({ label, href: `/?search=${encodeURIComponent(search)}` });

/** `/?department=...` for a department name, e.g. 'Data Science' → '/?department=Data%20Science'. */
export const departmentHref = (name: string): string => `/?department=${encodeURIComponent(name)}`;

export const CATEGORY_LINKS: FooterLink[] = [
  { label: 'Remote', href: '/remote_jobs' },
  ...['Frontend', 'Backend', 'Data Science', 'Fullstack', 'ML', 'Data Engineering'].map((label) => searchLink(label)),
];

export const SKILL_LINKS: FooterLink[] = ['Python', 'PyTorch', 'TypeScript', 'React', 'Kubernetes', 'Rust', 'CUDA'].map((label) => searchLink(label));

export const LOCATION_LINKS: FooterLink[] = [
  'San Francisco',
  'New York',
  'London',
  'Boston',
  'Toronto',
  'Paris',
  'Singapore',
  'Montreal',
  'Seattle',
  'Berlin',
].map((label) => searchLink(label));

/** Directories of AI tools and companies (external). */
export const AI_DIRECTORY_LINKS: FooterLink[] = [
  { label: "There's An AI For That", href: 'https://theresanaiforthat.com/' },
  { label: 'Futurepedia', href: 'https://www.futurepedia.io/' },
  { label: 'Toolify', href: 'https://www.toolify.ai/' },
];

/** The product's social profiles (handles to confirm before launch). */
export const SOCIAL_LINKS: FooterLink[] = [
  { label: 'X (Twitter)', href: 'https://x.com/latentjobs' },
  { label: 'LinkedIn', href: 'https://www.linkedin.com/company/latentjobs' },
  { label: 'GitHub', href: 'https://github.com/latentjobs' },
];
