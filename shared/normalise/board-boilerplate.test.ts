import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseAshbyBoard } from '../sources/ashby';
import { fixedClock } from '../time/clock';
import { boardBoilerplate, paragraphsOf } from './board-boilerplate';

/** Real board: stapply-ai/ats-scrapers@43ece6fd:ashby/companies/cohere.json (in ../shared/data/ats/ashby, MIT). */
const COHERE = fileURLToPath(new URL('../../../shared/data/ats/ashby/cohere.json', import.meta.url));
const cohere = parseAshbyBoard(JSON.parse(readFileSync(COHERE, 'utf8')), {
  company: { company_key: 'cohere', company_name: 'Cohere', company_url: null, company_logo: null },
  boardToken: 'cohere',
  clock: fixedClock('2025-10-28T12:00:00.000Z'),
}).jobs;
const titled = (title: string) => {
  const job = cohere.find((candidate) => candidate.job_title === title);
  if (!job) throw new Error(`no Cohere job titled ${title}`);
  return job;
};

describe('skills from the posting, not the board boilerplate (Cohere)', () => {
  it('finds the company blurb that ends every Cohere description', () => {
    const blurb = [...boardBoilerplate(cohere.map((job) => job.description))];
    expect(blurb.some((paragraph) => paragraph.includes('semantic search, RAG, and agents'))).toBe(true);
  });

  it('gives non-technical roles no "RAG" from the blurb', () => {
    expect(titled('Vice President, Tax and Treasury').skills).not.toContain('RAG');
    expect(titled('Country Manager - France').skills).toEqual([]);
    expect(cohere.filter((job) => job.skills.includes('RAG')).length).toBeLessThan(cohere.length / 4);
  });

  it('keeps "RAG" where the posting itself asks for it, and keeps the other skills', () => {
    expect(titled('Partner Development Manager - US Public Sector').skills).toContain('RAG');
    expect(titled('Software Engineer, Product').skills).toEqual(['Python', 'TypeScript', 'React', 'PostgreSQL', 'Kubernetes']);
  });
});

describe('description words from the posting, not the board boilerplate (Cohere)', () => {
  it('gives search no "RAG" or "agents" from the blurb for a role that does not ask for them', () => {
    expect(titled('Vice President, Tax and Treasury').description_terms.split(' ')).not.toContain('rag');
    expect(titled('Country Manager - France').description_terms.split(' ')).not.toContain('agents');
  });

  it('keeps the words of the posting’s own paragraphs', () => {
    expect(titled('Partner Development Manager - US Public Sector').description_terms).not.toBe('');
    expect(titled('Vice President, Tax and Treasury').description_terms.split(' ')).toEqual(expect.arrayContaining(['ipo', 'sec']));
  });
});

describe('boardBoilerplate', () => {
  const blurb = '<p>We build frontier models for enterprises: semantic search, RAG, and agents, at scale.</p>';
  it('needs more than half of at least three described postings', () => {
    expect(boardBoilerplate([blurb, blurb]).size).toBe(0);
    expect(boardBoilerplate([blurb, blurb, '<p>Own text only, long enough to count as a paragraph of its own here.</p>']).size).toBe(1);
    expect(boardBoilerplate([blurb, '<p>a</p>', '<p>b</p>', null]).size).toBe(0);
  });

  it('reads paragraphs and list items as separate blocks, entities decoded', () => {
    expect(paragraphsOf('<p>One &amp; two</p><ul><li>Python</li><li>Go</li></ul>')).toEqual(['One & two', 'Python', 'Go']);
  });
});
