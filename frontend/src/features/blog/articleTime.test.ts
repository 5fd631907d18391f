import { describe, expect, it } from 'vitest';
import { formatArticleDate } from './articleTime';

describe("formatArticleDate ('MMMM D, YYYY', no time of day)", () => {
  it('names the month and gives the UTC day', () => {
    expect(formatArticleDate('2026-09-10T16:45:00.000Z')).toBe('September 10, 2026');
    expect(formatArticleDate('2026-03-04T09:05:00.000Z')).toBe('March 4, 2026');
    expect(formatArticleDate('2026-01-01T00:30:00.000Z')).toBe('January 1, 2026');
  });

  it('gives the day in another time zone when asked', () => {
    expect(formatArticleDate('2026-01-01T02:00:00.000Z', 'America/New_York')).toBe('December 31, 2025');
  });

  it('gives an empty string for a time that does not parse', () => {
    expect(formatArticleDate('not a date')).toBe('');
  });
});
