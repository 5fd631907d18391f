import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { jobSlug, MAX_TITLE_SLUG } from './slug';

const SLUG = /^\/[a-z0-9-]+$/;

describe('jobSlug', () => {
  it('turns a title and an Ashby UUID into a readable path with the id prefix', () => {
    // cohere's first posting, stapply-ai/ats-scrapers@43ece6fd:ashby/companies/cohere.json
    expect(jobSlug('Senior Member of Technical Staff, Multimodal AI', '443368a3-6276-4b90-9671-27fed40fd6d2')).toBe(
      '/senior-member-of-technical-staff-multimodal-ai-443368a3',
    );
  });

  it('drops accents and symbols and folds runs of punctuation into one hyphen', () => {
    expect(jobSlug('Développeur·se C++ / Rust — Zürich (f/m/d)', '4012345')).toBe('/developpeur-se-c-rust-zurich-f-m-d-4012345');
    expect(jobSlug('  Straße   Ingenieur  ', 'abc')).toBe('/strasse-ingenieur-abc');
  });

  it('keeps two jobs with the same title apart by their ids', () => {
    const a = jobSlug('Account Executive', '11111111-0000-4000-8000-000000000000');
    const b = jobSlug('Account Executive', '22222222-0000-4000-8000-000000000000');
    expect(a).not.toBe(b);
  });

  it('hashes ids that are long or not URL-safe, stably', () => {
    const slug = jobSlug('Engineer', 'Some/Very Long Requisition ID #42');
    expect(slug).toMatch(/^\/engineer-[a-z0-9]{7}$/);
    expect(jobSlug('Engineer', 'Some/Very Long Requisition ID #42')).toBe(slug);
  });

  it('caps long titles at a word boundary and names an empty title "job"', () => {
    const slug = jobSlug('Principal '.repeat(30), 'abc');
    expect(slug.length).toBeLessThanOrEqual(1 + MAX_TITLE_SLUG + 1 + 3);
    expect(slug).toMatch(/^\/(principal-)+principal-abc$/);
    expect(jobSlug('!!!', 'abc')).toBe('/job-abc');
    expect(jobSlug('日本語の求人', 'x1')).toBe('/job-x1');
  });

  it('always yields a slug JobSchema accepts', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 1 }), (title, id) => {
        expect(jobSlug(title, id)).toMatch(SLUG);
      }),
      { numRuns: 500 },
    );
  });
});
