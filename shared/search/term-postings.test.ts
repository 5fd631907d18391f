import { describe, expect, it } from 'vitest';
import { TermPostings } from './term-postings';

describe('TermPostings', () => {
  it('gives each term the jobs that have it, ascending, each once', () => {
    const postings = new TermPostings();
    postings.add(0, ['rag', 'genai', 'rag']);
    postings.add(2, ['rag']);
    postings.add(5, ['kubeflow', 'genai']);
    postings.seal();
    expect([...postings.search('rag')]).toEqual([0, 2]);
    expect([...postings.search('genai')]).toEqual([0, 5]);
    expect([...postings.search('kubeflow')]).toEqual([5]);
    expect([...postings.search('python')]).toEqual([]);
    expect(postings.has('genai')).toBe(true);
    expect(postings.has('python')).toBe(false);
    const restored = TermPostings.restore(postings.parts());
    expect([...restored.search('genai')]).toEqual([0, 5]);
    expect([...restored.terms()]).toEqual(['genai', 'kubeflow', 'rag']);
  });

  it('finds terms of any script, sorted by their UTF-8 bytes', () => {
    const postings = new TermPostings();
    postings.add(0, ['zürich', 'c++', '東京', 'zurich']);
    postings.seal();
    for (const term of ['zürich', 'c++', '東京', 'zurich']) expect([...postings.search(term)]).toEqual([0]);
    expect(postings.has('zuerich')).toBe(false);
  });

  it('refuses a search before it is sealed and an add after', () => {
    const postings = new TermPostings();
    expect(() => postings.search('rag')).toThrow(/before seal/);
    postings.seal();
    expect(() => postings.add(0, ['rag'])).toThrow(/after seal/);
  });
});
