import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEPARTMENTS } from '../departments/department';
import { EmploymentTypeSchema, SenioritySchema, type Workplace } from '../jobs/job';
import type { JobKey, JobSummary } from '../jobs/job-summary';
import { JobSummarySchema } from '../jobs/job-summary';
import { buildJobIndexParts, createJobIndex, restoreJobIndex } from './job-index';
import { SnapshotFormatError, decodeJobIndexImage, encodeJobIndexImage } from './job-index-image';
import { FIELD_WEIGHTS, SEARCH_FIELDS, TEXT_FIELDS, fieldText, type JobSearchPage, type JobSearchQuery, type JobTableRules, type SearchField } from './job-table';
import { REAL_SUMMARIES } from './real-job-summaries.fixture';
import { documentTerms, foldText, parseSearch, queryTerms, withinOneEdit, wordSequence } from './search-terms';
import { withPayEstimates } from '../pay/pay-estimate';
import { newPayBands, payBandOf, toPayHistogram } from '../pay/pay-histogram';
import { payRangeExpected } from '../pay/pay-transparency';

const WORKPLACES: Workplace[] = ['remote', 'hybrid', 'onsite'];
const ALL_COUNTRIES = ['DE', 'FR', 'NL', 'PL', 'BG', 'GB', 'US', 'CA', 'IN', 'JP', 'BR', 'LU'];

/**
 * The index is given its region and ghost rules; these small ones (a few countries per region,
 * "open more than 60 days since first seen") stand in for shared/normalise/regions.ts and
 * shared/jobs/ghost.ts, whose own tests cover them.
 */
const REGIONS: Record<string, readonly string[]> = { EU: ['DE', 'FR', 'NL', 'PL', 'BG', 'LU'], EMEA: ['DE', 'FR', 'NL', 'PL', 'BG', 'LU', 'GB', 'IN'] };
const TEST_RULES: JobTableRules = {
  regionContains: (region, country) => REGIONS[region]?.includes(country) ?? false,
  ghostSince: (job) => Date.parse(job.first_seen_at) + 60 * 86_400_000 + 1,
};

const DAY_MS = 86_400_000;

/** The obvious, slow way: look at every job's every field and filter. The index must agree with it exactly. */
const bruteForce = (catalog: readonly JobSummary[], query: JobSearchQuery, rules: JobTableRules = TEST_RULES): JobSearchPage => {
  // The index holds each job with the pay estimate it works out over the whole catalog.
  const summaries = withPayEstimates(catalog);
  const { terms, phrases, forgiving } = query.text === null ? { terms: [], phrases: [], forgiving: new Set<string>() } : parseSearch(query.text);
  const vocabulary = new Set(summaries.flatMap((summary) => TEXT_FIELDS.flatMap((field) => documentTerms(fieldText(summary, field)))));
  const spellings = (term: string): string[] => {
    if (vocabulary.has(term) || !forgiving.has(term)) return [term];
    const near = [...vocabulary].filter((known) => /^[a-z]+$/.test(known) && withinOneEdit(term, known));
    return near.length > 0 ? [...near, term] : [term];
  };
  const places = new Set(summaries.flatMap((summary) => documentTerms(fieldText(summary, 'locations'))));
  const termsIn = (summary: JobSummary, field: SearchField): Set<string> =>
    new Set(documentTerms(fieldText(summary, field)).filter((term) => field !== 'description' || !places.has(term)));
  const matchesWords = (summary: JobSummary, words: readonly string[], fieldsToSearch: readonly SearchField[] = SEARCH_FIELDS, forgive = true): number | null => {
    const fields = fieldsToSearch.map((field) => ({ weight: FIELD_WEIGHTS[field], terms: termsIn(summary, field) }));
    let score = 0;
    for (const word of words) {
      const alternatives = forgive ? spellings(word) : [word];
      const weights = fields.filter(({ terms: had }) => alternatives.some((alternative) => had.has(alternative))).map(({ weight }) => weight);
      if (weights.length === 0) return null;
      score += Math.max(...weights);
    }
    return score;
  };
  const hasPhrase = (summary: JobSummary, phrase: readonly string[]): boolean =>
    TEXT_FIELDS.some((field) => {
      const words = wordSequence(fieldText(summary, field));
      return words.some((_, at) => phrase.every((word, offset) => words[at + offset] === word));
    });
  const reaches = (summary: JobSummary, country: string): boolean => {
    const eligibility = summary.remote_eligibility;
    if (summary.workplace_type !== 'remote' || eligibility === null) return false;
    return eligibility.scope === 'worldwide' || eligibility.countries.includes(country) || eligibility.regions.some((region) => rules.regionContains(region, country));
  };
  const countriesOf = (summary: JobSummary): Set<string> => {
    const countries = new Set(summary.locations.flatMap((place) => (place.country === null ? [] : [place.country])));
    for (const code of ALL_COUNTRIES) if (reaches(summary, code)) countries.add(code);
    return countries;
  };
  const pay = (summary: JobSummary): number | null => summary.salary_usd_year?.max ?? summary.salary_usd_year?.min ?? null;
  const payFloorFigure = (summary: JobSummary): number => pay(summary) ?? (query.includeEstimatedPay === true && summary.pay_estimate ? summary.pay_estimate.max : Number.NaN);
  const any = <T>(list: readonly T[] | null | undefined): list is readonly T[] => list !== null && list !== undefined && list.length > 0;
  type Facet = 'department' | 'workplace' | 'seniority' | 'employment_type' | 'country' | 'pay';
  const passes = (summary: JobSummary, ignoring: Facet | null): boolean => {
    const { departments, workplaces, seniorities, employmentTypes, countries } = query;
    if (ignoring !== 'department' && any(departments) && !departments.includes(summary.department)) return false;
    if (ignoring !== 'workplace' && any(workplaces) && !workplaces.includes(summary.workplace_type)) return false;
    if (ignoring !== 'seniority' && any(seniorities) && (summary.seniority === null || !seniorities.includes(summary.seniority))) return false;
    if (ignoring !== 'employment_type' && any(employmentTypes) && (summary.employment_type === null || !employmentTypes.includes(summary.employment_type))) return false;
    if (ignoring !== 'country' && any(countries) && !countries.some((code) => countriesOf(summary).has(code))) return false;
    if (ignoring !== 'pay' && query.minSalaryUsd != null && !(payFloorFigure(summary) >= query.minSalaryUsd)) return false;
    if (query.excludeMissingPayRange === true && payRangeExpected(summary) !== null) return false;
    if (query.postedSinceMs != null && Date.parse(summary.date_posted) < query.postedSinceMs) return false;
    if (query.remoteFrom != null && !reaches(summary, query.remoteFrom)) return false;
    if (query.visaSponsorship === true && summary.visa_sponsorship !== 'offered') return false;
    if (query.excludeGhostAt && query.excludeGhostAt.getTime() - Date.parse(summary.first_seen_at) > 60 * DAY_MS) return false;
    const names = [foldText(summary.company_name), foldText(summary.company_key)];
    if (query.excludeCompanies?.some((name) => names.includes(foldText(name)))) return false;
    if (query.excludeKeywords?.some((keyword) => queryTerms(keyword).length > 0 && matchesWords(summary, queryTerms(keyword), ['title', 'skills'], false) !== null)) return false;
    if (phrases.some((phrase) => !hasPhrase(summary, phrase))) return false;
    return matchesWords(summary, terms) !== null;
  };
  const matches = summaries
    .filter((summary) => passes(summary, null))
    .map((summary) => ({ summary, score: matchesWords(summary, terms)! }));
  const sort = query.sort ?? (terms.length > 0 ? 'relevance' : 'newest');
  matches.sort(
    (a, b) =>
      (sort === 'relevance' ? b.score - a.score : 0) ||
      (sort === 'salary' ? (pay(b.summary) ?? -1) - (pay(a.summary) ?? -1) : 0) ||
      Date.parse(b.summary.date_posted) - Date.parse(a.summary.date_posted) ||
      (a.summary.company_key < b.summary.company_key ? -1 : a.summary.company_key > b.summary.company_key ? 1 : 0) ||
      (a.summary.slug_url < b.summary.slug_url ? -1 : a.summary.slug_url > b.summary.slug_url ? 1 : 0),
  );
  const countBy = (facet: Facet, valuesOf: (summary: JobSummary) => Iterable<string | null>): Record<string, number> => {
    const counts: Record<string, number> = {};
    for (const summary of summaries.filter((one) => passes(one, facet))) {
      for (const value of valuesOf(summary)) if (value !== null) counts[value] = (counts[value] ?? 0) + 1;
    }
    return counts;
  };
  /** Countries the counted jobs name, each with the count of counted jobs placed there or open to it. */
  const countCountries = (): Record<string, number> => {
    const counted = summaries.filter((one) => passes(one, 'country'));
    const named = new Set(
      counted.flatMap((summary) => [
        ...summary.locations.flatMap((place) => (place.country === null ? [] : [place.country])),
        ...(summary.workplace_type === 'remote' && summary.remote_eligibility?.scope === 'restricted' ? summary.remote_eligibility.countries : []),
      ]),
    );
    return Object.fromEntries([...named].map((code) => [code, counted.filter((summary) => countriesOf(summary).has(code)).length]));
  };
  const from = query.page * query.pageSize;
  const page = matches.slice(from, from + query.pageSize).map(({ summary }) => summary);
  return {
    keys: page.map(({ company_key, slug_url }) => ({ company_key, slug_url })),
    summaries: page,
    count: matches.length,
    facets: {
      department: countBy('department', (summary) => [summary.department]),
      workplace: countBy('workplace', (summary) => [summary.workplace_type]),
      seniority: countBy('seniority', (summary) => [summary.seniority]),
      employment_type: countBy('employment_type', (summary) => [summary.employment_type]),
      country: countCountries(),
    },
    payHistogram: (() => {
      const bands = newPayBands();
      let without = 0;
      for (const summary of summaries.filter((one) => passes(one, 'pay'))) {
        const band = payBandOf(payFloorFigure(summary));
        if (band === -1) without += 1;
        else bands[band]! += 1;
      }
      return toPayHistogram(bands, without);
    })(),
  };
};

const index = createJobIndex(REAL_SUMMARIES, TEST_RULES);
const byKey = new Map(REAL_SUMMARIES.map((summary) => [`${summary.company_key}${summary.slug_url}`, summary]));
const summaryOf = (key: JobKey): JobSummary => byKey.get(`${key.company_key}${key.slug_url}`)!;

const ask = (text: string | null, more: Partial<JobSearchQuery> = {}): JobSearchPage =>
  index.search({ text, page: 0, pageSize: 50, ...more });
const titles = (page: JobSearchPage): string[] => page.keys.map((key) => `${summaryOf(key).company_name}: ${summaryOf(key).job_title.trim()}`);

describe('createJobIndex over real postings', () => {
  it('holds every job', () => {
    expect(index.size).toBe(REAL_SUMMARIES.length);
  });

  it('finds a company by name, newest first', () => {
    expect(titles(ask('DeepL'))).toEqual([
      'DeepL: Senior Full Stack Engineer (FE focus) | Agentic AI',
      'DeepL: Engineering Manager | Convert & Scale',
      'DeepL: Lead Web Designer',
      'DeepL: Engineering Manager | QA / SDET',
    ]);
    expect(titles(ask('character'))).toEqual(['Character.AI: Software Engineer, Backend']);
  });

  it('finds a city in any of a job’s places', () => {
    expect(titles(ask('munich'))).toEqual(['DeepL: Senior Full Stack Engineer (FE focus) | Agentic AI', 'DeepL: Lead Web Designer']);
    expect(ask('Seattle').count).toBe(2);
  });

  it('needs both words of "San Francisco" and ignores case', () => {
    const sanFrancisco = ask('SAN FRANCISCO');
    expect(sanFrancisco.count).toBe(7);
    expect(titles(ask('san jose'))).toEqual(['Lambda: Engineering Manager, HPC Deployments', 'Lambda: Senior Business Systems Architect']);
  });

  it('ignores accents in the search and in the posting', () => {
    expect(titles(ask('Île de France'))).toEqual(titles(ask('ile de france')));
    expect(titles(ask('ILE'))).toEqual(['Dust: Software Engineer, Frontend', 'Dust: Software Engineer']);
    expect(titles(ask('würtemberg'))).toEqual(['Aleph Alpha: Research Program Manager (f/m/d)', 'Aleph Alpha: Applied Researcher – LLM Training (f/m/d)']);
    expect(ask('WURTEMBERG')).toEqual(ask('würtemberg'));
  });

  it('finds a skill, and Java never means JavaScript', () => {
    expect(titles(ask('java'))).toEqual([
      'DeepL: Engineering Manager | Convert & Scale',
      'Character.AI: Software Engineer, Backend',
      'H Company: Forward Deployed Engineer',
    ]);
    expect(ask('javascript').count).toBe(3);
    expect(titles(ask('c++'))).toEqual(['DeepL: Engineering Manager | QA / SDET']);
    expect(ask('C#').count).toBe(2);
    expect(ask('c').count).toBe(0);
    expect(ask('node.js').count).toBe(3);
    expect(ask('Next.js').count).toBe(1);
  });

  it('matches each word in any field, and ranks title and company above places and skills', () => {
    expect(titles(ask('python london'))).toEqual(['DeepL: Engineering Manager | QA / SDET', 'Cohere: Senior Member of Technical Staff, Multimodal AI']);
    // "engineer" (or "Engineering") in the title scores 6; "kubernetes" only as a skill adds 2 to each.
    expect(titles(ask('kubernetes engineer'))).toEqual([
      'DeepL: Engineering Manager | Convert & Scale',
      'Lambda: Engineering Manager, HPC Deployments',
      'ElevenLabs: Full-Stack Engineer (Back-End Leaning)',
      'Dust: Software Engineer, Frontend',
      'Dust: Software Engineer',
    ]);
    // "react" is a skill (2) and "paris" a place (2) for every match: newest first.
    expect(titles(ask('react paris'))).toEqual([
      'H Company: Forward Deployed Engineer',
      'Dust: Software Engineer, Frontend',
      'Dust: Software Engineer',
    ]);
    expect(ask('deepl munich react').count).toBe(1);
    expect(ask('deepl seattle').count).toBe(0);
  });

  it('ranks a word in the title above the same word as a skill', () => {
    expect(titles(ask('llm'))).toEqual([
      'Aleph Alpha: Applied Researcher – LLM Training (f/m/d)',
      'Decagon: Director of Solutions Engineering, Strategic',
      'Stack AI: Senior AI/ML Engineer',
      'H Company: Forward Deployed Engineer',
      'Firecrawl: Web Automation Engineer',
      'Dust: Software Engineer, Frontend',
      'Dust: Software Engineer',
    ]);
    expect(ask('ml ai').keys.map(summaryOf).map((job) => job.job_title)).toEqual(['Senior AI/ML Engineer']);
    expect(titles(ask('ml/ai'))).toEqual(titles(ask('ML AI')));
  });

  it('reads inflections as one stem: "engineer" finds "Engineering Manager", plurals fold', () => {
    const engineer = ask('engineer').keys.map(summaryOf);
    expect(engineer.every((job) => /engineer(s|ing)?\b/i.test(job.job_title))).toBe(true);
    expect(engineer.map((job) => job.job_title)).toContain('Engineering Manager | Convert & Scale');
    expect(engineer).toHaveLength(15);
    expect(ask('engineering')).toEqual(ask('engineer'));
    expect(ask('Engineers')).toEqual(ask('engineer'));
    expect(ask('managers').count).toBe(4);
    // Only inflections, never derivations: "product" is not "production".
    expect(queryTerms('product')).not.toEqual(queryTerms('production'));
  });

  it('forgives one typo in a word of 5+ letters that no job has', () => {
    expect(ask('pyhton')).toEqual(ask('python'));
    expect(ask('pyhton').count).toBe(10);
    expect(ask('kubernets')).toEqual(ask('kubernetes'));
    expect(ask('enginer').count).toBe(15);
    // Short words must be spelled right, and a word some job has is taken as typed.
    expect(ask('jaav').count).toBe(0);
    expect(ask('java').count).toBe(3);
  });

  it('reads the reviewed synonyms and abbreviations both ways', () => {
    expect(ask('ML')).toEqual(ask('machine learning'));
    expect(ask('ML').count).toBe(5);
    expect(ask('NYC')).toEqual(ask('New York'));
    expect(titles(ask('NYC'))).toContain('Decagon: Director of Solutions Engineering, Strategic');
    expect(ask('SF')).toEqual(ask('San Francisco'));
    expect(ask('SF').count).toBe(7);
    expect(ask('k8s')).toEqual(ask('kubernetes'));
    expect(ask('JS')).toEqual(ask('javascript'));
    expect(ask('TS')).toEqual(ask('typescript'));
    expect(ask('LLM')).toEqual(ask('large language models'));
    expect(titles(ask('SWE'))).toEqual(titles(ask('software engineer')));
    expect(titles(ask('SWE'))).toEqual([
      'Character.AI: Software Engineer, Backend',
      'Lambda: Frontend Software Engineer',
      'Dust: Software Engineer, Frontend',
      'Dust: Software Engineer',
    ]);
    expect(queryTerms('GenAI')).toEqual(queryTerms('generative AI'));
  });

  it('reads the description’s words below title, company, places and skills, forgiving typos as before', () => {
    const [first, second, third] = REAL_SUMMARIES.filter((summary) => !/genai|generative|rag\b/i.test(`${summary.job_title} ${summary.skills.join(' ')}`));
    const summaries = [
      { ...first!, description_terms: 'genai rag agents' },
      { ...second!, job_title: `${second!.job_title} (GenAI)`, description_terms: 'rag' },
      { ...third!, description_terms: 'pyhton kubeflow' },
    ];
    const described = createJobIndex([...REAL_SUMMARIES.filter((summary) => !summaries.some((one) => one.slug_url === summary.slug_url && one.company_key === summary.company_key)), ...summaries], TEST_RULES);
    const keys = (text: string) => described.search({ text, page: 0, pageSize: 50 }).keys.map((key) => key.slug_url);
    // "GenAI" in a title outranks it among the description's words; "generative AI" is read as "genai".
    expect(keys('GenAI')).toEqual([second!.slug_url, first!.slug_url]);
    expect(keys('generative AI')).toEqual(keys('GenAI'));
    expect(keys('RAG')).toEqual(expect.arrayContaining([first!.slug_url, second!.slug_url]));
    expect(keys('RAG')).toHaveLength(ask('RAG').count + 2);
    expect(keys('kubeflow')).toEqual([third!.slug_url]);
    // A misspelling that a description happens to hold does not take "pyhton" away from Python.
    expect(keys('pyhton')).toContain(third!.slug_url);
    expect(keys('pyhton').length).toBe(ask('python').count + (third!.skills.includes('Python') ? 0 : 1));
    // Quoted phrases are read in the title, company, places and skills only.
    expect(keys('"rag agents"')).toEqual([]);
    // A place is found where jobs are, not where their text mentions it.
    const mentioning = createJobIndex(REAL_SUMMARIES.map((summary, at) => (at === 0 ? { ...summary, description_terms: 'munich offices' } : summary)), TEST_RULES);
    expect(mentioning.search({ text: 'munich', page: 0, pageSize: 50 }).count).toBe(ask('munich').count);
  });

  it('matches a quoted phrase word after word', () => {
    // "Senior Full-Stack Senior Engineer" has the words, but not one after the other.
    expect(titles(ask('"full stack engineer"'))).toEqual(['DeepL: Senior Full Stack Engineer (FE focus) | Agentic AI', 'ElevenLabs: Full-Stack Engineer (Back-End Leaning)']);
    expect(ask('full stack engineer').count).toBe(3);
    expect(ask('"engineer full stack"').count).toBe(0);
    expect(titles(ask('"engineering manager"'))).toEqual([
      'DeepL: Engineering Manager | Convert & Scale',
      'Lambda: Engineering Manager, HPC Deployments',
      'DeepL: Engineering Manager | QA / SDET',
    ]);
    expect(ask('"san jose" lambda').count).toBe(2);
  });

  it('reads hyphenated words either way', () => {
    expect(ask('full-stack').count).toBe(3);
    expect(ask('full stack').count).toBe(3);
    expect(ask('fullstack').count).toBe(2);
  });

  it('filters by department and workplace: OR within a filter, AND between them', () => {
    expect(ask(null, { departments: ['Research'] }).count).toBe(3);
    expect(ask(null, { departments: ['Research', 'Sales'] }).count).toBe(6);
    expect(ask(null, { workplaces: ['hybrid'] }).count).toBe(1);
    expect(titles(ask(null, { departments: ['Research', 'Sales'], workplaces: ['remote'] }))).toEqual([
      'ElevenLabs: Sales Development - India',
      'Aleph Alpha: Research Program Manager (f/m/d)',
      'Aleph Alpha: Applied Researcher – LLM Training (f/m/d)',
    ]);
    expect(titles(ask('python', { departments: ['Engineering'], workplaces: ['remote', 'hybrid'] }))).toEqual([
      'Stack AI: Senior AI/ML Engineer',
      'Cohere: Senior Full-Stack Senior Engineer (Front-End Leaning)',
      'ElevenLabs: Full-Stack Engineer (Back-End Leaning)',
    ]);
    expect(ask('python', { departments: [], workplaces: [] })).toEqual(ask('python'));
  });

  it('lists every job newest first for blank text', () => {
    const all = ask(null);
    expect(all.count).toBe(REAL_SUMMARIES.length);
    const posted = all.keys.map((key) => Date.parse(summaryOf(key).date_posted));
    expect(posted).toEqual([...posted].sort((a, b) => b - a));
    expect(ask('   ')).toEqual(all);
    expect(ask('the')).toEqual(all);
  });

  it('pages from zero and reports the true count past the end', () => {
    const whole = ask('engineer');
    const pages = [0, 1, 2, 3].map((page) => ask('engineer', { page, pageSize: 4 }));
    expect(pages.flatMap((page) => page.keys)).toEqual(whole.keys);
    expect(pages.map((page) => page.keys.length)).toEqual([4, 4, 4, 3]);
    expect(pages.every((page) => page.count === 15)).toBe(true);
    expect(ask('engineer', { page: 5, pageSize: 3 })).toMatchObject({ keys: [], count: 15 });
    expect(ask(null, { page: 1, pageSize: REAL_SUMMARIES.length })).toMatchObject({ keys: [], count: REAL_SUMMARIES.length });
    expect(ask('zzz', { page: 0 })).toMatchObject({ keys: [], count: 0 });
  });

  it('rejects a bad page or page size', () => {
    expect(() => ask('x', { page: -1 })).toThrow(RangeError);
    expect(() => ask(null, { pageSize: 0 })).toThrow(/pageSize/);
    expect(() => ask(null, { page: 1.5 })).toThrow(/page/);
  });

  it('refuses two jobs with one key', () => {
    expect(() => createJobIndex([REAL_SUMMARIES[0]!, { ...REAL_SUMMARIES[0]! }], TEST_RULES)).toThrow(/share the key/);
  });
});

const jobsOf = (page: JobSearchPage): JobSummary[] => page.keys.map(summaryOf);

describe('filters, each on the real postings', () => {
  it('min_salary_usd: the yearly USD maximum (else minimum) reaches the floor; jobs without pay are left out', () => {
    const paid = ask(null, { minSalaryUsd: 300_000 });
    expect(titles(paid)).toEqual([
      'Lambda: Engineering Manager, HPC Deployments',
      'Character.AI: Software Engineer, Backend',
      'Lambda: Senior Business Systems Architect',
      'Firecrawl: Web Automation Engineer',
      'Lambda: Frontend Software Engineer',
    ]);
    expect(jobsOf(paid).every((job) => job.salary_usd_year!.max! >= 300_000)).toBe(true);
    expect(ask(null, { minSalaryUsd: 0 }).count).toBe(REAL_SUMMARIES.filter((job) => job.salary_usd_year !== null).length);
  });

  it('seniority and employment type: any of the chosen values; jobs without one are left out', () => {
    expect(jobsOf(ask(null, { seniorities: ['manager', 'director'] })).map((job) => job.seniority)).toEqual(['manager', 'manager', 'director', 'manager']);
    expect(ask(null, { employmentTypes: ['contract'] }).count).toBe(0);
    expect(ask(null, { employmentTypes: ['full_time', 'contract'] }).count).toBe(REAL_SUMMARIES.length);
  });

  it('posted since: by date_posted', () => {
    const since = Date.parse('2025-10-01T00:00:00.000Z');
    const recent = jobsOf(ask(null, { postedSinceMs: since }));
    expect(recent).toHaveLength(REAL_SUMMARIES.filter((job) => Date.parse(job.date_posted) >= since).length);
    expect(recent.every((job) => job.date_posted >= '2025-10-01')).toBe(true);
    expect(recent.length).toBeGreaterThan(3);
  });

  it('countries: a place there, or a remote job open to it', () => {
    const germany = jobsOf(ask(null, { countries: ['DE'] }));
    expect(germany.map((job) => job.job_title.trim())).toEqual([
      'Senior Full Stack Engineer (FE focus) | Agentic AI',
      'Lead Web Designer',
      'Research Program Manager (f/m/d)',
      'Applied Researcher – LLM Training (f/m/d)',
      'Full-Stack Engineer (Back-End Leaning)',
    ]);
    // ElevenLabs' remote job is open to people in Poland; no place names Poland... but its places do: either way it counts.
    expect(ask(null, { countries: ['IN', 'BG'] }).count).toBe(2);
    expect(ask(null, { countries: ['JP'] }).count).toBe(0);
  });

  it('remote_from: remote jobs a person living there may take', () => {
    expect(titles(ask(null, { remoteFrom: 'CA' }))).toEqual(['Cohere: Senior Full-Stack Senior Engineer (Front-End Leaning)']);
    // The on-site DeepL jobs in Germany are not remote; the hybrid Firecrawl job is not either.
    expect(jobsOf(ask(null, { remoteFrom: 'DE' })).every((job) => job.workplace_type === 'remote')).toBe(true);
    expect(ask(null, { remoteFrom: 'DE' }).count).toBe(3);
    expect(ask(null, { remoteFrom: 'FR' }).count).toBe(0);
  });

  it('remote_from and countries read worldwide and regional eligibility (constructed jobs)', () => {
    const base = REAL_SUMMARIES.find((job) => job.company_key === 'elevenlabs' && job.workplace_type === 'remote')!;
    const worldwide = JobSummarySchema.parse({ ...base, slug_url: '/anywhere', locations: [], remote_eligibility: { scope: 'worldwide', countries: [], regions: [] } });
    const europe = JobSummarySchema.parse({ ...base, slug_url: '/europe', locations: [], remote_eligibility: { scope: 'restricted', countries: [], regions: ['EU'] } });
    const unknown = JobSummarySchema.parse({ ...base, slug_url: '/somewhere', locations: [], remote_eligibility: { scope: 'unknown', countries: [], regions: [] } });
    const small = createJobIndex([worldwide, europe, unknown], TEST_RULES);
    const slugs = (query: Partial<JobSearchQuery>) => small.search({ text: null, page: 0, pageSize: 9, ...query }).keys.map((key) => key.slug_url);
    expect(slugs({ remoteFrom: 'LU' })).toEqual(['/anywhere', '/europe']);
    expect(slugs({ remoteFrom: 'JP' })).toEqual(['/anywhere']);
    expect(slugs({ countries: ['FR'] })).toEqual(['/anywhere', '/europe']);
    // No job names a country, so the facet lists none; with one placed in Luxembourg it lists LU with the two remote jobs open to it.
    expect(small.search({ text: null, page: 0, pageSize: 9 }).facets.country).toEqual({});
    const inLuxembourg = JobSummarySchema.parse({ ...base, slug_url: '/lux', workplace_type: 'onsite', remote_eligibility: null, locations: [{ city: 'Luxembourg', region: null, country: 'LU', label: 'Luxembourg' }] });
    expect(createJobIndex([worldwide, europe, unknown, inLuxembourg], TEST_RULES).search({ text: null, page: 0, pageSize: 9 }).facets.country).toEqual({ LU: 3 });
  });

  it('only the jobs of the companies asked for (name or key, any case), as a company page lists them', () => {
    const two = jobsOf(ask(null, { companies: ['deepl', 'LAMBDA'], pageSize: 100 }));
    expect(new Set(two.map((job) => job.company_name))).toEqual(new Set(['DeepL', 'Lambda']));
    expect(two).toHaveLength(7);
    expect(ask(null, { companies: ['Nobody'] }).count).toBe(0);
  });

  it('exclude companies and keywords; visa sponsorship; ghost jobs', () => {
    expect(jobsOf(ask(null, { excludeCompanies: ['deepl', 'Lambda'] })).some((job) => ['DeepL', 'Lambda'].includes(job.company_name))).toBe(false);
    expect(ask(null, { excludeCompanies: ['deepl', 'Lambda'] }).count).toBe(REAL_SUMMARIES.length - 7);
    const notSenior = jobsOf(ask(null, { excludeKeywords: ['senior', 'python'] }));
    expect(notSenior.some((job) => /senior/i.test(job.job_title) || job.skills.includes('Python'))).toBe(false);
    expect(notSenior.length).toBeGreaterThan(5);
    // The London places of a job do not exclude it for "london": only the title and skills count.
    expect(ask('london', { excludeKeywords: ['london'] }).count).toBe(ask('london').count);
    expect(ask(null, { visaSponsorship: true }).count).toBe(0);
    expect(ask(null, { visaSponsorship: false }).count).toBe(REAL_SUMMARIES.length);
    const now = new Date('2025-10-28T12:00:00.000Z');
    const fresh = jobsOf(ask(null, { excludeGhostAt: now }));
    expect(fresh.every((job) => now.getTime() - Date.parse(job.first_seen_at) <= 60 * DAY_MS)).toBe(true);
    expect(fresh.length).toBeGreaterThan(0);
  });

  it('sorts by relevance with text, newest without, or by salary', () => {
    expect(titles(ask('engineer', { sort: 'newest' })).slice(0, 2)).toEqual(['DeepL: Senior Full Stack Engineer (FE focus) | Agentic AI', 'DeepL: Engineering Manager | Convert & Scale']);
    const bySalary = jobsOf(ask(null, { sort: 'salary' })).map((job) => job.salary_usd_year?.max ?? null);
    expect(bySalary.slice(0, 3)).toEqual([486_000, 401_000, 310_000]);
    expect(bySalary.at(-1)).toBeNull();
  });

  it('counts facets for the query, each facet ignoring its own filter', () => {
    const { facets, count } = ask('engineer', { seniorities: ['senior'], workplaces: ['remote'] });
    expect(count).toBe(2);
    // Seniority counts ignore the seniority filter: every remote engineer by level.
    expect(facets.seniority).toEqual({ senior: 2, manager: 1 });
    // Workplace counts ignore the workplace filter: senior engineers anywhere.
    expect(facets.workplace).toEqual({ remote: 2, onsite: 1 });
    expect(facets.department).toEqual({ Engineering: 2 });
    expect(facets.country).toEqual({ US: 2, CA: 1 });
  });
});

describe('suggestions as a person types', () => {
  it('offers companies, skills, titles and places whose words start with the text, most common first', () => {
    expect(index.suggest('coh')).toEqual([{ kind: 'company', text: 'Cohere' }]);
    expect(index.suggest('py')).toEqual([
      { kind: 'skill', text: 'Python' },
      { kind: 'skill', text: 'PyTorch' },
    ]);
    expect(index.suggest('machine le')).toEqual([{ kind: 'skill', text: 'Machine Learning' }]);
    expect(index.suggest('engineering man')).toEqual([
      { kind: 'title', text: 'Engineering Manager | Convert & Scale' },
      { kind: 'title', text: 'Engineering Manager | QA / SDET' },
      { kind: 'title', text: 'Engineering Manager, HPC Deployments' },
    ]);
    expect(index.suggest('MÜN').map((suggestion) => suggestion.text)).toEqual(['Munich', 'Munich, Bavaria, Germany']);
    expect(index.suggest('engineer', 2)).toHaveLength(2);
  });

  it('offers nothing for less than two letters or text no job has', () => {
    expect(index.suggest('p')).toEqual([]);
    expect(index.suggest('  ')).toEqual([]);
    expect(index.suggest('zzz')).toEqual([]);
  });
});

// Words people type, taken from the postings (with case and accents changed) plus a few that
// match nothing, typos, synonyms and quoted phrases.
const VOCABULARY = [
  ...new Set(REAL_SUMMARIES.flatMap((summary) => SEARCH_FIELDS.flatMap((field) => fieldText(summary, field).split(/[\s,|()]+/)))),
  'zurich',
  'javascript',
  'ENGINEERS',
  'paris',
  'PARÍS',
  'node.js',
  'the',
  'xyz',
  'pyhton',
  'enginer',
  'machine learning',
  'NYC',
  '"software engineer"',
  '"engineer software"',
  'GenAI',
  'generative AI',
  'RAG',
  'kubeflow',
  'kubeflwo',
].filter((word) => word !== '');

const NOW = new Date('2025-10-28T12:00:00.000Z');

const queryArbitrary = fc.record({
  text: fc.option(
    fc.array(fc.constantFrom(...VOCABULARY), { minLength: 0, maxLength: 4 }).map((words) => words.join(' ')),
    { nil: null },
  ),
  departments: fc.option(fc.subarray([...DEPARTMENTS]), { nil: null }),
  workplaces: fc.option(fc.subarray(WORKPLACES), { nil: null }),
  seniorities: fc.option(fc.subarray([...SenioritySchema.options]), { nil: null }),
  employmentTypes: fc.option(fc.subarray([...EmploymentTypeSchema.options]), { nil: null }),
  minSalaryUsd: fc.option(fc.constantFrom(0, 100_000, 200_000, 300_000, 1_000_000), { nil: null }),
  postedSinceMs: fc.option(fc.constantFrom(7, 30, 90, 400).map((days) => NOW.getTime() - days * DAY_MS), { nil: null }),
  countries: fc.option(fc.subarray(ALL_COUNTRIES, { maxLength: 3 }), { nil: null }),
  remoteFrom: fc.option(fc.constantFrom(...ALL_COUNTRIES), { nil: null }),
  excludeCompanies: fc.option(fc.subarray(['DeepL', 'lambda', 'Dust', 'Nobody']), { nil: null }),
  excludeKeywords: fc.option(fc.subarray(['senior', 'python', 'sales', 'full-stack']), { nil: null }),
  visaSponsorship: fc.option(fc.boolean(), { nil: null }),
  includeEstimatedPay: fc.option(fc.boolean(), { nil: null }),
  excludeMissingPayRange: fc.option(fc.boolean(), { nil: null }),
  excludeGhostAt: fc.option(fc.constant(NOW), { nil: null }),
  sort: fc.option(fc.constantFrom('relevance' as const, 'newest' as const, 'salary' as const), { nil: null }),
  page: fc.nat({ max: 6 }),
  pageSize: fc.integer({ min: 1, max: 8 }),
});

/** Remote eligibilities to mix in: worldwide, by region, by country, unknown. */
const ELIGIBILITIES = [
  null,
  { scope: 'worldwide' as const, countries: [], regions: [] },
  { scope: 'restricted' as const, countries: [], regions: ['EU'] },
  { scope: 'restricted' as const, countries: ['GB'], regions: ['EMEA', 'EU'] },
  { scope: 'restricted' as const, countries: ['US', 'CA'], regions: [] },
  { scope: 'unknown' as const, countries: [], regions: [] },
];

/** Description words to mix in (as `descriptionWords` writes them), one with a misspelling as postings have. */
const DESCRIPTION_TERMS = ['', 'genai rag agents', 'kubeflow ray distributed', 'pyhton rag london', 'engineers paris munich', 'software engineer'];

// More jobs made by recombining the real fields, so that scores and dates tie often.
const recombined = fc
  .array(
    fc.record({
      title: fc.constantFrom(...REAL_SUMMARIES),
      company: fc.constantFrom(...REAL_SUMMARIES),
      places: fc.constantFrom(...REAL_SUMMARIES),
      skills: fc.constantFrom(...REAL_SUMMARIES),
      posted: fc.constantFrom(...REAL_SUMMARIES),
      filters: fc.constantFrom(...REAL_SUMMARIES),
      eligibility: fc.constantFrom(...ELIGIBILITIES),
      visa: fc.constantFrom('offered' as const, 'not_offered' as const, 'unknown' as const),
      description: fc.constantFrom(...DESCRIPTION_TERMS),
    }),
    { minLength: 0, maxLength: 60 },
  )
  .map((parts) =>
    parts.map(
      (part, at): JobSummary =>
        JobSummarySchema.parse({
          ...part.filters,
          company_key: part.company.company_key,
          slug_url: `/job-${at}`,
          job_title: part.title.job_title,
          company_name: part.company.company_name,
          date_posted: part.posted.date_posted,
          first_seen_at: part.posted.first_seen_at,
          locations: part.places.locations,
          skills: part.skills.skills,
          remote_eligibility: part.filters.workplace_type === 'onsite' ? null : part.eligibility,
          visa_sponsorship: part.visa,
          description_terms: part.description,
        }),
    ),
  );

/**
 * `count` jobs recombined from the real ones (titles, companies, places, skills, posting dates and
 * description words crossed), so that common words match from a tenth to most of them, in fields of every weight.
 */
const crossedSummaries = (count: number): JobSummary[] => {
  const n = REAL_SUMMARIES.length;
  return Array.from({ length: count }, (_, at): JobSummary =>
    JobSummarySchema.parse({
      ...REAL_SUMMARIES[at % n]!,
      slug_url: `/crossed-${at}`,
      company_key: REAL_SUMMARIES[(at * 7) % n]!.company_key,
      company_name: REAL_SUMMARIES[(at * 7) % n]!.company_name,
      locations: REAL_SUMMARIES[(at * 3) % n]!.locations,
      skills: REAL_SUMMARIES[(at * 5) % n]!.skills,
      date_posted: REAL_SUMMARIES[(at * 11) % n]!.date_posted,
      description_terms: DESCRIPTION_TERMS[at % DESCRIPTION_TERMS.length],
    }),
  );
};

describe('the index agrees with a brute-force search', () => {
  it('on the real postings, for random queries', () => {
    fc.assert(
      fc.property(queryArbitrary, (query) => {
        expect(index.search(query)).toEqual(bruteForce(REAL_SUMMARIES, query));
      }),
      { numRuns: 300 },
    );
  });

  it('for several common words (their lists intersected side by side, or through a weight per job), on recombined postings', () => {
    const crossed = crossedSummaries(100);
    const crossedIndex = createJobIndex(crossed, TEST_RULES);
    const common = ['engineer', 'senior', 'software', 'python', 'san francisco', 'ai', 'llm', 'london', 'rag', 'paris', 'kubernetes', 'genai'];
    for (const [at, first] of common.entries()) {
      for (const second of common.slice(at + 1)) {
        const query = { text: `${first} ${second}`, page: 0, pageSize: 12 };
        expect(crossedIndex.search(query)).toEqual(bruteForce(crossed, query));
      }
    }
    fc.assert(
      fc.property(queryArbitrary, fc.array(fc.constantFrom(...common), { minLength: 2, maxLength: 4 }), (query, words) => {
        const asked = { ...query, text: words.join(' ') };
        expect(crossedIndex.search(asked)).toEqual(bruteForce(crossed, asked));
      }),
      { numRuns: 25 },
    );
  });

  /** The query as one of every job under faceted and place filters alone (counted per group of alike jobs). */
  const facetedOnly = (query: JobSearchQuery): JobSearchQuery => ({
    ...query,
    text: null,
    minSalaryUsd: null,
    postedSinceMs: null,
    excludeCompanies: null,
    excludeKeywords: null,
    visaSponsorship: null,
    excludeMissingPayRange: null,
    excludeGhostAt: null,
  });

  const agreesOnRecombined = (queries: fc.Arbitrary<JobSearchQuery>): void =>
    fc.assert(
      fc.property(recombined, fc.array(queries, { minLength: 1, maxLength: 5 }), (summaries, asked) => {
        const recombinedIndex = createJobIndex(summaries, TEST_RULES);
        for (const query of asked) expect(recombinedIndex.search(query)).toEqual(bruteForce(summaries, query));
      }),
      { numRuns: 100 },
    );

  it('for every job under faceted and place filters alone (counted per group of alike jobs), on recombined postings', () => {
    agreesOnRecombined(queryArbitrary.map(facetedOnly));
  });

  it('for every job under faceted and place filters and a pay floor (counted per group of alike jobs, the floor job by job), on recombined postings', () => {
    agreesOnRecombined(queryArbitrary.map((query) => ({ ...facetedOnly(query), minSalaryUsd: query.minSalaryUsd ?? 100_000 })));
    for (const minSalaryUsd of [0, 100_000, 200_000]) {
      for (const includeEstimatedPay of [false, true]) {
        const query = { text: null, minSalaryUsd, includeEstimatedPay, sort: 'salary' as const, page: 1, pageSize: 7 };
        expect(index.search(query)).toEqual(bruteForce(REAL_SUMMARIES, query));
      }
    }
  });

  it('for every job under faceted and place filters, a pay floor and filters leaving jobs out (ghosts, exclusions, companies, posted date), on recombined postings', () => {
    const leavingOut = ['excludeGhostAt', 'excludeKeywords', 'excludeCompanies', 'postedSinceMs'] as const;
    agreesOnRecombined(
      fc.tuple(queryArbitrary, fc.subarray([...leavingOut], { maxLength: 2 })).map(([query, kept]) => ({
        ...facetedOnly(query),
        minSalaryUsd: query.minSalaryUsd,
        ...Object.fromEntries(kept.map((key) => [key, query[key]])),
      })),
    );
    const leftOut: Partial<JobSearchQuery>[] = [
      { excludeGhostAt: NOW },
      { excludeKeywords: ['senior'] },
      { excludeKeywords: ['python', 'sales'] },
      { excludeCompanies: ['DeepL', 'lambda'] },
      { postedSinceMs: NOW.getTime() - 90 * DAY_MS },
      { postedSinceMs: NOW.getTime() - 400 * DAY_MS, excludeKeywords: ['senior'] },
    ];
    for (const filter of leftOut) {
      for (const minSalaryUsd of [null, 100_000, 150_000]) {
        for (const departments of [null, ['Engineering' as const]]) {
          for (const sort of ['newest' as const, 'salary' as const]) {
            const query = { text: null, ...filter, minSalaryUsd, departments, sort, page: 1, pageSize: 5 };
            expect(index.search(query)).toEqual(bruteForce(REAL_SUMMARIES, query));
          }
        }
      }
    }
  });

  it('for every job under filters judged job by job, reading only the jobs one of them keeps (visa, ghosts, years, pay range), on recombined postings', () => {
    const judgedPerJob = ['visaSponsorship', 'excludeGhostAt', 'maxYearsExperience', 'excludeMissingPayRange', 'excludeKeywords', 'postedSinceMs'] as const;
    agreesOnRecombined(
      fc.tuple(queryArbitrary, fc.subarray([...judgedPerJob], { minLength: 1, maxLength: 3 }), fc.constantFrom(null, 0, 2, 5, 10)).map(([query, kept, years]) => ({
        ...facetedOnly(query),
        minSalaryUsd: query.minSalaryUsd,
        ...Object.fromEntries(kept.map((key) => [key, key === 'maxYearsExperience' ? years : key === 'visaSponsorship' || key === 'excludeMissingPayRange' ? true : query[key]])),
      })),
    );
    const keptFew: Partial<JobSearchQuery>[] = [
      { visaSponsorship: true },
      { excludeGhostAt: NOW },
      { maxYearsExperience: 2 },
      { excludeMissingPayRange: true },
      { visaSponsorship: true, excludeGhostAt: NOW },
      { visaSponsorship: true, postedSinceMs: NOW.getTime() - 90 * DAY_MS, excludeKeywords: ['senior'] },
    ];
    for (const filter of keptFew) {
      for (const minSalaryUsd of [null, 100_000]) {
        for (const departments of [null, ['Engineering' as const]]) {
          for (const sort of ['newest' as const, 'salary' as const]) {
            // Twice: the second reads the kept jobs listed by the first.
            for (const page of [0, 1]) {
              const query = { text: null, ...filter, minSalaryUsd, departments, sort, page, pageSize: 5 };
              expect(index.search(query)).toEqual(bruteForce(REAL_SUMMARIES, query));
            }
          }
        }
      }
    }
  });

  it('for texts matching many jobs (their matches held, then counted per group of alike jobs), under every filter, sort and page, on recombined postings', () => {
    const crossed = crossedSummaries(400);
    const crossedIndex = createJobIndex(crossed, TEST_RULES);
    // Each matches at least a quarter of the jobs (and 48), so its matches are held from its first search.
    const common = ['engineer', 'san francisco', 'engineer python', '"san francisco"', 'machine learning'];
    for (const text of common) {
      const { count } = bruteForce(crossed, { text, page: 0, pageSize: 1 });
      expect(count * 4 >= crossed.length && count >= 48).toBe(true);
    }
    const leavingOut = ['excludeGhostAt', 'excludeKeywords', 'excludeCompanies', 'postedSinceMs'] as const;
    const agrees = (query: JobSearchQuery): void => {
      // Twice: the first search holds the text's matches (or finds them held), the second reads them.
      expect(crossedIndex.search(query)).toEqual(bruteForce(crossed, query));
      expect(crossedIndex.search(query)).toEqual(bruteForce(crossed, query));
    };
    fc.assert(
      fc.property(queryArbitrary, fc.subarray([...leavingOut], { maxLength: 2 }), fc.constantFrom(...common), (query, kept, text) => {
        // Any query (judged job by job when its filters ask for it), and the same with only the filters counted per group.
        agrees({ ...query, text });
        agrees({ ...facetedOnly(query), text, minSalaryUsd: query.minSalaryUsd, sort: query.sort, ...Object.fromEntries(kept.map((key) => [key, query[key]])) });
      }),
      { numRuns: 100 },
    );
    for (const text of common) {
      for (const sort of [null, 'relevance' as const, 'newest' as const, 'salary' as const]) {
        for (const page of [0, 1, 2]) agrees({ text, sort, page, pageSize: 25 });
      }
    }
  });

  it('on recombined postings with many ties, for random queries', () => {
    fc.assert(
      fc.property(recombined, fc.array(queryArbitrary, { minLength: 1, maxLength: 5 }), (summaries, queries) => {
        const recombinedIndex = createJobIndex(summaries, TEST_RULES);
        for (const query of queries) expect(recombinedIndex.search(query)).toEqual(bruteForce(summaries, query));
      }),
      { numRuns: 150 },
    );
  });
});

describe('an index restored from its image (a search snapshot, job-index-image.ts)', () => {
  const restored = (summaries: readonly JobSummary[]) =>
    restoreJobIndex(decodeJobIndexImage(encodeJobIndexImage(buildJobIndexParts(summaries, TEST_RULES), { version: '1' })).parts, TEST_RULES);
  const fromImage = restored(REAL_SUMMARIES);

  it('answers every search, suggestion and pay estimate as the index built from the same summaries', () => {
    fc.assert(
      fc.property(queryArbitrary, (query) => {
        expect(fromImage.search(query)).toEqual(index.search(query));
      }),
      { numRuns: 200 },
    );
    for (const typed of ['ma', 'machine le', 'coh', 'lond', 'py', 'x']) expect(fromImage.suggest(typed)).toEqual(index.suggest(typed));
    for (const summary of REAL_SUMMARIES) expect(fromImage.payEstimate(summary)).toEqual(index.payEstimate(summary));
    expect(fromImage.payEstimate({ company_key: 'nobody', slug_url: '/none' })).toBeNull();
    expect(fromImage.size).toBe(REAL_SUMMARIES.length);
  });

  it('answers as the built index on recombined postings, and with no jobs at all', () => {
    fc.assert(
      fc.property(recombined, fc.array(queryArbitrary, { minLength: 1, maxLength: 4 }), (summaries, queries) => {
        const built = createJobIndex(summaries, TEST_RULES);
        const read = restored(summaries);
        for (const query of queries) expect(read.search(query)).toEqual(built.search(query));
      }),
      { numRuns: 60 },
    );
  });

  it('gives a page asked again the same job objects, so what is kept per job (its list form, its JSON) is made once', () => {
    const query = { text: null, page: 0, pageSize: 20 };
    const first = fromImage.search(query).summaries;
    const again = fromImage.search(query).summaries;
    expect(first).toHaveLength(20);
    expect(again).toEqual(first);
    again.forEach((job, i) => expect(job).toBe(first[i]));
  });

  it('refuses bytes that are not an image of this format and layout', () => {
    const image = encodeJobIndexImage(buildJobIndexParts(REAL_SUMMARIES.slice(0, 20), TEST_RULES), { version: '1' });
    const header = (bytes: Uint8Array) => JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + new DataView(bytes.buffer, bytes.byteOffset).getUint32(4, true)))) as Record<string, unknown>;
    const withHeader = (change: Record<string, unknown>): Uint8Array => {
      const length = new DataView(image.buffer).getUint32(4, true);
      const text = new TextEncoder().encode(JSON.stringify({ ...header(image), ...change }).padEnd(length, ' '));
      const copy = image.slice();
      copy.set(text.subarray(0, length), 8);
      return copy;
    };
    expect(() => decodeJobIndexImage(image.subarray(0, image.length / 2))).toThrow(SnapshotFormatError);
    expect(() => decodeJobIndexImage(new TextEncoder().encode('{"format":1,"summaries":[]}'))).toThrow(SnapshotFormatError);
    expect(() => decodeJobIndexImage(withHeader({ format: 1 }))).toThrow(/format 1/);
    expect(() => decodeJobIndexImage(withHeader({ layout: '{}' }))).toThrow(/other search filters/);
    expect(decodeJobIndexImage(image).meta).toEqual({ version: '1' });
  });
});
