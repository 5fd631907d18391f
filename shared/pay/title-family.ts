/**
 * A job title's family: what kind of work it names, whatever the level, team or product
 * ("Senior Software Engineer, Payments" and "Software Engineer II" are both `software engineer`).
 * The families are read from the title's words in this order (the first that matches wins, so
 * "Machine Learning Research Engineer" is `ml engineer` and "Engineering Manager" is
 * `engineering manager`); a title matching none is null.
 *
 * Used to compare pay between postings (shared/pay/pay-estimate.ts). Never throws.
 */
const FAMILIES: ReadonlyArray<readonly [string, RegExp]> = [
  ['intern', /\b(?:intern|internship|co-?op|working student)\b/i],
  ['engineering manager', /\b(?:engineering|software) manager\b|\bmanager,? (?:of )?(?:software )?engineering\b|\bhead of engineering\b|\bdirector,? (?:of )?engineering\b|\bVP,? (?:of )?engineering\b/i],
  ['research scientist', /\bresearch(?:er| scientist)\b|\bscientist\b|\bmember of technical staff\b.*\bresearch\b|\bresearch\b.*\bmember of technical staff\b/i],
  ['ml engineer', /\b(?:machine learning|ML|AI|applied AI|LLM|deep learning|inference|training|research) engineer/i],
  ['data scientist', /\bdata scien|\banalytics? engineer|\bdata analyst|\banalyst\b/i],
  ['data engineer', /\bdata (?:engineer|platform|infrastructure)/i],
  ['security engineer', /\bsecurity\b/i],
  ['infrastructure engineer', /\b(?:infrastructure|platform|SRE|site reliability|devops|cloud|systems|reliability|kernel|GPU|HPC|network) engineer|\bSRE\b/i],
  ['solutions engineer', /\b(?:solutions?|sales|forward[- ]deployed|deployed|deployment|field|customer|support|implementation|integration) (?:engineer|architect)|\bsolutions? (?:consultant|architect)\b|\btechnical account manager\b/i],
  ['software engineer', /\b(?:engineer|developer|programmer|SWE|member of technical staff|MTS|architect)\b/i],
  ['product designer', /\bdesign(?:er)?\b|\bUX\b|\bUI\b|\bresearcher\b/i],
  ['product manager', /\bproduct (?:manager|lead|owner)\b|\bPM\b|\bhead of product\b|\bdirector,? (?:of )?product\b/i],
  ['program manager', /\b(?:program|project|technical program) manager\b|\bTPM\b/i],
  ['account executive', /\baccount executive\b|\bAE\b|\bsales (?:executive|director|lead|manager)\b|\bhead of sales\b|\bVP,? (?:of )?sales\b/i],
  ['sales development', /\b(?:sales|business) development\b|\bSDR\b|\bBDR\b/i],
  ['customer success', /\bcustomer (?:success|experience|support)\b|\baccount manager\b|\brelationship manager\b|\bsupport\b/i],
  ['recruiter', /\brecruit(?:er|ing)\b|\btalent\b|\bsourcer\b/i],
  ['marketing', /\bmarketing\b|\bmarketer\b|\bgrowth\b|\bbrand\b|\bcontent\b|\bcommunications?\b|\bcommunity\b|\bdeveloper relations\b|\bdevrel\b|\badvocate\b|\bwriter\b|\bevents?\b/i],
  ['finance', /\bfinance\b|\bfinancial\b|\baccount(?:ant|ing)\b|\bcontroller\b|\btax\b|\bFP&A\b|\btreasury\b|\bpayroll\b|\bbilling\b/i],
  ['legal', /\blegal\b|\bcounsel\b|\battorney\b|\bparalegal\b|\bcompliance\b|\bprivacy\b/i],
  ['people', /\bpeople\b|\bHR\b|\bhuman resources\b|\bcompensation\b|\bbenefits\b|\bworkplace\b/i],
  ['operations', /\boperations?\b|\bstrateg(?:y|ist)\b|\bchief of staff\b|\bexecutive assistant\b|\bcoordinator\b|\bprogram\b|\bbusiness\b/i],
];

/** The family of a title (see the module doc), or null. */
export const titleFamily = (title: string): string | null => {
  if (typeof title !== 'string') return null;
  for (const [family, pattern] of FAMILIES) if (pattern.test(title)) return family;
  return null;
};
