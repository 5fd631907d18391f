// The registry import against the real reference data:
// companies/registry.csv (stapply-ai/ats-scrapers@7202096c + jshchnz/claude-jobs@27f077d1),
// companies/profiles/*.json (diaodiaozhuye/awesome-ai-startups@26e3bbfa),
// ats/ashby/*.json file names (stapply-ai/ats-scrapers@43ece6fd3ab4398cda575f0483fd49ea5c58eccb).
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatFunding, importRegistry, parseRegistryCsv, titleFromSlug } from './registry';

const DATA = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../shared/data');
const csv = readFileSync(path.join(DATA, 'companies/registry.csv'), 'utf8');
const profileDir = path.join(DATA, 'companies/profiles');
const profiles: unknown[] = readdirSync(profileDir)
  .filter((file) => file.endsWith('.json'))
  .map((file) => JSON.parse(readFileSync(path.join(profileDir, file), 'utf8')) as unknown);
const captures = readdirSync(path.join(DATA, 'ats/ashby')).filter((file) => file.endsWith('.json'));

const result = importRegistry({ csv, profiles });
const byRegistryName = (name: string) => {
  const entry = result.entries.find((candidate) => candidate.registryName === name);
  if (entry === undefined) throw new Error(`no entry for ${name}`);
  return entry;
};

describe('importRegistry on the real registry and profiles', () => {
  it('imports every row, folding the registry’s duplicate names into one company', () => {
    expect(parseRegistryCsv(csv)).toHaveLength(438);
    expect(result.rejected).toEqual([]);
    expect(result.merged.map((problem) => problem.company).sort()).toEqual(['scale', 'stabilityai']);
    expect(result.entries).toHaveLength(436);
    const keys = result.entries.map((entry) => entry.company.company_key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('fills a company from its reliable profile', () => {
    expect(byRegistryName('cohere').company).toEqual({
      company_key: 'cohere',
      company_name: 'Cohere',
      company_logo: null,
      company_url: 'https://cohere.com',
      ats: 'ashby',
      board_token: 'cohere',
      careers_url: null,
      ai_category: 'LLM Foundation Model',
      description:
        'Cohere builds enterprise-grade large language models and RAG solutions. Focused on making NLP accessible for business applications.',
      hq: 'Toronto, Canada',
      employees: '201-500',
      year_founded: 2019,
      fund: '$970M',
      fund_stage: 'Series D',
      job_count: 0,
    });
    expect(byRegistryName('character').company.company_name).toBe('Character.AI');
    expect(byRegistryName('openai').company).toMatchObject({ fund: '$11.3B', fund_stage: 'Growth' });
    expect(byRegistryName('huggingface').company).toMatchObject({ company_name: 'Hugging Face', ats: 'workable' });
  });

  it('ignores profiles below the 0.8 quality score', () => {
    // vercel.json is a 0.4 scrape: its website is not taken.
    expect(byRegistryName('vercel').company).toMatchObject({ company_name: 'Vercel', company_url: null, hq: null });
    expect(byRegistryName('vercel').profile).toBeNull();
  });

  it('names companies without a profile from the board capture’s casing, else by capitalising words', () => {
    expect(byRegistryName('deepl').company.company_name).toBe('DeepL');
    expect(byRegistryName('alephalpha').company.company_name).toBe('AlephAlpha');
    expect(byRegistryName('prime intellect').company.company_name).toBe('Prime Intellect');
    expect(byRegistryName('physical intelligence').company).toMatchObject({
      company_name: 'Physical Intelligence',
      company_key: 'physical intelligence',
    });
    expect(byRegistryName('liquid-ai').company.company_name).toBe('Liquid AI');
    expect(byRegistryName('magic.dev').company.company_name).toBe('Magic.dev');
  });

  it('links every captured Ashby board to exactly one company', () => {
    const linked = result.entries.flatMap((entry) => (entry.capturedResponse === null ? [] : [entry.capturedResponse]));
    expect(linked.sort()).toEqual(captures.map((file) => `ats/ashby/${file}`).sort());
    for (const entry of result.entries.filter((candidate) => candidate.capturedResponse !== null)) {
      expect(entry.company.ats).toBe('ashby');
    }
  });

  it('keeps only ATS names it knows', () => {
    expect(byRegistryName('sendcloud').company).toMatchObject({ ats: null, board_token: null });
  });

  it('reports a row that fails validation instead of throwing', () => {
    const broken = importRegistry({
      csv: 'company,ats,board_token,public_api_url,captured_response,sources,note\n"  ",ashby,x,,,,\ncohere,ashby,cohere,,,,\n',
      profiles: [],
    });
    expect(broken.entries.map((entry) => entry.company.company_name)).toEqual(['Cohere']);
    expect(broken.rejected).toEqual([{ line: 2, company: '', reason: expect.stringContaining('company_key') }]);
  });
});

describe('display formats', () => {
  it('writes funding in whole US dollars as millions or billions', () => {
    expect(formatFunding(970_000_000)).toBe('$970M');
    expect(formatFunding(1_200_000_000)).toBe('$1.2B');
    expect(formatFunding(0)).toBeNull();
    expect(formatFunding(null)).toBeNull();
  });

  it('turns profile slugs into titles with AI acronyms', () => {
    expect(titleFromSlug('llm-foundation-model')).toBe('LLM Foundation Model');
    expect(titleFromSlug('series-d')).toBe('Series D');
    expect(titleFromSlug('ai-robotics')).toBe('AI Robotics');
  });
});
