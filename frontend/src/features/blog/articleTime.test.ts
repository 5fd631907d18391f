import { describe, expect, it } from 'vitest';
import { formatArticleTime } from './articleTime';

describe("formatArticleTime ('hh:mm a | MMMM DD, YYYY')", () => {
  it('pads hours and days, names the month and marks AM or PM', () => {
    expect(formatArticleTime('2026-09-10T16:45:00.000Z', 'UTC')).toBe('04:45 PM | September 10, 2026');
    expect(formatArticleTime('2026-03-04T09:05:00.000Z', 'UTC')).toBe('09:05 AM | March 04, 2026');
    expect(formatArticleTime('2026-01-01T00:30:00.000Z', 'UTC')).toBe('12:30 AM | January 01, 2026');
  });

  it("shows the visitor's own time zone, date included", () => {
    expect(formatArticleTime('2026-01-01T02:00:00.000Z', 'America/New_York')).toBe('09:00 PM | December 31, 2025');
  });

  it('gives an empty string for a time that does not parse', () => {
    expect(formatArticleTime('not a date', 'UTC')).toBe('');
  });
});
