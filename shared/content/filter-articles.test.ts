import { describe, expect, it } from 'vitest';
import { filterArticles } from './filter-articles';

const articles = [
  { headline: 'Preparing for Machine Learning Interviews', description: 'Coding, ML system design and the project deep dive.' },
  { headline: 'Understanding Compensation', description: 'Salary, EQUITY and negotiation at AI companies.' },
  { headline: 'Build a Portfolio', description: 'Two finished projects beat ten notebooks.' },
];

describe('filterArticles (the blog search box)', () => {
  it('matches the headline or the description, ignoring case and surrounding spaces', () => {
    expect(filterArticles(articles, 'interviews').map((a) => a.headline)).toEqual(['Preparing for Machine Learning Interviews']);
    expect(filterArticles(articles, '  equity ').map((a) => a.headline)).toEqual(['Understanding Compensation']);
    expect(filterArticles(articles, 'PROJECT').map((a) => a.headline)).toEqual(['Preparing for Machine Learning Interviews', 'Build a Portfolio']);
  });

  it('keeps everything, in order, for an empty query and nothing when no article matches', () => {
    expect(filterArticles(articles, '   ')).toEqual(articles);
    expect(filterArticles(articles, 'quantum cooking')).toEqual([]);
  });
});
