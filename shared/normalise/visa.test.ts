import { describe, expect, it } from 'vitest';
import { parseVisaSponsorship } from './visa';

// Real sentences from stapply-ai/ats-scrapers@43ece6fd:ashby/companies/*.json (file named beside each).
describe('parseVisaSponsorship on real posting text', () => {
  it.each([
    ['- Full visa sponsorship and relocation support', 'PrimeIntellect.json'],
    ['- Visa sponsorship and relocation assistance for international candidates', 'PrimeIntellect.json'],
    ['✈️ Relocation and immigration support', 'cartesia.json'],
    ['We do sponsor visas and cover relocation fees for up to $20,000.', 'lindy.json'],
    ['We can sponsor visas to Germany; for any other country, you need to have existing right to work', 'n8n.json'],
    ['- We offer substantial support for relocation, including a stipend up to €10k, finding an apartment in Paris, and supporting you with all residence and work permit-related procedures.', 'dust.json'],
  ])('offered: %j (%s)', (text) => {
    expect(parseVisaSponsorship(text)).toBe('offered');
  });

  it.each([
    ['Please note that we cannot offer visa sponsorship or relocation support for this position.', 'DeepL.json'],
    ['- Visa sponsorship not available', 'dust.json'],
    ['- Work eligibility: Must have valid German work rights; Harvey does not currently offer visa sponsorship for this role', 'harvey.json'],
    ['- Able to work in Singapore after graduation without visa sponsorship', 'manusai.json'],
    ['- Open to local candidates, not able to sponsor work pass', 'manusai.json'],
    ['- 📄 Authorized to work in the USA without visa support', 'n8n.json'],
    ['Visa: US Citizenship/Visa Only', 'firecrawl.json'],
  ])('not offered: %j (%s)', (text) => {
    expect(parseVisaSponsorship(text)).toBe('not_offered');
  });

  it.each([
    ['- Navigate complex organizations to identify and build relationships with executive sponsors and champions', 'notion.json'],
    ['- Manage relocation and immigration for incoming talent to Sweden', 'lovable.json'],
    ['- Coordinate global travel logistics, including flights, accommodations, ground transportation, and visa requirements', 'sentient.json'],
    ['- Experience helping prospects build a business case to secure executive sponsorship', 'writer.json'],
    ['', 'empty'],
  ])('unknown (other senses of the words): %j (%s)', (text) => {
    expect(parseVisaSponsorship(text)).toBe('unknown');
  });

  it('counts a negation only near the words about sponsorship', () => {
    expect(parseVisaSponsorship('We sponsor visas and cover relocation costs up to $20,000; every team member must work from our San Francisco office 4 days a week.')).toBe('offered');
  });

  it('lets a role-specific refusal override a company-wide offer', () => {
    // n8n.json: the board's closing line offers German visas; a US role's requirements refuse sponsorship.
    const text = '- 📄 Authorized to work in the USA without visa support\n\nWe can sponsor visas to Germany; for any other country, you need to have existing right to work';
    expect(parseVisaSponsorship(text)).toBe('not_offered');
  });
});
