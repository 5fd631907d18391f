import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseAshbyBoard } from '../sources/ashby';
import { fixedClock } from '../time/clock';
import { descriptionWorkplace, isStatedWorkplace, refineWorkplace, resolveWorkplace, titleWorkplace } from './workplace';

// Location texts from stapply-ai/ats-scrapers@43ece6fd:ashby/companies/*.json.
describe('resolveWorkplace', () => {
  it('takes an explicit workplace type first', () => {
    expect(resolveWorkplace({ workplaceType: 'Hybrid', isRemote: true, locationTexts: ['Remote'] })).toBe('hybrid');
    expect(resolveWorkplace({ workplaceType: 'OnSite', locationTexts: ['Remote (US)'] })).toBe('onsite');
    expect(resolveWorkplace({ workplaceType: 'Remote', isRemote: false })).toBe('remote');
    expect(resolveWorkplace({ workplaceType: 'On-site' })).toBe('onsite');
  });

  it('then the remote flag', () => {
    expect(resolveWorkplace({ isRemote: true, locationTexts: ['San Francisco, CA (Hybrid) OR Remote-Global'] })).toBe('remote');
    expect(resolveWorkplace({ workplaceType: 'Unknown', isRemote: true, locationTexts: ['Boston'] })).toBe('remote');
  });

  it('then the location texts', () => {
    expect(resolveWorkplace({ isRemote: false, locationTexts: ['London, UK (hybrid)'] })).toBe('hybrid');
    expect(resolveWorkplace({ isRemote: false, locationTexts: ['Foster City, CA (Hybrid) In office M,W,F'] })).toBe('hybrid');
    expect(resolveWorkplace({ isRemote: null, locationTexts: ['Boston', 'NYC', 'Remote'] })).toBe('remote');
    expect(resolveWorkplace({ isRemote: false, locationTexts: ['San Francisco', 'Remote'] })).toBe('remote');
    expect(resolveWorkplace({ isRemote: null, locationTexts: ['Brazil (Remote)'] })).toBe('remote');
    // CONSTRUCTED (no capture says it): home- and field-based work is done away from an office.
    expect(resolveWorkplace({ isRemote: false, locationTexts: ['Home Based - Americas'] })).toBe('remote');
    expect(resolveWorkplace({ isRemote: null, locationTexts: ['Field - Based'] })).toBe('remote');
  });

  it('else on-site', () => {
    expect(resolveWorkplace({ isRemote: false, locationTexts: ['New York City, NY (onsite)'] })).toBe('onsite');
    expect(resolveWorkplace({ isRemote: null, locationTexts: ['Remotely Falls, TX'] })).toBe('onsite');
    expect(resolveWorkplace({})).toBe('onsite');
  });
});

/**
 * Workplace truth (issue 15.3) on real postings of stapply-ai/ats-scrapers@43ece6fd3ab4398cda575f0483fd49ea5c58eccb:ashby/companies/*.json
 * (../shared/data/ats/ashby, MIT), read through the Ashby adapter: none carries a workplace type,
 * so title and description overrule `isRemote` and the location texts.
 */
describe('workplace from title and description, over a missing or default field', () => {
  const ASHBY_DIR = fileURLToPath(new URL('../../../shared/data/ats/ashby/', import.meta.url));
  const workplaceOf = (board: string, id: string) => {
    const { jobs } = parseAshbyBoard(JSON.parse(readFileSync(`${ASHBY_DIR}${board}.json`, 'utf8')), {
      company: { company_key: board, company_name: board, company_url: null, company_logo: null },
      boardToken: board,
      clock: fixedClock('2025-10-28T12:00:00.000Z'),
    });
    return jobs.find((job) => job.source.job_id.startsWith(id))?.workplace_type;
  };

  it('a title note says remote: n8n "(Remote Europe)" and "| Europe Remote" listed at "Berlin Office" with isRemote false', () => {
    expect(workplaceOf('n8n', 'af188dc7')).toBe('remote');
    expect(workplaceOf('n8n', 'bc30ae0b')).toBe('remote');
    expect(workplaceOf('n8n', 'c7fa45d1')).toBe('remote'); // "(Remote or Hybrid NYC/Boston)"
  });

  it('office days a week make a job hybrid (1-4) or on-site (5), whatever isRemote says (Lambda)', () => {
    expect(workplaceOf('Lambda', '5639c9bd')).toBe('hybrid'); // Senior Enterprise Risk Manager: "4 days per week"
    expect(workplaceOf('Lambda', '5c749ef1')).toBe('onsite'); // Hardware QA Engineer: "5 days per week"
    expect(workplaceOf('notion', 'ea882192')).toBe('hybrid'); // "work in office at least 3 days each week"
  });

  it('a sentence about the role decides: hybrid schedule, "this role is hybrid", "this role is remote"', () => {
    expect(workplaceOf('DeepL', '10c21b35')).toBe('hybrid'); // "we offer a hybrid work schedule"
    expect(workplaceOf('hcompany', 'b2aa6799')).toBe('hybrid'); // "This role is hybrid"
    expect(workplaceOf('elevenlabs', '61b43cff')).toBe('remote'); // "This role is remote"
  });

  it('other uses of the words say nothing: "hybrid cloud", "a hybrid of IC and manager", "a hybrid role spanning"', () => {
    expect(workplaceOf('Lambda', '1b1cac37')).toBe('remote'); // "Remote, USA"; "private or hybrid cloud platforms"
    expect(workplaceOf('elevenlabs', '7387bb78')).toBe('remote');
    expect(workplaceOf('PrimeIntellect', 'c074bdd9')).toBe('remote');
    expect(titleWorkplace('Remote Sensing Engineer')).toBeNull();
    expect(descriptionWorkplace('We are a remote-first company.')).toBeNull();
  });

  it('keeps the source’s workplace when the posting says nothing', () => {
    expect(refineWorkplace('onsite', 'Staff Engineer', 'Build things.')).toBe('onsite');
    expect(refineWorkplace('remote', 'Staff Engineer', '')).toBe('remote');
    expect(isStatedWorkplace('OnSite')).toBe(true);
    expect(isStatedWorkplace('unspecified')).toBe(false);
  });
});
