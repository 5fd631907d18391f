import { describe, it, expect } from 'vitest';
import { initialsOf } from './initials';

describe('initialsOf', () => {
  it('takes the first letters of the first and last word of the full name', () => {
    expect(initialsOf({ name: 'Ada King Lovelace', email: 'ada@example.com' })).toBe('AL');
    expect(initialsOf({ name: 'grace hopper', email: 'g@example.com' })).toBe('GH');
    expect(initialsOf({ name: '  Alan   Mathison  Turing ', email: '' })).toBe('AT');
  });

  it('uses one letter for a one-word name', () => {
    expect(initialsOf({ name: 'Cher', email: 'c@example.com' })).toBe('C');
  });

  it('falls back to the email when there is no name', () => {
    expect(initialsOf({ name: '', email: 'linus@example.com' })).toBe('L');
    expect(initialsOf({ name: null, email: ' edsger@example.com' })).toBe('E');
  });

  it('keeps accented and non-Latin letters whole', () => {
    expect(initialsOf({ name: 'Émilie du Châtelet', email: '' })).toBe('ÉC');
    expect(initialsOf({ name: '𝒜lice Smith', email: '' })).toBe('𝒜S');
  });

  it('shows a question mark when nothing is usable', () => {
    expect(initialsOf({ name: ' ', email: '' })).toBe('?');
  });
});
