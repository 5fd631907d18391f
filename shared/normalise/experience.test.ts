import { describe, expect, it } from 'vitest';
import { parseYearsExperience } from './experience';

// Real requirement lines from stapply-ai/ats-scrapers@43ece6fd:ashby/companies/*.json (file named beside each).
const LINES: [string, { min: number; max: number | null }, string][] = [
  ['- 2+ years of experience in technical program management or research coordination', { min: 2, max: null }, 'AlephAlpha.json'],
  ['- 5-7 years of previous experience in Customer Success in a fast paced, SaaS organisation.', { min: 5, max: 7 }, 'elevenlabs.json'],
  ['- 8–10+ years of experience in customer-facing technical roles such as Solutions Architect', { min: 8, max: 10 }, 'decagon.json'],
  ['- 7+ years in a CSM role focused on Fortune 50-100 accounts', { min: 7, max: null }, 'writer.json'],
  ["- You've spent 5+ years as an analytics or data engineer building core datasets", { min: 5, max: null }, 'notion.json'],
  ['- +7 years of experience building production infrastructure as a Platform Engineer', { min: 7, max: null }, 'lovable.json'],
  ['- 6-8 years of progressive international tax experience, including time at a Big Four', { min: 6, max: 8 }, 'replit.json'],
  ['- 5+ years experience shipping production iOS apps', { min: 5, max: null }, 'suno.json'],
  ['- 4+ years hands-on experience building production products and systems.', { min: 4, max: null }, 'sierra.json'],
  ['- 6–12 years’ legal experience, with at least 2-4 years in-house at a high-growth tech company', { min: 6, max: 12 }, 'harvey.json'],
  ['- Bring a minimum of 3 years of experience in development', { min: 3, max: null }, 'firecrawl.json'],
  ['- You have 1 years+ experience in sales or sales development in SaaS tech', { min: 1, max: null }, 'notion.json'],
  ['- Python: 3+ years writing clean, tested, production code (typing, pytest)', { min: 3, max: null }, 'synthflow.json'],
  ['- 3-5 years creating marketing programs that actually drive pipeline', { min: 3, max: 5 }, 'notion.json'],
  ['- Experience: You have 3+ years in business development or sales roles, ideally within B2B SaaS', { min: 3, max: null }, 'stack-ai.json'],
  ['WHAT WE’RE LOOKING FOR3+ YEARS OF CONTENT WRITING EXPERIENCE, IDEALLY AT AN AI, DEVTOOL, OR B2B STARTUP', { min: 3, max: null }, 'dust.json'],
  ['- 3–8+ years full-cycle recruiting in high-growth startups or top-tier tech', { min: 3, max: 8 }, 'mercor.json'],
];

describe('parseYearsExperience on real requirement lines', () => {
  it.each(LINES)('%j', (text, expected) => {
    expect(parseYearsExperience(text)).toEqual(expected);
  });

  it('takes the first requirement when several are listed', () => {
    expect(parseYearsExperience('- 10+ years of security experience with 5+ years leading technical teams')).toEqual({ min: 10, max: null });
  });

  it('ignores years that are not experience', () => {
    expect(parseYearsExperience('We were founded 10 years ago and grew 3x over the last 2 years.')).toBeNull();
    expect(parseYearsExperience('A 2 year contract with a 12 month extension.')).toBeNull();
    expect(parseYearsExperience('For over 20 years helping teams ship, our founders have…')).toBeNull();
    expect(parseYearsExperience('Experience with Python and Go.')).toBeNull();
    expect(parseYearsExperience('')).toBeNull();
  });
});
