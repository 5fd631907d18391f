/**
 * Where a job was read from, as a visitor reads it: "from Cohere's Ashby board", "from Acme's
 * careers page". ATS names as their makers write them; an id without a name here reads with a
 * capital first letter, so a newly added provider still reads sensibly.
 */
import type { Ats } from '../jobs/job';

const ATS_NAMES: Partial<Record<Ats, string>> & Record<string, string | undefined> = {
  ashby: 'Ashby',
  greenhouse: 'Greenhouse',
  lever: 'Lever',
  workable: 'Workable',
  smartrecruiters: 'SmartRecruiters',
  recruitee: 'Recruitee',
  workday: 'Workday',
  rippling: 'Rippling',
  gem: 'Gem',
};

/** e.g. atsName('smartrecruiters') → 'SmartRecruiters'. */
export const atsName = (ats: string): string => ATS_NAMES[ats] ?? `${ats.charAt(0).toUpperCase()}${ats.slice(1)}`;

/** e.g. sourceText('Cohere', 'ashby') → "from Cohere's Ashby board"; 'careers_page' → "from Cohere's careers page". */
export function sourceText(company: string, ats: string): string {
  return ats === 'careers_page' ? `from ${company}'s careers page` : `from ${company}'s ${atsName(ats)} board`;
}
