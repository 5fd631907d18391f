/**
 * The /companies page's filters, run in the browser over the list `GET /api/companies/` returned:
 * a text that must appear in the company's name or headquarters (every word, ignoring case and
 * accents) and an AI category ('All' or one of the categories the companies carry).
 */
import type { PublicCompany } from '../../api/companies';

/** Combining marks. */
const MARKS = /\p{M}/gu;

/** The category choice that keeps every company. */
export const ALL_CATEGORIES = 'All';

/** Lower case without accents: "Zürich" → "zurich". */
const fold = (text: string): string => text.normalize('NFKD').replace(MARKS, '').toLowerCase();

/**
 * The distinct `ai_category` values, sorted A–Z (companies without one are left out),
 * after 'All': e.g. ['All', 'AI Infrastructure', 'LLM Foundation Model'].
 */
export function categoryOptions(companies: readonly Pick<PublicCompany, 'ai_category'>[]): string[] {
  const categories = new Set(companies.flatMap((company) => (company.ai_category?.trim() ? [company.ai_category.trim()] : [])));
  return [ALL_CATEGORIES, ...[...categories].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }))];
}

/**
 * The companies (in their given order) whose name or headquarters contains every word of `text`
 * and whose category is `category` (any with 'All'). e.g. text 'toronto' keeps Cohere (HQ "Toronto, Canada").
 */
export function filterCompanies<C extends Pick<PublicCompany, 'company_name' | 'hq' | 'ai_category'>>(
  companies: readonly C[],
  { text, category }: { text: string; category: string },
): C[] {
  const words = fold(text).split(/\s+/).filter(Boolean);
  return companies.filter((company) => {
    if (category !== ALL_CATEGORIES && company.ai_category?.trim() !== category) return false;
    const haystack = fold(`${company.company_name} ${company.hq ?? ''}`);
    return words.every((word) => haystack.includes(word));
  });
}
