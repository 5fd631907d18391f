import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEPARTMENTS } from '../departments/department';
import type { Workplace } from '../jobs/job';
import type { JobKey, JobSummary } from '../jobs/job-summary';
import { createJobIndex } from './job-index';
import { FIELD_WEIGHTS, SEARCH_FIELDS, fieldText, type JobSearchPage, type JobSearchQuery } from './job-table';
import { REAL_SUMMARIES } from './real-job-summaries.fixture';
import { documentTerms, queryTerms } from './search-terms';

const WORKPLACES: Workplace[] = ['remote', 'hybrid', 'onsite'];

/** The obvious, slow way: look at every job's every field. The index must agree with it exactly. */
const bruteForce = (summaries: readonly JobSummary[], query: JobSearchQuery): JobSearchPage => {
  const words = query.text === null ? [] : queryTerms(query.text);
  const matches: { summary: JobSummary; score: number }[] = [];
  for (const summary of summaries) {
    if (query.departments?.length && !query.departments.includes(summary.department)) continue;
    if (query.workplaces?.length && !query.workplaces.includes(summary.workplace_type)) continue;
    const fields = SEARCH_FIELDS.map((field) => ({ weight: FIELD_WEIGHTS[field], terms: new Set(documentTerms(fieldText(summary, field))) }));
    let score = 0;
    let all = true;
    for (const word of words) {
      const weights = fields.filter(({ terms }) => terms.has(word)).map(({ weight }) => weight);
      if (weights.length === 0) all = false;
      else score += Math.max(...weights);
    }
    if (all) matches.push({ summary, score });
  }
  matches.sort(
    (a, b) =>
      b.score - a.score ||
      Date.parse(b.summary.date_posted) - Date.parse(a.summary.date_posted) ||
      (a.summary.company_key < b.summary.company_key ? -1 : a.summary.company_key > b.summary.company_key ? 1 : 0) ||
      (a.summary.slug_url < b.summary.slug_url ? -1 : a.summary.slug_url > b.summary.slug_url ? 1 : 0),
  );
  const from = query.page * query.pageSize;
  return {
    keys: matches.slice(from, from + query.pageSize).map(({ summary }) => ({ company_key: summary.company_key, slug_url: summary.slug_url })),
    count: matches.length,
  };
};

const index = createJobIndex(REAL_SUMMARIES);
const byKey = new Map(REAL_SUMMARIES.map((summary) => [`${summary.company_key}${summary.slug_url}`, summary]));
const summaryOf = (key: JobKey): JobSummary => byKey.get(`${key.company_key}${key.slug_url}`)!;

const ask = (text: string | null, more: Partial<JobSearchQuery> = {}): JobSearchPage =>
  index.search({ text, departments: null, workplaces: null, page: 0, pageSize: 50, ...more });
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
    // "engineer" in the title scores 3; "kubernetes" only as a skill adds 1 to each.
    expect(titles(ask('kubernetes engineer'))).toEqual([
      'ElevenLabs: Full-Stack Engineer (Back-End Leaning)',
      'Dust: Software Engineer, Frontend',
      'Dust: Software Engineer',
    ]);
    // "react" is a skill (1) and "paris" a place (1) for every match: newest first.
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

  it('matches whole words: "engineer" is not "engineering", plurals fold', () => {
    const engineer = ask('engineer').keys.map(summaryOf);
    expect(engineer.every((job) => /engineer\b/i.test(job.job_title))).toBe(true);
    expect(engineer).toHaveLength(10);
    expect(titles(ask('engineering'))).toEqual([
      'DeepL: Engineering Manager | Convert & Scale',
      'Lambda: Engineering Manager, HPC Deployments',
      'Decagon: Director of Solutions Engineering, Strategic',
      'Harvey: People Business Partner - Engineering, Product & Design',
      'DeepL: Engineering Manager | QA / SDET',
    ]);
    expect(ask('Engineers')).toEqual(ask('engineer'));
    expect(ask('managers').count).toBe(4);
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
    const pages = [0, 1, 2, 3].map((page) => ask('engineer', { page, pageSize: 3 }));
    expect(pages.flatMap((page) => page.keys)).toEqual(whole.keys);
    expect(pages.map((page) => page.keys.length)).toEqual([3, 3, 3, 1]);
    expect(pages.every((page) => page.count === 10)).toBe(true);
    expect(ask('engineer', { page: 4, pageSize: 3 })).toEqual({ keys: [], count: 10 });
    expect(ask(null, { page: 1, pageSize: REAL_SUMMARIES.length })).toEqual({ keys: [], count: REAL_SUMMARIES.length });
    expect(ask('zzz', { page: 0 })).toEqual({ keys: [], count: 0 });
  });

  it('rejects a bad page or page size', () => {
    expect(() => ask('x', { page: -1 })).toThrow(RangeError);
    expect(() => ask(null, { pageSize: 0 })).toThrow(/pageSize/);
    expect(() => ask(null, { page: 1.5 })).toThrow(/page/);
  });

  it('refuses two jobs with one key', () => {
    expect(() => createJobIndex([REAL_SUMMARIES[0]!, { ...REAL_SUMMARIES[0]! }])).toThrow(/share the key/);
  });
});

// Words people type, taken from the postings (with case and accents changed) plus a few that match nothing.
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
].filter((word) => word !== '');

const queryArbitrary = fc.record({
  text: fc.option(
    fc.array(fc.constantFrom(...VOCABULARY), { minLength: 0, maxLength: 4 }).map((words) => words.join(' ')),
    { nil: null },
  ),
  departments: fc.option(fc.subarray([...DEPARTMENTS]), { nil: null }),
  workplaces: fc.option(fc.subarray(WORKPLACES), { nil: null }),
  page: fc.nat({ max: 6 }),
  pageSize: fc.integer({ min: 1, max: 8 }),
});

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
    }),
    { minLength: 0, maxLength: 60 },
  )
  .map((parts) =>
    parts.map(
      (part, at): JobSummary => ({
        company_key: part.company.company_key,
        slug_url: `/job-${at}`,
        job_title: part.title.job_title,
        company_name: part.company.company_name,
        department: part.filters.department,
        workplace_type: part.filters.workplace_type,
        date_posted: part.posted.date_posted,
        locations: part.places.locations,
        skills: part.skills.skills,
      }),
    ),
  );

describe('the index agrees with a brute-force search', () => {
  it('on the real postings, for random queries', () => {
    fc.assert(
      fc.property(queryArbitrary, (query) => {
        expect(index.search(query)).toEqual(bruteForce(REAL_SUMMARIES, query));
      }),
      { numRuns: 400 },
    );
  });

  it('on recombined postings with many ties, for random queries', () => {
    fc.assert(
      fc.property(recombined, fc.array(queryArbitrary, { minLength: 1, maxLength: 5 }), (summaries, queries) => {
        const recombinedIndex = createJobIndex(summaries);
        for (const query of queries) expect(recombinedIndex.search(query)).toEqual(bruteForce(summaries, query));
      }),
      { numRuns: 150 },
    );
  });
});
