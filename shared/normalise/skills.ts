/**
 * The skill taxonomy and `extractSkills`: which technologies a posting asks for, read from
 * its title and plain-text description, under one canonical display name each
 * ("Node", "PyTorch", "LLM", "C++").
 *
 * Matching is by whole word with per-skill rules for the hard cases:
 * - "Go" counts only as the language: "Golang" always; a capitalised "Go" only next to other
 *   languages or after "in/with/using/like ... Go" ending a clause; never "go-to-market",
 *   "Go to", "Go ahead", "Go-No-Go".
 * - "Java" never inside "JavaScript" / "Java Script".
 * - "React" is case-sensitive ("reactive", "react quickly" do not count).
 * - "Node" via "Node.js"/"NodeJS", or a capitalised "Node" among other technologies
 *   ("Python, Node, Go"); a graph "node" never counts.
 * - "LLM" via "LLM", "LLMs", "large language model(s)"; "Rust" is case-sensitive and whole
 *   word ("trust", "rusty" do not count).
 */

/** At most this many skills are kept per job: enough for a job card, few enough to stay meaningful. */
export const MAX_SKILLS = 8;

interface SkillRule {
  /** Canonical display name. */
  readonly name: string;
  /** A global regex; `i` flag where case does not carry meaning. */
  readonly pattern: RegExp;
  /** Extra check on a match (the full text and the match's start and end). */
  readonly accept?: (text: string, start: number, end: number) => boolean;
}

// Programming languages and stacks that, when near a "Go" or "Node", show a tech context.
const TECH_NEIGHBOUR =
  /\b(?:Python|Java|JavaScript|TypeScript|Typescript|Rust|Scala|Ruby|Kotlin|Swift|Elixir|Bash|PHP|Node(?:\.js)?|React|Next\.js|Go|Golang|gqlgen|Django|Express|Deno|npm)\b|C\+\+|C#/;

const window = (text: string, start: number, end: number, before: number, after: number): string =>
  text.slice(Math.max(0, start - before), start) + ' ' + text.slice(end, end + after);

const HYPHEN = /[-\u2010\u2011\u2012\u2013\u2014]/;

/** "Go" the language: not go-to/Go to/Go ahead; next to other languages or "in Go." */
const acceptGo = (text: string, start: number, end: number): boolean => {
  const prev = text[start - 1] ?? '';
  const next = text.slice(end, end + 12);
  if (HYPHEN.test(prev) || /^[-\u2010\u2011\u2012\u2013\u2014]/.test(next)) return false;
  if (/^\s+(?:to|ahead|back|live|beyond|deep|get|out|after|above|further)\b/i.test(next)) return false;
  const near = window(text, start, end, 40, 30);
  const withoutSelf = near.replace(/\bGo\b/g, ' ');
  if (TECH_NEIGHBOUR.test(withoutSelf)) return true;
  const before = text.slice(Math.max(0, start - 24), start);
  const languageNoun = /^\s+(?:services|microservices|code|codebases?|programming|language|backend|back-end|development|experience|applications?|developers?|engineers?)\b/i;
  const clauseEnd = /^\s*(?:[,.;:)/]|and\b|or\b|$|-\s)/;
  return /(?:\b(?:in|with|using|like|e\.g\.,?|written in)\s+|\()$/i.test(before) && (clauseEnd.test(next) || languageNoun.test(next));
};

/** A capitalised "Node" (not "Node.js") among other technologies. */
const acceptNode = (text: string, start: number, end: number): boolean => {
  const matched = text.slice(start, end);
  if (/^node\.?js$/i.test(matched)) return true;
  const near = window(text, start, end, 40, 30).replace(/\bNode\b/g, ' ');
  return TECH_NEIGHBOUR.test(near) || text[end] === '/' || text[start - 1] === '/';
};

/** "React" the library, not the verb at the start of a sentence ("React quickly to ..."). */
const acceptReact = (text: string, _start: number, end: number): boolean =>
  !/^\s+(?:to|quickly|fast|swiftly|with|when|in real)\b/i.test(text.slice(end, end + 12));

/** "Java", not "Java Script" / "Java-Script". */
const acceptJava = (text: string, _start: number, end: number): boolean => !/^[\s-]?script/i.test(text.slice(end, end + 8));

/**
 * The taxonomy, in display order for ties. Patterns use look-arounds instead of `\b` where a
 * name ends in a symbol (C++, C#).
 */
export const SKILL_RULES: readonly SkillRule[] = [
  { name: 'Python', pattern: /\bpython\b/gi },
  { name: 'Java', pattern: /\bjava\b/gi, accept: acceptJava },
  { name: 'TypeScript', pattern: /\btype\s?script\b/gi },
  { name: 'JavaScript', pattern: /\bjava\s?script\b|\becmascript\b/gi },
  { name: 'HTML', pattern: /\bhtml5?\b/gi },
  { name: 'CSS', pattern: /\bcss3?\b|\btailwind(?:\s?css)?\b/gi },
  { name: 'Node', pattern: /\b[Nn]ode\.?[Jj][Ss]\b|\bNode\b(?![.-]?\w)/g, accept: acceptNode },
  { name: 'React', pattern: /\bReact(?:\.js|JS)?\b(?! Native)|\breact\.js\b|\breactjs\b/g, accept: acceptReact },
  { name: 'React Native', pattern: /\bReact Native\b/gi },
  { name: 'Next.js', pattern: /\bnext\.?js\b/gi },
  { name: 'Vue', pattern: /\bvue(?:\.js)?\b/gi },
  { name: 'Angular', pattern: /\bAngular(?:JS)?\b/g },
  { name: 'GraphQL', pattern: /\bgraphql\b/gi },
  { name: 'Go', pattern: /\b[Gg]o[Ll]ang\b|\bGo\b/g, accept: (t, s, e) => /^golang$/i.test(t.slice(s, e)) || acceptGo(t, s, e) },
  { name: 'Rust', pattern: /\bRust\b/g },
  { name: 'C++', pattern: /(?<![\w+#])C\+\+(?![\w+])/gi },
  { name: 'C#', pattern: /(?<![\w+#])C#(?![\w#])/g },
  { name: 'Scala', pattern: /\bScala\b/g },
  { name: 'Kotlin', pattern: /\bkotlin\b/gi },
  { name: 'Swift', pattern: /\bSwift(?:UI)?\b(?! (?:execution|action|response|decision|turnaround|resolution|pace)s?\b)/g },
  { name: 'Ruby', pattern: /\bRuby(?: on Rails)?\b|\brails\b/g },
  { name: 'Elixir', pattern: /\belixir\b/gi },
  { name: 'SQL', pattern: /\bsql\b/gi },
  { name: 'PostgreSQL', pattern: /\bpostgres(?:ql)?\b/gi },
  { name: 'Spark', pattern: /\b(?:Apache )?Spark\b|\bpyspark\b/g },
  { name: 'Kafka', pattern: /\bkafka\b/gi },
  { name: 'Airflow', pattern: /\bairflow\b/gi },
  { name: 'dbt', pattern: /\bdbt\b/g },
  { name: 'Snowflake', pattern: /\bSnowflake\b/g },
  { name: 'Databricks', pattern: /\bdatabricks\b/gi },
  { name: 'Redis', pattern: /\bredis\b/gi },
  { name: 'Linux', pattern: /\blinux\b/gi },
  { name: 'Kubernetes', pattern: /\bkubernetes\b|\bk8s\b/gi },
  { name: 'Docker', pattern: /\bdocker\b/gi },
  { name: 'Terraform', pattern: /\bterraform\b/gi },
  { name: 'AWS', pattern: /\bAWS\b|\bamazon web services\b/g },
  { name: 'GCP', pattern: /\bGCP\b|\bgoogle cloud(?: platform)?\b/gi },
  { name: 'Azure', pattern: /\bAzure\b/g },
  { name: 'GPU', pattern: /\bGPUs?\b/gi },
  { name: 'CUDA', pattern: /\bcuda\b/gi },
  { name: 'Triton', pattern: /\bTriton\b/g },
  { name: 'PyTorch', pattern: /\bpytorch\b/gi },
  { name: 'TensorFlow', pattern: /\btensor\s?flow\b/gi },
  { name: 'JAX', pattern: /\bJAX\b/g },
  { name: 'LLM', pattern: /\bLLMs?\b|\blarge language models?\b/gi },
  { name: 'NLP', pattern: /\bNLP\b|\bnatural language processing\b/gi },
  { name: 'Computer Vision', pattern: /\bcomputer vision\b/gi },
  { name: 'Reinforcement Learning', pattern: /\breinforcement learning\b|\bRLHF\b/gi },
  { name: 'RAG', pattern: /\bRAG\b|\b[Rr]etrieval[- ][Aa]ugmented [Gg]eneration\b/g },
  { name: 'Machine Learning', pattern: /\bmachine learning\b/gi },
  { name: 'Deep Learning', pattern: /\bdeep learning\b/gi },
  { name: 'MLOps', pattern: /\bmlops\b/gi },
  { name: 'Salesforce', pattern: /\bsalesforce\b/gi },
];

interface Hit {
  readonly name: string;
  readonly order: number;
  readonly count: number;
  readonly first: number;
}

/**
 * Words one of which a text must contain (as a whole lower-case word: runs of a-z and 0-9,
 * with a trailing "+"/"#" kept, so "C++" is "c++" and "Node.js" is "node" and "js"; a hint with
 * a space or a dot is looked for as lower-case text) before a rule's regex is run: a cheap
 * pre-filter (most postings name few of the skills), not part of the matching itself. Every
 * match of a rule's pattern contains one of its hints.
 */
const WORD_HINTS: Readonly<Record<string, readonly string[]>> = {
  Python: ['python'], Java: ['java'], TypeScript: ['typescript', 'type'], JavaScript: ['javascript', 'java', 'ecmascript'], HTML: ['html', 'html5'],
  CSS: ['css', 'css3', 'tailwind', 'tailwindcss'], Node: ['node', 'nodejs'], React: ['react', 'reactjs'], 'React Native': ['react'], 'Next.js': ['nextjs', 'next.js'],
  Vue: ['vue'], Angular: ['angular', 'angularjs'], GraphQL: ['graphql'], Go: ['go', 'golang'], Rust: ['rust'], 'C++': ['c++'], 'C#': ['c#'],
  Scala: ['scala'], Kotlin: ['kotlin'], Swift: ['swift', 'swiftui'], Ruby: ['ruby', 'rails'], Elixir: ['elixir'], SQL: ['sql'],
  PostgreSQL: ['postgres', 'postgresql'], Spark: ['spark', 'pyspark'], Kafka: ['kafka'], Airflow: ['airflow'], dbt: ['dbt'],
  Snowflake: ['snowflake'], Databricks: ['databricks'], Redis: ['redis'], Linux: ['linux'], Kubernetes: ['kubernetes', 'k8s'],
  Docker: ['docker'], Terraform: ['terraform'], AWS: ['aws', 'amazon web services'], GCP: ['gcp', 'google cloud'], Azure: ['azure'],
  GPU: ['gpu', 'gpus'], CUDA: ['cuda'], Triton: ['triton'], PyTorch: ['pytorch'], TensorFlow: ['tensorflow', 'tensor'], JAX: ['jax'],
  LLM: ['llm', 'llms', 'large language model'], NLP: ['nlp', 'natural language processing'], 'Computer Vision': ['computer vision'],
  'Reinforcement Learning': ['reinforcement', 'rlhf'], RAG: ['rag', 'retrieval'], 'Machine Learning': ['machine learning'],
  'Deep Learning': ['deep learning'], MLOps: ['mlops'], Salesforce: ['salesforce'],
};

/** The hints that are single words; the others (with a space or a dot) are looked for as text. */
const WORD_HINT_LIST = [...new Set(Object.values(WORD_HINTS).flat())].filter((hint) => !/[ .]/.test(hint));

/** What may follow a hint word: nothing that would make the word longer ("java+" is not "java"; "c++" may end a run of "+"). */
const wordEnd = (hint: string): string => (/[+#]$/.test(hint) ? '(?![+#])' : '(?![a-z0-9+#])');

/**
 * The hints as one alternation shaped as a trie (a shared prefix written once, each word closed
 * by `wordEnd`), so the engine tries a few branches per place instead of every word; at most one
 * hint fits a place, so the order of the branches does not matter.
 */
const trieAlternation = (words: readonly string[], depth = 0): string => {
  const byFirst = new Map<string, string[]>();
  for (const word of words) if (word.length > depth) byFirst.set(word[depth]!, [...(byFirst.get(word[depth]!) ?? []), word]);
  const branches = [...byFirst].map(([char, rest]) => char.replace(/[+#.]/, '\\$&') + trieAlternation(rest, depth + 1));
  const ending = words.find((word) => word.length === depth);
  if (ending !== undefined) branches.push(wordEnd(ending));
  return branches.length === 1 ? branches[0]! : `(?:${branches.join('|')})`;
};

/**
 * The hint words of a lower-case text in one pass, as whole words: a run of a-z/0-9 starting at
 * a word boundary, with its trailing "+"/"#" run ("c++x" holds "c++", "java+" is not "java"):
 * the same words as splitting the text into such runs, without making a string of each. The
 * boundary is `\b`, which the engine checks fast; "_" is a word character to `\b`, so
 * `hintWords` reads it as a space.
 */
const HINT_WORDS = new RegExp(`\\b${trieAlternation(WORD_HINT_LIST)}`, 'g');

/** The hint words (`HINT_WORDS`) a lower-case text holds. */
const hintWords = (lower: string): ReadonlySet<string> => new Set((lower.includes('_') ? lower.replaceAll('_', ' ') : lower).match(HINT_WORDS));

/** Each rule with its hints split into whole words and text (with a space or a dot), in taxonomy order. */
const HINTED_RULES = SKILL_RULES.map((rule, order) => {
  const hints = WORD_HINTS[rule.name];
  return { rule, order, unhinted: hints === undefined, words: hints?.filter((hint) => !/[ .]/.test(hint)) ?? [], texts: hints?.filter((hint) => /[ .]/.test(hint)) ?? [] };
});

const countMatches = (rule: SkillRule, text: string): { count: number; first: number } => {
  let count = 0;
  let first = -1;
  rule.pattern.lastIndex = 0;
  for (let m = rule.pattern.exec(text); m !== null; m = rule.pattern.exec(text)) {
    const start = m.index;
    const end = start + m[0].length;
    if (m[0].length === 0) rule.pattern.lastIndex++;
    if (rule.accept && !rule.accept(text, start, end)) continue;
    if (first < 0) first = start;
    count++;
  }
  return { count, first };
};

const hits = (text: string): Hit[] => {
  const found: Hit[] = [];
  const lower = text.toLowerCase();
  const words = hintWords(lower);
  for (const { rule, order, words: wordHints, texts: textHints, unhinted } of HINTED_RULES) {
    if (!unhinted && !wordHints.some((hint) => words.has(hint)) && !textHints.some((hint) => lower.includes(hint))) continue;
    const { count, first } = countMatches(rule, text);
    if (count > 0) found.push({ name: rule.name, order, count, first });
  }
  return found;
};

/**
 * The skills a posting names, canonical names, at most `MAX_SKILLS` (8).
 * Order: skills found in the title first (by position in the title), then the others by how
 * often the text names them (ties: first mention first). No duplicates.
 * `text` is plain text (e.g. Ashby's `descriptionPlain`); HTML tags would count as words.
 */
export const extractSkills = (title: string, text: string): string[] => {
  const fromTitle = hits(title).sort((a, b) => a.first - b.first || a.order - b.order);
  const fromText = hits(text).sort((a, b) => b.count - a.count || a.first - b.first || a.order - b.order);
  const names: string[] = [];
  for (const hit of [...fromTitle, ...fromText]) {
    if (names.length >= MAX_SKILLS) break;
    if (!names.includes(hit.name)) names.push(hit.name);
  }
  return names;
};
