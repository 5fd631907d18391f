/**
 * Where a job was read from, as a visitor reads it: "from Cohere's Ashby board", "from Acme's
 * careers page". ATS names are the provider registry's (shared/ats/provider-ids.ts).
 */
import { ATS_PROVIDERS, ATS_PROVIDER_NAMES, type AtsProvider } from '../ats/provider-ids';

const isProvider = (ats: string): ats is AtsProvider => (ATS_PROVIDERS as readonly string[]).includes(ats);

/** e.g. atsName('smartrecruiters') → 'SmartRecruiters'; an id the registry lacks (an older client's) reads with a capital first letter. */
export const atsName = (ats: string): string => (isProvider(ats) ? ATS_PROVIDER_NAMES[ats] : `${ats.charAt(0).toUpperCase()}${ats.slice(1)}`);

/** e.g. sourceText('Cohere', 'ashby') → "from Cohere's Ashby board"; 'careers_page' → "from Cohere's careers page". */
export function sourceText(company: string, ats: string): string {
  return ats === 'careers_page' ? `from ${company}'s careers page` : `from ${company}'s ${atsName(ats)} board`;
}
