import type { Department } from '../departments/department';

/**
 * `toDepartment`: files a posting under one department of our taxonomy
 * (shared/departments/department.ts) from the source's department, team and job title.
 *
 * Open applications ("General Interest", "Talent Pool") are 'Other'.
 * 1. The source department, if it names one function ("Engineering", "People & talent",
 *    "Modelling", "Technical Staff - ML", "CS"), decides.
 * 2. A vague or mixed department ("Engineering, product, and design", "GTM", "G&A", "R&D",
 *    "University", "TBD", a company name) or none leaves it to the team, then the title
 *    ("Research Scientist" → Research, "Account Executive" → Sales). The title's role (before
 *    " - ", ",", "|", ":" or "(") is read before the rest, which often names a team: "Senior
 *    Software Engineer - Core UX Studio" is Engineering, not Design. A generic role ("Member of
 *    Technical Staff") leaves it to the rest ("Member of Technical Staff - Applied ML Engineer" → ML).
 *    Function words outrank team names: "Growth Engineer" is Engineering and "Head of Growth"
 *    Marketing; "Data" alone (a team) is Data Science only when no function word names another.
 * 3. Then the description's sentence about the role ("We're looking for a Data Engineer to…",
 *    "As a Recruiter, you will…"), when the source has no department that names one.
 * 4. If none says, the vague department's usual home ("GTM" → Sales, "R&D" → Research,
 *    "G&A" → Operations), else 'Other'.
 *
 * Names are compared in lower case with "&"/"+" read as "and" and spaces folded.
 * Never throws.
 */

const key = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[&+]/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Source department (or team) names that name one function. Keys as `key()` makes them. */
const EXACT: ReadonlyMap<string, Department> = new Map<string, Department>([
  ['engineering', 'Engineering'], ['engineering team', 'Engineering'], ['product engineering', 'Engineering'],
  ['software', 'Engineering'], ['platform', 'Engineering'], ['hardware', 'Engineering'], ['security', 'Engineering'],
  ['infrastructure', 'Engineering'], ['inference', 'Engineering'], ['it', 'Engineering'], ['business technology', 'Engineering'],
  ['agentic platform', 'Engineering'], ['technical staff engineering', 'Engineering'], ['embeddings and search', 'Engineering'],
  ['research', 'Research'], ['cohere labs', 'Research'], ['core research', 'Research'], ['applied research', 'Research'],
  ['data science', 'Data Science'], ['data', 'Data Science'], ['analytics', 'Data Science'],
  ['machine learning', 'ML'], ['ml', 'ML'], ['technical staff ml', 'ML'], ['modelling', 'ML'], ['modeling', 'ML'],
  ['applied ml', 'ML'], ['vision', 'ML'],
  ['product', 'Product'], ['product management', 'Product'],
  ['design', 'Design'], ['product design', 'Design'],
  ['sales', 'Sales'], ['commercial', 'Sales'], ['partnerships', 'Sales'], ['solutions architect', 'Sales'],
  ['account executives', 'Sales'], ['sales engineering', 'Sales'],
  ['marketing', 'Marketing'], ['demand gen', 'Marketing'], ['communications', 'Marketing'], ['pmm', 'Marketing'],
  ['marketing and communications', 'Marketing'], ['marketing and growth team', 'Marketing'],
  ['operations', 'Operations'], ['business operations', 'Operations'], ['ops', 'Operations'], ['robot operations', 'Operations'],
  ['hardware operations', 'Operations'], ['revenue operations and strategy', 'Operations'], ['productions', 'Operations'],
  ['business', 'Operations'], ['business and operations', 'Operations'],
  ['people', 'People'], ['people and talent', 'People'], ['people operations', 'People'], ['human resources', 'People'],
  ['hr', 'People'], ['recruiting', 'People'], ['talent', 'People'], ['talent acquisition', 'People'],
  ['finance', 'Finance'], ['fp and a', 'Finance'], ['accounting', 'Finance'],
  ['legal', 'Legal'], ['government and public policy', 'Legal'],
  ['customer success', 'Customer Success'], ['cs', 'Customer Success'], ['csm', 'Customer Success'],
  ['customer experience', 'Customer Success'], ['customer team', 'Customer Success'], ['support', 'Customer Success'],
  ['customer support', 'Customer Success'], ['user operations', 'Customer Success'], ['user ops', 'Customer Success'],
  ['customer', 'Customer Success'],
]);

/**
 * Vague or mixed names: they decide nothing themselves (team and title do), but say where
 * a job goes when nothing else does.
 */
const VAGUE: ReadonlyMap<string, Department> = new Map<string, Department>([
  ['engineering product and design', 'Engineering'], ['engineering and product', 'Engineering'],
  ['university', 'Engineering'], ['university recruiting', 'Engineering'], ['internships', 'Engineering'],
  ['early career', 'Engineering'], ['customer solutions group', 'Engineering'],
  ['r and d', 'Research'], ['research and engineering', 'Research'],
  ['gtm', 'Sales'], ['go to market', 'Sales'], ['revenue', 'Sales'], ['sales and marketing', 'Sales'],
  ['growth', 'Marketing'],
  ['g and a', 'Operations'], ['general and administrative', 'Operations'], ['admin', 'Operations'],
  ['finance and operations', 'Operations'], ['staff', 'Operations'], ['data quality contract', 'Operations'],
  ['agent product and operations', 'Product'], ['product and design', 'Product'],
  ['user research and product operations', 'Design'],
  ['other', 'Other'], ['others', 'Other'], ['general', 'Other'], ['tbd', 'Other'],
]);

/**
 * Keyword rules for titles and for names not in the tables, first match wins. The order
 * settles mixed titles: "Sales Engineer" is Sales, "Support Engineer" Customer Success,
 * "Product Marketing Manager" Marketing, "Product Designer" Design, "Research Engineer" Research.
 */
const RULES: readonly (readonly [RegExp, Department])[] = [
  [/\b(?:talent (?:community|pool)|general (?:application|interest)|spontaneous application|open application)\b/, 'Other'],
  [/\b(?:user|ux) research(?:er)?\b|\bux\b.*\bresearcher\b/, 'Design'],
  [/\b(?:data scien\w*|data analyst|analytics|marketing analyst)\b/, 'Data Science'],
  [/\b(?:research(?:er|ers)?|scientist|phd)\b/, 'Research'],
  [/\b(?:machine learning|ml|mlops|deep learning|reinforcement learning|llm|models?|ai engineer|applied ai|modell?ing|post training|pre training)\b/, 'ML'],
  [/\b(?:counsel|legal|lawyer|paralegal|contracts? (?:manager|specialist|counsel|lead)|privacy|public policy|government affairs|compliance)\b/, 'Legal'],
  [/\b(?:recruit\w*|talent|sourcer|people|hr|human resources?|compensation|workplace experience|employee experience)\b/, 'People'],
  [/\b(?:account(?:ant|ing)|finance|financial|fp and a|tax|treasury|controller|payroll|bookings|risk manager|enterprise risk)\b/, 'Finance'],
  [/\b(?:account executive|ae|sales|business development|bdr|sdr|account manager|key account|partner(?:ship)?s?(?: manager| lead)?|solutions? (?:architect|consult\w*)|presales|pre sales|value consultant|deal desk|revenue|relationship manager|country manager|commercial lead)\b/, 'Sales'],
  // Data work for models: labelling, tutoring, curating, transcribing.
  [/\b(?:data trainer|ai tutor|tutor|annotator|labell?er|transcription|subtitling|dubbing|curator)\b/, 'Operations'],
  [/\b(?:customer success|customer support|support|customer|onboarding|implementation|deployment strategist|user operations|success engineer|engagement manager|professional services|product trainer)\b/, 'Customer Success'],
  [/\b(?:marketing|marketer|brand|content|seo|social media|communications|developer advocate|devrel|developer relations|growth marketing|events?|pr|public relations|demand gen\w*|copywrit\w*|paid (?:media|social|search)|ads|advertising|evangelist|influencer)\b/, 'Marketing'],
  [/\b(?:design(?:er|ers)?|ux|ui|user research(?:er)?)\b/, 'Design'],
  [/\b(?:product manager|product management|product owner|product lead|head of product|product analyst|program manager|technical writer|docs writer|documentation)\b/, 'Product'],
  [/\b(?:engineer\w*|developer|software|swe|sre|devops|architect|technical staff|infrastructure|security|firmware|embedded|hardware|technician|platform|cto|tech lead|incident)\b/, 'Engineering'],
  // Team names, below every function word above: "Growth Engineer" is Engineering, "Head of Growth" Marketing.
  [/\b(?:growth|community|lifecycle|creators?)\b/, 'Marketing'],
  [/\b(?:data)\b/, 'Data Science'],
  [/\b(?:operations|ops|operator|strategy|strategist|chief of staff|executive assistant|ea|supply chain|procurement|sourcing|analyst|business systems|it|real estate|workplace|facilities|data center|office|front desk|coordinator|administrative|administrator|generalist|founders? associate|project manager|production)\b/, 'Operations'],
];

const byRules = (name: string): Department | null => {
  const k = key(name);
  for (const [pattern, department] of RULES) if (pattern.test(k)) return department;
  return null;
};

/** Titles that name no function by themselves: the rest of the title says it. */
const GENERIC_ROLE = /^(?:(?:senior|sr|staff|principal|lead|founding)\s+)*(?:member of (?:the )?technical staff|mts|founding (?:team|hire)|generalist|team member)$/;

/** The title's role first, then the rest ("Senior Software Engineer - Core UX Studio": the role, then the team). */
const byTitle = (title: string): Department | null => {
  // An open application is one whatever it names ("Product & Design (Talent Pool)").
  if (byRules(title) === 'Other') return 'Other';
  const [role = '', ...rest] = title.split(/\s+[-–—|:]\s+|\s*[,(|:]\s*|\s*[)]\s*/).filter((piece) => piece.trim() !== '');
  const fromRest = () => (rest.length > 0 ? byRules(rest.join(' ')) : null);
  return GENERIC_ROLE.test(key(role)) ? (fromRest() ?? byRules(role)) : (byRules(role) ?? fromRest());
};

/** Sentences of a description that name the role: "looking for a Data Engineer to…", "As a Recruiter, you will…", "The Account Executive will…". */
const ROLE_SENTENCES: readonly RegExp[] = [
  /\b(?:looking for|seeking|hiring|searching for|recruiting)\s+(?:an?|our)\s+(?:first\s+|new\s+|talented\s+|exceptional\s+)?([^.,;:!?\n()]{3,60}?)(?:\s+(?:to|who|that|with|for|in|on|at|based)\b|[.,;:!?\n(]|$)/i,
  /\b(?:as|in your role as)\s+(?:an?|our|the)\s+([^.,;:!?\n()]{3,60}?)\s*(?:at\s+\S+\s*)?,\s*(?:you|your)\b/i,
];

/** The department the description's sentence about the role names, or null. */
const byDescription = (description: string): Department | null => {
  const text = description.slice(0, 5000);
  for (const pattern of ROLE_SENTENCES) {
    const role = pattern.exec(text)?.[1];
    const department = role ? byRules(role) : null;
    if (department && department !== 'Other') return department;
  }
  return null;
};

/** What one name says: a department, 'vague' (defer to team/title), or null (says nothing). */
const classifyName = (name: string | null): Department | 'vague' | null => {
  if (!name || !name.trim()) return null;
  const k = key(name);
  const exact = EXACT.get(k);
  if (exact) return exact;
  if (VAGUE.has(k)) return 'vague';
  return byRules(name);
};

/**
 * The department of a posting. `sourceDepartment` and `team` as the ATS published them
 * (either may be null), `title` the job title, `description` its plain text (optional).
 * Example: toDepartment('Technical Staff - ML', null, 'Research Engineer, Post-Training') → 'ML';
 * toDepartment('GTM', 'GTM', 'Developer Advocate Lead') → 'Marketing'; toDepartment('TBD', 'TBD', 'Spontaneous Application') → 'Other'.
 */
export const toDepartment = (sourceDepartment: string | null, team: string | null, title: string, description: string | null = null): Department => {
  const fromDepartment = classifyName(sourceDepartment);
  if (fromDepartment !== null && fromDepartment !== 'vague') return fromDepartment;
  const fromTeam = classifyName(team);
  if (fromTeam !== null && fromTeam !== 'vague') return fromTeam;
  const fromTitle = typeof title === 'string' ? byTitle(title) : null;
  if (fromTitle !== null) return fromTitle;
  const fromDescription = typeof description === 'string' ? byDescription(description) : null;
  if (fromDescription !== null) return fromDescription;
  const fallback = (name: string | null) => (name ? VAGUE.get(key(name)) : undefined);
  return fallback(sourceDepartment) ?? fallback(team) ?? 'Other';
};
