/**
 * The company registry import: turns the registry CSV and company profiles into `Company` records
 * (shared/companies/company.ts). Pure: the caller reads the files.
 *
 * Inputs (reference data, see ../shared/data/README.md):
 * - registry CSV, columns `company,ats,board_token,public_api_url,captured_response,sources,note`
 *   (merged from stapply-ai/ats-scrapers@7202096c and jshchnz/claude-jobs@27f077d1:
 *   companies/registry.csv). Names are lower case ("physical intelligence", "deepl").
 * - profile objects (diaodiaozhuye/awesome-ai-startups@26e3bbfa: companies/profiles/*.json);
 *   only those with `meta.data_quality_score` >= 0.8 are used, the others are noisy scrapes.
 *
 * Matching a profile to a registry row: both names are folded to lower-case letters and digits
 * ("Character.AI" → "characterai"); a profile matches a row when its folded name or slug, with or
 * without a trailing "ai" ("characterai" → "character"), equals the row's folded name.
 *
 * Display name (`company_name`), first rule that applies:
 * 1. the matched good profile's `name` ("Cohere", "Character.AI");
 * 2. the registry name with the casing of its captured Ashby board file, when the file name has
 *    capitals and the same letters ("alephalpha" + AlephAlpha.json → "AlephAlpha", "prime
 *    intellect" + PrimeIntellect.json → "Prime Intellect", "deepl" + DeepL.json → "DeepL"): the
 *    board token as the employer typed it. Word breaks stay the registry's, so "DeepL" is not
 *    split into "Deep L";
 * 3. the registry name with hyphens read as spaces, each word capitalised and "ai"/"ml"/"llm"
 *    written as acronyms ("liquid-ai" → "Liquid AI", "n8n" → "N8n").
 *
 * Profile fields: company_url = website; ai_category "llm-foundation-model" → "LLM Foundation
 * Model"; hq = "City, Country"; employees = the range as published ("201-500"); year_founded;
 * fund = total_raised_usd as "$970M" / "$1.2B" (null when 0 or absent); fund_stage "series-d" →
 * "Series D" (null when "unknown"). Companies without a good profile get null for these.
 * ats must be one of AtsSchema's values (others, e.g. "other", become null); board_token only
 * with a known ats. careers_url and company_logo are null (the data has none); job_count is 0
 * (the seed counts open jobs).
 *
 * Two rows that end up with the same company_key (the registry lists e.g. "scale" and "scaleai")
 * are merged into one: the row with a captured board wins, then the one with a known ATS, then the
 * earlier row. Rows that fail CompanySchema are reported in `rejected`, never thrown.
 */
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { AtsSchema } from '../jobs/job';
import { CompanySchema, companyKey, type Company } from './company';

/** One row of the registry CSV, as text ('' for an empty cell). */
export interface RegistryRow {
  company: string;
  ats: string;
  board_token: string;
  public_api_url: string;
  /** Path of the captured board under the data folder, e.g. "ats/ashby/DeepL.json", or ''. */
  captured_response: string;
  sources: string;
  note: string;
}

/** A company of the registry with where its captured ATS response is, if any. */
export interface RegistryEntry {
  company: Company;
  /** e.g. "ats/ashby/DeepL.json" (relative to the data folder), or null. */
  capturedResponse: string | null;
  /** 1-based line of the CSV row (the header is line 1). */
  line: number;
  /** Slug of the good profile used, or null. */
  profile: string | null;
  /** The company as the registry names it, e.g. "physical intelligence". */
  registryName: string;
}

export interface RegistryProblem {
  line: number;
  company: string;
  reason: string;
}

export interface RegistryImport {
  entries: RegistryEntry[];
  /** Rows that failed validation. */
  rejected: RegistryProblem[];
  /** Rows folded into another row with the same company_key. */
  merged: RegistryProblem[];
}

/** The lowest `meta.data_quality_score` of a profile we trust. */
export const RELIABLE_PROFILE_SCORE = 0.8;

const optionalString = z.string().trim().min(1).nullish().catch(null);
const optionalNumber = z.number().finite().nullish().catch(null);

/** The profile fields we read; anything else in the file is ignored. */
export const CompanyProfileSchema = z.object({
  slug: z.string().min(1),
  name: z.string().trim().min(1),
  website: optionalString,
  category: optionalString,
  founded_year: optionalNumber,
  headquarters: z.object({ city: optionalString, country: optionalString }).nullish().catch(null),
  funding: z.object({ total_raised_usd: optionalNumber, last_round: optionalString }).nullish().catch(null),
  team: z.object({ employee_count_range: optionalString }).nullish().catch(null),
  description: optionalString,
  meta: z.object({ data_quality_score: z.number() }),
});
export type CompanyProfile = z.infer<typeof CompanyProfileSchema>;

const REGISTRY_COLUMNS = ['company', 'ats', 'board_token', 'public_api_url', 'captured_response', 'sources', 'note'] as const;

/** Parses the registry CSV (header row required). Throws csv-parse's error on malformed CSV. */
export const parseRegistryCsv = (csv: string): RegistryRow[] => {
  const records = parse(csv, { columns: true, skip_empty_lines: true, trim: true, bom: true }) as Record<string, string>[];
  return records.map((record) => {
    const row = {} as RegistryRow;
    for (const column of REGISTRY_COLUMNS) row[column] = (record[column] ?? '').trim();
    return row;
  });
};

/** Profiles with a data quality score of at least 0.8 that have the fields we need. */
export const reliableProfiles = (profiles: readonly unknown[]): CompanyProfile[] =>
  profiles.flatMap((raw) => {
    const parsed = CompanyProfileSchema.safeParse(raw);
    return parsed.success && parsed.data.meta.data_quality_score >= RELIABLE_PROFILE_SCORE ? [parsed.data] : [];
  });

const fold = (text: string): string => companyKey(text).replace(/[^a-z0-9]/g, '');

const withoutTrailingAi = (folded: string): string[] =>
  folded.endsWith('ai') && folded.length >= 5 ? [folded, folded.slice(0, -2)] : [folded];

const ACRONYMS = new Map([
  ['ai', 'AI'],
  ['ml', 'ML'],
  ['llm', 'LLM'],
  ['nlp', 'NLP'],
  ['ipo', 'IPO'],
]);

const capitalise = (word: string): string =>
  ACRONYMS.get(word.toLowerCase()) ?? word.charAt(0).toUpperCase() + word.slice(1);

/** "llm-foundation-model" → "LLM Foundation Model"; "series-d" → "Series D". */
export const titleFromSlug = (slug: string): string =>
  slug
    .split(/[-_\s]+/)
    .filter((word) => word.length > 0)
    .map(capitalise)
    .join(' ');

const USD_COMPACT = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

/** Whole US dollars as a display figure: 970000000 → "$970M", 1525000000 → "$1.5B"; 0 → null. */
export const formatFunding = (usd: number | null | undefined): string | null =>
  usd === null || usd === undefined || !(usd > 0) ? null : USD_COMPACT.format(usd);

/** Applies the casing of `cased` (same letters, no separators) to `name`, keeping name's separators. */
const applyCasing = (name: string, cased: string): string | null => {
  if (fold(name) !== cased.toLowerCase() || cased === cased.toLowerCase()) return null;
  let at = 0;
  let out = '';
  for (const char of name) {
    if (/[a-z0-9]/i.test(char)) {
      out += cased.charAt(at);
      at += 1;
    } else {
      out += char;
    }
  }
  return out;
};

const captureBaseName = (capturedResponse: string): string =>
  capturedResponse.replace(/^.*\//, '').replace(/\.json$/i, '');

/** The display name of a registry row without a good profile (rules 2 and 3 above). */
export const displayName = (registryName: string, capturedResponse: string | null): string => {
  const fromCapture = capturedResponse === null ? null : applyCasing(registryName, captureBaseName(capturedResponse));
  return fromCapture ?? titleFromSlug(registryName.replace(/-/g, ' '));
};

const nullIfBlank = (text: string): string | null => (text.trim() === '' ? null : text.trim());

const STAGE_UNKNOWN = new Set(['unknown', 'none', 'n/a']);

const profileFields = (profile: CompanyProfile | undefined) => {
  const hq = [profile?.headquarters?.city, profile?.headquarters?.country].filter(
    (part): part is string => typeof part === 'string' && part.length > 0,
  );
  const stage = profile?.funding?.last_round ?? null;
  const founded = profile?.founded_year ?? null;
  return {
    company_url: profile?.website ?? null,
    ai_category: profile?.category ? titleFromSlug(profile.category) : null,
    description: profile?.description ?? null,
    hq: hq.length > 0 ? hq.join(', ') : null,
    employees: profile?.team?.employee_count_range ?? null,
    year_founded: founded !== null && Number.isInteger(founded) ? founded : null,
    fund: formatFunding(profile?.funding?.total_raised_usd),
    fund_stage: stage === null || STAGE_UNKNOWN.has(stage.toLowerCase()) ? null : titleFromSlug(stage),
  };
};

const issueText = (error: z.ZodError): string =>
  error.issues.map((issue) => `${issue.path.join('.') || '(company)'}: ${issue.message}`).join('; ');

/** Ranks rows that share a company_key: a captured board, then a known ATS, then the earlier row. */
const preference = (entry: RegistryEntry): number =>
  (entry.capturedResponse !== null ? 2 : 0) + (entry.company.ats !== null ? 1 : 0);

/**
 * Builds the companies of the registry. `profiles` are the parsed JSON objects of the profile
 * files (any quality; the unreliable ones are ignored). Never throws for a bad row.
 */
export const importRegistry = (input: { csv: string; profiles: readonly unknown[] }): RegistryImport => {
  const profiles = reliableProfiles(input.profiles);
  const profileByFold = new Map<string, CompanyProfile>();
  for (const profile of profiles) {
    for (const key of [...withoutTrailingAi(fold(profile.name)), ...withoutTrailingAi(fold(profile.slug))]) {
      if (!profileByFold.has(key)) profileByFold.set(key, profile);
    }
  }

  const rejected: RegistryProblem[] = [];
  const merged: RegistryProblem[] = [];
  const byKey = new Map<string, RegistryEntry>();

  parseRegistryCsv(input.csv).forEach((row, index) => {
    const line = index + 2;
    const capturedResponse = nullIfBlank(row.captured_response);
    const profile = profileByFold.get(fold(row.company));
    const name = profile?.name ?? displayName(row.company, capturedResponse);
    const ats = AtsSchema.safeParse(row.ats.trim().toLowerCase());
    const candidate = {
      company_key: companyKey(name),
      company_name: name,
      company_logo: null,
      ats: ats.success ? ats.data : null,
      board_token: ats.success ? nullIfBlank(row.board_token) : null,
      careers_url: null,
      ...profileFields(profile),
      job_count: 0,
    };
    const parsed = CompanySchema.safeParse(candidate);
    if (!parsed.success) {
      rejected.push({ line, company: row.company, reason: issueText(parsed.error) });
      return;
    }
    const entry: RegistryEntry = {
      company: parsed.data,
      capturedResponse,
      line,
      profile: profile?.slug ?? null,
      registryName: row.company,
    };
    const existing = byKey.get(entry.company.company_key);
    if (existing === undefined) {
      byKey.set(entry.company.company_key, entry);
      return;
    }
    const [keep, drop] = preference(entry) > preference(existing) ? [entry, existing] : [existing, entry];
    byKey.set(keep.company.company_key, keep);
    merged.push({
      line: drop.line,
      company: drop.registryName,
      reason: `same company as line ${keep.line} (${keep.company.company_key})`,
    });
  });

  const entries = [...byKey.values()].sort((a, b) => a.line - b.line);
  return { entries, rejected, merged };
};
