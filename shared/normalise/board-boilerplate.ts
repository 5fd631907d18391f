import { decodeHTML } from 'entities';
import type { Job } from '../jobs/job';
import { extractSkills } from './skills';
import { descriptionWords } from '../search/search-terms';
import { plainText } from '../html/plain-text';

/**
 * Board boilerplate: the paragraphs most postings of one board share (the company blurb,
 * benefits, equal-opportunity text), found at parse time across the whole board, so that
 * skills and the words search reads come from each posting's own requirements. Cohere ends every description with
 * "... content generation, semantic search, RAG, and agents": without this, its Compensation
 * Consultant and Vice President of Tax carried the skill "RAG".
 */

/** A paragraph shorter than this is never boilerplate (headings like "Requirements" carry no skill anyway). */
const MIN_PARAGRAPH = 60;
/** Boards with fewer postings than this have no boilerplate: "most postings" needs a crowd. */
const MIN_POSTINGS = 3;

const BLOCK_BOUNDARY = /<\/?(?:p|li|ul|ol|h[1-6]|div|br|blockquote|tr|td|th|section|article|pre|hr)\b[^>]*>/gi;

/** The blocks (block elements, list items) of sanitised HTML, as the HTML between block tags. */
const blocksOf = (html: string): string[] =>
  html
    .split(BLOCK_BOUNDARY)
    .map((block) => block.trim())
    .filter((block) => block.length > 0);

/** One block's plain text: tags out, entities decoded, whitespace folded. */
const textOf = (block: string): string => {
  const untagged = block.includes('<') ? block.replace(/<[^>]*>/g, ' ') : block;
  return (untagged.includes('&') ? decodeHTML(untagged) : untagged).replace(/\s+/g, ' ').trim();
};

/** The paragraphs (block elements, list items) of sanitised HTML as plain text, whitespace folded. */
export const paragraphsOf = (html: string): string[] => blocksOf(html).map(textOf).filter((text) => text.length > 0);

/**
 * Blocks (as HTML: one board's template writes its boilerplate the same way in every posting)
 * found in more than half of the described postings, each at least 60 characters long. Empty
 * for boards of fewer than 3 described postings.
 */
const boilerplateOf = (described: readonly string[][]): ReadonlySet<string> => {
  if (described.length < MIN_POSTINGS) return new Set();
  const postingsWith = new Map<string, number>();
  for (const blocks of described) {
    for (const block of new Set(blocks.filter((candidate) => candidate.length >= MIN_PARAGRAPH))) {
      postingsWith.set(block, (postingsWith.get(block) ?? 0) + 1);
    }
  }
  return new Set([...postingsWith].filter(([, count]) => count * 2 > described.length).map(([block]) => block));
};

/**
 * The paragraphs (plain text) found in more than half of a board's descriptions (sanitised
 * HTML; nulls count as postings without text), each at least 60 characters of HTML long.
 * Empty for boards of fewer than 3 described postings.
 */
export const boardBoilerplate = (descriptions: readonly (string | null)[]): ReadonlySet<string> =>
  new Set([...boilerplateOf(descriptions.filter((html): html is string => Boolean(html)).map(blocksOf))].map(textOf));

/** A job with the words search reads chosen from `text` (`descriptionWords`, beside its title and skills). */
const withWords = (job: Job, text: string, skills: Job['skills']): Job => ({
  ...job,
  skills,
  description_terms: descriptionWords(text, [job.job_title, ...skills].join('\n')),
});

/**
 * The board's jobs with skills and description words read from their own text only; the one
 * place a job's words for search (`description_terms`, by `descriptionWords`) are chosen, each
 * job's once. For each job whose description holds boilerplate paragraphs (`boardBoilerplate` of
 * all `jobs`), the words come from the other paragraphs, and when a boilerplate paragraph names
 * a skill, skills are extracted again (`extractSkills`) from the title and the other paragraphs.
 * Other jobs keep their skills, and their words come from their whole description.
 */
export const withOwnSkills = (jobs: readonly Job[]): Job[] => {
  const whole = (job: Job): Job => withWords(job, job.description ? plainText(job.description) : '', job.skills);
  if (jobs.length < MIN_POSTINGS) return jobs.map(whole);
  const blocksByJob = jobs.map((job) => (job.description ? blocksOf(job.description) : null));
  const boilerplate = boilerplateOf(blocksByJob.filter((blocks): blocks is string[] => blocks !== null));
  if (boilerplate.size === 0) return jobs.map(whole);
  // Most boilerplate (benefits, equal opportunity) names no skill: then the job's skills stand as they are.
  const namesSkills = new Map<string, boolean>();
  const skillful = (block: string): boolean => {
    if (!boilerplate.has(block)) return false;
    let found = namesSkills.get(block);
    if (found === undefined) namesSkills.set(block, (found = extractSkills('', textOf(block)).length > 0));
    return found;
  };
  return jobs.map((job, index) => {
    const blocks = blocksByJob[index] ?? [];
    if (!blocks.some((block) => boilerplate.has(block))) return whole(job);
    const own = blocks
      .filter((block) => !boilerplate.has(block))
      .map(textOf)
      .join('\n');
    return withWords(job, own, blocks.some(skillful) ? extractSkills(job.job_title, own) : job.skills);
  });
};
