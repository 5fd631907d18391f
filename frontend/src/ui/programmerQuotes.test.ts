import { describe, it, expect } from 'vitest';
import { PROGRAMMER_QUOTES, quoteFor } from './programmerQuotes';

describe('programmer quotes', () => {
  it('holds at least 100 distinct quotes, each with its author', () => {
    expect(PROGRAMMER_QUOTES.length).toBeGreaterThanOrEqual(100);
    expect(new Set(PROGRAMMER_QUOTES.map((quote) => quote.text)).size).toBe(PROGRAMMER_QUOTES.length);
    for (const quote of PROGRAMMER_QUOTES) {
      expect(quote.text.trim()).not.toBe('');
      expect(quote.author.trim()).not.toBe('');
    }
  });

  it('gives one key the same quote every time (server and browser agree) and spreads keys over the list', () => {
    expect(quoteFor(':r1:')).toBe(quoteFor(':r1:'));
    const picked = new Set(Array.from({ length: 400 }, (_, i) => quoteFor(`:r${i}:Loading`)));
    expect(picked.size).toBeGreaterThan(PROGRAMMER_QUOTES.length / 2);
  });
});
