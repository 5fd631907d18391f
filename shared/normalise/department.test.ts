import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DEPARTMENTS } from '../departments/department';
import { toDepartment } from './department';

// Real department/team/title triples from the 43 captured Ashby boards:
// stapply-ai/ats-scrapers@43ece6fd:ashby/companies/*.json (copied to ../shared/data/ats/ashby).
const ASHBY_DIR = fileURLToPath(new URL('../../../shared/data/ats/ashby/', import.meta.url));

const board = (name: string) => (JSON.parse(readFileSync(`${ASHBY_DIR}${name}.json`, 'utf8')) as { jobs: { title: string; descriptionPlain: string | null }[] }).jobs;

describe('toDepartment', () => {
  it('keeps departments that name one function', () => {
    expect(toDepartment('Engineering', 'Platform Engineering', 'Staff Platform Engineer')).toBe('Engineering');
    expect(toDepartment('Sales', 'Account Executives', 'Enterprise Account Executive | DACH')).toBe('Sales');
    expect(toDepartment('Customer success', 'CSM', 'Enterprise customer success manager')).toBe('Customer Success');
    expect(toDepartment('People & talent', 'Recruiting', 'Senior sales sourcer')).toBe('People');
    expect(toDepartment('Modelling', 'Modeling', 'Senior Member of Technical Staff, Multimodal AI')).toBe('ML');
    expect(toDepartment('Technical Staff - ML', 'Technical Staff - ML', 'Research Engineer, Post-Training (All Industry Levels)')).toBe('ML');
    expect(toDepartment('Technical Staff - Engineering', 'Technical Staff - Engineering', 'Software Engineer, Safety')).toBe('Engineering');
    expect(toDepartment('Data Science ', 'Data Science ', 'Data Scientist, Product')).toBe('Data Science');
    expect(toDepartment('Government & Public Policy', null, 'Government Affairs & Public Policy Manager – UK')).toBe('Legal');
    expect(toDepartment('PMM', 'PMM', 'GTM Partnership/BD Manager')).toBe('Marketing');
    expect(toDepartment('CS', 'CS', 'customer support engineer')).toBe('Customer Success');
    expect(toDepartment('OPS', 'OPS', 'data engineer')).toBe('Operations');
    expect(toDepartment('PRODUCT ENGINEERING', 'PRODUCT ENGINEERING', 'Staff Engineer')).toBe('Engineering');
    expect(toDepartment('Cohere Labs', 'Cohere Labs', 'Senior Research Scientist, Cohere Labs')).toBe('Research');
    expect(toDepartment('Vision', 'Vision', 'Camera Systems Engineer')).toBe('ML');
  });

  it('lets the team decide under a vague department', () => {
    expect(toDepartment('G&A', 'FP&A', 'Corporate Development Associate, Structured Finance')).toBe('Finance');
    expect(toDepartment('G&A', 'HR', 'Senior People Business Partner')).toBe('People');
    expect(toDepartment('Engineering, product, and design', 'Product design', 'Product designer')).toBe('Design');
    expect(toDepartment('Engineering, product, and design', 'Engineering', 'Cloud platform engineer')).toBe('Engineering');
    expect(toDepartment('Growth', 'Sales', 'Account Executive, Mid-Market')).toBe('Sales');
    expect(toDepartment('Revenue', 'Customer Success', 'Customer Success Manager')).toBe('Customer Success');
    expect(toDepartment('R&D', 'Model', 'Member of technical staff (Models)')).toBe('ML');
  });

  it('reads the title when department and team are vague', () => {
    expect(toDepartment('GTM', 'GTM', 'Account Executive')).toBe('Sales');
    expect(toDepartment('GTM', 'GTM', 'Developer Advocate Lead')).toBe('Marketing');
    expect(toDepartment('GTM', 'GTM', 'Forward Deployed Engineer')).toBe('Engineering');
    expect(toDepartment('World Labs HQ', 'World Labs HQ', 'Research Scientist – 3D')).toBe('Research');
    expect(toDepartment('World Labs HQ', 'World Labs HQ', 'Senior Product Engineer')).toBe('Engineering');
    expect(toDepartment('Internships', 'Internships', 'Machine Learning Intern/Co-op  (Winter 2026)')).toBe('ML');
    expect(toDepartment('Research & Engineering', 'Research & Engineering', 'Member of Technical Staff - Applied ML Engineer')).toBe('ML');
    expect(toDepartment('Growth', 'Growth', 'Data Scientist')).toBe('Data Science');
    expect(toDepartment('Growth', 'Growth', 'General Counsel')).toBe('Legal');
    expect(toDepartment('Growth', 'Growth', 'Social Media Manager, X & Threads (Part-Time Contract) ')).toBe('Marketing');
    expect(toDepartment('User Research and Product Operations', 'User Research and Product Operations', 'User Researcher')).toBe('Design');
    expect(toDepartment('Engineering & Product', 'Design & Design Engineering', 'Design Engineer')).toBe('Design');
    expect(toDepartment('Finance & Operations', 'Finance & Operations', 'Sales Engineer')).toBe('Sales');
    expect(toDepartment('Others', 'Others', 'Lead Product Designer')).toBe('Design');
  });

  it('files open applications and unknowns under Other, and vague ones under their usual home', () => {
    expect(toDepartment('TBD', 'TBD', 'Spontaneous Application')).toBe('Other');
    expect(toDepartment('General', 'General', 'Spontaneous Application')).toBe('Other');
    expect(toDepartment('Suno Talent Community', 'Suno Talent Community', 'Submit a General Application')).toBe('Other');
    expect(toDepartment('Other', 'Other', 'Leadership roles (Talent Pool)')).toBe('Other');
    expect(toDepartment('University Recruiting', 'University Recruiting', 'APX (New Grad)')).toBe('Engineering');
    expect(toDepartment('Data Quality (Contract)', 'Code Annotation', 'AI Data Trainer, Code Evaluation')).toBe('Operations');
    expect(toDepartment(null, null, 'Head of Vibes')).toBe('Other');
    expect(toDepartment('', '  ', '')).toBe('Other');
  });

  it('files every department of the 43 captured boards under one of ours', () => {
    const seen = new Map<string, Set<string>>();
    for (const file of readdirSync(ASHBY_DIR).filter((name) => name.endsWith('.json'))) {
      const board = JSON.parse(readFileSync(ASHBY_DIR + file, 'utf8')) as { jobs: { department: string; team: string; title: string }[] };
      for (const job of board.jobs) {
        const department = toDepartment(job.department, job.team, job.title);
        expect(DEPARTMENTS).toContain(department);
        seen.set(job.department, (seen.get(job.department) ?? new Set()).add(department));
      }
    }
    expect(seen.size).toBe(95);
    // Departments that name one function map to it whatever the title says.
    expect([...(seen.get('Engineering') ?? [])]).toEqual(['Engineering']);
    expect([...(seen.get('Customer success') ?? [])]).toEqual(['Customer Success']);
    expect([...(seen.get('People & talent') ?? [])]).toEqual(['People']);
    expect([...(seen.get('Modelling') ?? [])]).toEqual(['ML']);
    // Only open applications and the like end up in Other.
    const other = [...seen].filter(([, departments]) => departments.has('Other')).map(([name]) => name).sort();
    expect(other).toEqual(['General', 'Other', 'Others', 'Suno Talent Community', 'TBD']);
  });

  it('reads the title’s role before the team it names, when the source gives no department (issue 24.2)', () => {
    // CONSTRUCTED from the report (no capture holds it): the team name "UX Studio" is not the role.
    expect(toDepartment(null, null, 'Senior Software Engineer - Core UX Studio')).toBe('Engineering');
    // Real titles (file named), read as if their source gave no department.
    expect(toDepartment(null, null, 'Technical Recruiter, Research')).toBe('People'); // cartesia.json
    expect(toDepartment(null, null, 'Mechanical Engineer, Product Design ')).toBe('Engineering'); // sesame.json
    expect(toDepartment(null, null, 'Product Manager, Model Behavior')).toBe('Product'); // cartesia.json
    expect(toDepartment(null, null, 'Strategic customer success manager, financial services (UK)')).toBe('Customer Success'); // writer.json
    // A generic role leaves it to the rest, and is Engineering when the rest says nothing.
    expect(toDepartment(null, null, 'Member of Technical Staff - Applied ML Engineer ')).toBe('ML'); // liquid-ai.json
    expect(toDepartment(null, null, 'Member of Technical Staff - Full Stack')).toBe('Engineering'); // PrimeIntellect.json
    expect(toDepartment(null, null, 'Product & Design (Talent Pool)')).toBe('Other'); // n8n.json
  });

  it('names a function for titles of every kind, with team words below function words (issue 24.2, second pass)', () => {
    // Real titles of the captured boards (file named), read as if their source gave no department.
    expect(toDepartment(null, null, 'Head of Growth')).toBe('Marketing'); // PrimeIntellect.json, stack-ai.json
    expect(toDepartment(null, null, 'Full-Stack Growth Engineer')).toBe('Engineering'); // elevenlabs.json: the engineering word outranks the team
    expect(toDepartment(null, null, 'Demand Generation Lead')).toBe('Marketing'); // langchain.json
    expect(toDepartment(null, null, 'Senior Copywriter')).toBe('Marketing'); // suno.json
    expect(toDepartment(null, null, 'Enterprise AE (SF)')).toBe('Sales'); // cursor.json
    expect(toDepartment(null, null, 'Solutions Consulting (Presales) Manager - APJ')).toBe('Sales'); // DeepL.json
    expect(toDepartment(null, null, 'AI Data Trainer, Hindi')).toBe('Operations'); // cohere.json
    expect(toDepartment(null, null, 'Front Desk Coordinator, NY (Contract)')).toBe('Operations'); // notion.json
    expect(toDepartment(null, null, 'Engagement manager')).toBe('Customer Success'); // writer.json
    expect(toDepartment(null, null, 'Incident Manager')).toBe('Engineering'); // supabase.json
  });

  it('then reads the description’s sentence about the role', () => {
    // physicalintelligence.json, "Operations" (its description's opening, as captured).
    expect(toDepartment(null, null, 'Operations', 'We’re looking for an exceptional, high-potential Operations Lead to design, build, and own the quality function')).toBe('Operations');
    // supabase.json, "Postgres networking: Multigres": the title's words name no function, the description does.
    const multigres = board('supabase').find((job) => job.title === 'Postgres networking: Multigres');
    expect(toDepartment(null, null, multigres?.title ?? '', multigres?.descriptionPlain ?? null)).toBe('Engineering');
    // A description that names no role leaves the vague department's home.
    expect(toDepartment('GTM', null, 'Founding GTM', 'Our mission is to scale intelligence.')).toBe('Sales');
  });

  it('never throws', () => {
    fc.assert(
      fc.property(fc.option(fc.string()), fc.option(fc.string()), fc.string(), (department, team, title) => {
        expect(DEPARTMENTS).toContain(toDepartment(department, team, title));
      }),
      { numRuns: 300 },
    );
  });
});
