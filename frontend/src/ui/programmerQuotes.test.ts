import { describe, it, expect } from 'vitest';
import { PROGRAMMER_QUOTES, randomQuote } from './programmerQuotes';

describe('programmer quotes', () => {
  it('holds at least 100 distinct quotes, each with its author', () => {
    expect(PROGRAMMER_QUOTES.length).toBeGreaterThanOrEqual(100);
    expect(new Set(PROGRAMMER_QUOTES.map((quote) => quote.text)).size).toBe(PROGRAMMER_QUOTES.length);
    for (const quote of PROGRAMMER_QUOTES) {
      expect(quote.text.trim()).not.toBe('');
      expect(quote.author.trim()).not.toBe('');
    }
  });

  it('picks across the whole list', () => {
    expect(randomQuote(() => 0)).toBe(PROGRAMMER_QUOTES[0]);
    expect(randomQuote(() => 0.999999)).toBe(PROGRAMMER_QUOTES.at(-1));
  });
});
