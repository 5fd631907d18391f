/**
 * Company names from the employers' own postings: the 43 captured Ashby boards
 * (stapply-ai/ats-scrapers@43ece6fd: ashby/companies/*.json, in ../shared/data/ats/ashby), whose
 * tokens read as "Manusai", "Lmarena", "Hcompany", "AlephAlpha", "N8n", "Worldlabs".
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { betterName, nameFromPostings, nameFromToken } from './company-names';

const DIR = new URL('../../../shared/data/ats/ashby/', import.meta.url);
const postingTexts = (board: string): string[] =>
  (JSON.parse(readFileSync(new URL(`${board}.json`, DIR), 'utf8')) as { jobs: { descriptionPlain?: string }[] }).jobs.map((job) => job.descriptionPlain ?? '');

describe('nameFromPostings on the captured boards', () => {
  it.each([
    ['manusai', 'Manus'],
    ['lmarena', 'LMArena'],
    ['hcompany', 'H Company'],
    ['AlephAlpha', 'Aleph Alpha'],
    ['n8n', 'n8n'],
    ['worldlabs', 'World Labs'],
    ['PrimeIntellect', 'Prime Intellect'],
    ['liquid-ai', 'Liquid AI'],
    ['stack-ai', 'Stack AI'],
    ['elevenlabs', 'ElevenLabs'],
    ['turbopuffer', 'turbopuffer'],
    ['writer', 'Writer'],
  ])('%s → %s', (board, name) => {
    expect(nameFromPostings(board, postingTexts(board))).toBe(name);
  });

  it('names every captured board, never in capitals only', () => {
    const boards = readdirSync(DIR).filter((file) => file.endsWith('.json')).map((file) => file.replace(/\.json$/, ''));
    for (const board of boards) {
      const name = nameFromPostings(board, postingTexts(board));
      expect(name, board).not.toBeNull();
      expect(name, board).not.toBe(name!.toUpperCase());
    }
  });

  it('gives null when the postings never write the name', () => {
    expect(nameFromPostings('acme', ['We build rockets.', 'ACME is hiring.'])).toBeNull();
  });
});

describe('nameFromToken', () => {
  it('reads words and acronyms from a token, and a Workday tenant from its token', () => {
    expect(nameFromToken('physical-intelligence')).toBe('Physical Intelligence');
    expect(nameFromToken('liquid_ai')).toBe('Liquid AI');
    expect(nameFromToken('acme.wd5.External')).toBe('Acme');
  });
});

describe('betterName', () => {
  it('replaces a name made from the board token with the one the board publishes', () => {
    expect(betterName('Lmarena', 'lmarena', 'LMArena')).toBe('LMArena');
    expect(betterName('hcompany', 'hcompany', 'H Company')).toBe('H Company');
    expect(betterName('Manusai', 'manusai', 'Manus')).toBe('Manus');
    expect(betterName('Wshgroup', 'WSHGroup', 'WSH Group Ltd')).toBe('WSH Group');
  });

  it('keeps a name that came from elsewhere, or a published name that names something else', () => {
    expect(betterName('Character.AI', 'character', 'Character')).toBeNull();
    expect(betterName('Acme', 'acme', 'Acme Rockets International')).toBeNull();
    expect(betterName('DeepL', 'DeepL', 'DeepL')).toBeNull();
    expect(betterName('Lmarena', 'lmarena', null)).toBeNull();
  });
});
