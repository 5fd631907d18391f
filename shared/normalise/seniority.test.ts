import { describe, expect, it } from 'vitest';
import type { Seniority } from '../jobs/job';
import { describedSeniority, parseSeniority, seniorityOf } from './seniority';

// Real titles from stapply-ai/ats-scrapers@43ece6fd:ashby/companies/*.json (file named beside each); levels by hand.
const TITLES: [string, Seniority | null, string][] = [
  ['Machine Learning Intern/Co-op  (Winter 2026)', 'intern', 'cohere.json'],
  ["Founder's Associate Intern (f/m/d)", 'intern', 'AlephAlpha.json'],
  ['Frontend Developer Intern', 'intern', 'manusai.json'],
  ['Finance Operations & Automation (Working Student)', 'intern', 'n8n.json'],
  ['APX (New Grad)', 'junior', 'sierra.json'],
  ['Software Engineer - New Grad (Summer 2026)', 'junior', 'replit.json'],
  ['Junior Software Engineer', 'junior', 'moonshot-ai.json'],
  ['Software Engineer, Early Career', 'junior', 'suno.json'],
  ['AI Research Resident - Open Source AGI', 'junior', 'PrimeIntellect.json'],
  ['Growth Associate', 'junior', 'mercor.json'],
  ['Senior Staff Software Engineer | Language Apps', 'staff', 'DeepL.json'],
  ['Senior Staff Research Scientist', 'staff', 'DeepL.json'],
  ['Staff iOS Software Engineer', 'staff', 'suno.json'],
  ['Staff Product Manager', 'staff', 'harvey.json'],
  ['Staff Site Reliability Engineer | API Infrastructure', 'staff', 'DeepL.json'],
  ['Principal Product Manager – Networking', 'staff', 'Lambda.json'],
  ['Member of Technical Staff, Principal TypeScript Engineer', 'staff', 'inkeep.json'],
  ['Senior Principal Privacy Analyst', 'staff', 'notion.json'],
  ['Revenue Operations Lead', 'senior', 'sierra.json'],
  ['Lead Product Manager - AI Platform ', 'senior', 'oumi.json'],
  ['Member of Technical Staff - Applied ML Lead ', 'senior', 'liquid-ai.json'],
  ['Senior Security Engineer', 'senior', 'langchain.json'],
  ['Senior Technical Program Manager', 'senior', 'decagon.json'],
  ['Senior Performance Marketing Manager, Paid Social', 'senior', 'suno.json'],
  ['Sr Data Scientist/Data Engineer', 'senior', 'nomic.json'],
  ['Senior Member of Technical Staff, Multimodal AI', 'senior', 'cohere.json'],
  ['Engineering Manager, Growth', 'manager', 'harvey.json'],
  ['Sr. Manager of Influencer Marketing', 'manager', 'suno.json'],
  ['Head of Data', 'director', 'replit.json'],
  ['Head of DevRel (Remote Europe)', 'director', 'n8n.json'],
  ['Director, Ecosystem Partnerships', 'director', 'openrouter.json'],
  ['Director - People Operations', 'director', 'cohere.json'],
  ['Chief of Staff', 'director', 'stack-ai.json'],
  ['VP of Finance and Strategic Operations', 'executive', 'sentient.json'],
  ['Vice President, Marketing', 'executive', 'cohere.json'],
  ['Regional vice president, strategic sales (West)', 'executive', 'writer.json'],
  ['Account CTO', null, 'Lambda.json'],
  ['Member of Technical Staff, Search', null, 'cohere.json'],
  ['Founding Account Executive', null, 'cartesia.json'],
  ['Enterprise Customer Success Manager, Mexico', null, 'harvey.json'],
  ['Mid Market Customer Success Manager, EMEA', null, 'harvey.json'],
  ['Research Engineer, Synthetic Data', null, 'cartesia.json'],
  ['Security Research Fellow', null, 'sentient.json'],
];

describe('parseSeniority on real job titles', () => {
  it.each(TITLES)('%j → %s', (title, level) => {
    expect(parseSeniority(title)).toBe(level);
  });

  it('reads the ladder words the issue names', () => {
    expect(parseSeniority('Chief Technology Officer')).toBe('executive');
    expect(parseSeniority('Summer Internship, Research')).toBe('intern');
    expect(parseSeniority('Software Engineer II')).toBe('mid');
    // CONSTRUCTED (no captured title numbers its level): a level number after a role word.
    expect(parseSeniority('Software Engineer 2')).toBe('mid');
    expect(parseSeniority('Data Scientist, Level 1')).toBe('junior');
    expect(parseSeniority('Solutions Engineer 3')).toBe('senior');
    expect(parseSeniority('Software Engineer, 3D Reconstruction')).toBeNull();
    // "Mid-Market" is a customer segment, not a level (harvey.json).
    expect(parseSeniority('Mid Market Account Executive')).toBeNull();
    expect(parseSeniority('')).toBeNull();
  });
});

describe('seniorityOf: the title first, hints only when the title says nothing', () => {
  const none = { employmentType: null, years: null };
  it('keeps the title level whatever the description asks', () => {
    expect(seniorityOf('Senior Security Engineer', { employmentType: 'full_time', years: { min: 1, max: 3 } })).toBe('senior');
    expect(seniorityOf('Head of Data', { employmentType: null, years: { min: 2, max: null } })).toBe('director');
  });

  it('reads an internship from the source employment type when the title does not say it', () => {
    expect(seniorityOf('Research Engineer, Synthetic Data', { employmentType: 'intern', years: null })).toBe('intern');
  });

  it('takes a hint from the years of experience asked, never above senior', () => {
    // "Member of Technical Staff, Search" (cohere.json) and "Research Engineer, Synthetic Data" (cartesia.json) name no level.
    expect(seniorityOf('Member of Technical Staff, Search', { employmentType: 'full_time', years: { min: 10, max: null } })).toBe('senior');
    expect(seniorityOf('Research Engineer, Synthetic Data', { employmentType: 'full_time', years: { min: 3, max: 5 } })).toBe('mid');
    expect(seniorityOf('Recruiting Coordinator', { employmentType: 'contract', years: { min: 1, max: 3 } })).toBe('junior');
    expect(seniorityOf('Software Engineer', none)).toBeNull();
  });
});

describe('describedSeniority: the level a description states for the role (issue 24.2)', () => {
  it('reads sentences about who is sought, from real descriptions (file named)', () => {
    expect(describedSeniority('We’re hiring a seasoned technology marketer to accelerate our Enterprise sales in our fastest growing markets.')).toBe('senior'); // elevenlabs.json
    expect(describedSeniority('…with these technologies for enterprises, and we’re looking for a senior member for the Agent Code team.')).toBe('senior'); // cohere.json
    expect(describedSeniority('- Champion frontend excellence: As the senior frontend expert, you will set and uphold high standards')).toBe('senior'); // sierra.json
    // Seeking an experienced or expert practitioner states a level past junior and mid: read as senior ("mid" only when stated).
    expect(describedSeniority('About the team We are seeking an experienced People Operations Specialist to join our team')).toBe('senior'); // DeepL.json
    expect(describedSeniority('About the role We’re looking for an expert Website / Frontend Engineer to build')).toBe('senior'); // elevenlabs.json
    // A role that mentors junior engineers is above them.
    expect(describedSeniority('- Mentor and support junior engineers through code reviews, pair programming, and')).toBe('senior'); // mercor.json
    expect(describedSeniority('Provide mentorship and guidance to junior team members while implementing')).toBe('senior'); // liquid-ai.json
    expect(describedSeniority('You’ve mentored other engineers and are passionate about developing other junior folks.')).toBeNull(); // cohere.json: who it develops, not whom it mentors
  });

  it('says nothing for other uses of the words', () => {
    expect(describedSeniority('You’ll engage senior executives to define AI strategy')).toBeNull(); // stack-ai.json
    expect(describedSeniority('…with an experienced and determined team of optimists')).toBeNull(); // dust.json
    expect(describedSeniority('Join a team of experienced engineers and researchers working on cutting-edge')).toBeNull(); // PrimeIntellect.json
    expect(describedSeniority('without regard to … age, disability, veteran status, pregnancy')).toBeNull(); // sierra.json
    expect(describedSeniority('')).toBeNull();
  });

  it('comes after the title and an internship, before the years asked', () => {
    const described = 'We’re hiring a seasoned technology marketer to accelerate our Enterprise sales.';
    expect(seniorityOf('Enterprise Marketing - US', { employmentType: 'full_time', years: { min: 3, max: null }, description: described })).toBe('senior'); // elevenlabs.json
    expect(seniorityOf('Head of Data', { employmentType: null, years: null, description: described })).toBe('director');
  });

  it('gives no level to a title open to all levels, whatever the years asked', () => {
    expect(seniorityOf('Research Engineer, Post-Training (All Industry Levels)', { employmentType: 'full_time', years: { min: 3, max: null } })).toBeNull(); // cohere.json
  });
});
