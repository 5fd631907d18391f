import { decodeHTML } from 'entities';
import type { Job } from '../jobs/job';
import { extractSkills } from './skills';

/**
 * Board boilerplate: the paragraphs most postings of one board share (the company blurb,
 * benefits, equal-opportunity text), found at parse time across the whole board, so that
 * skills come from each posting's own requirements. Cohere ends every description with
 * "... content generation, semantic search, RAG, and agents": without this, its Compensation
 * Consultant and Vice President of Tax carried the skill "RAG".
 */

/** A paragraph shorter than this is never boilerplate (headings like "Requirements" carry no skill anyway). */
const MIN_PARAGRAPH = 60;
/** Boards with fewer postings than this have no boilerplate: "most postings" needs a crowd. */
const MIN_POSTINGS = 3;

const BLOCK_BOUNDARY = /<\/?(?:p|li|ul|ol|h[1-6]|div|br|blockquote|tr|td|th|section|article|pre|hr)\b[^>]*>/gi;

/** The paragraphs (block elements, list items) of sanitised HTML as plain text, whitespace folded. */
export const paragraphsOf = (html: string): string[] => {
  // Tags out first, entities decoded once for the whole text (a decoded "<" can then make no tag).
  const text = decodeHTML(html.replace(/\uE000/g, '').replace(BLOCK_BOUNDARY, '\uE000').replace(/<[^>]*>/g, ' '));
  return text
    .split('\uE000')
    .map((block) => block.replace(/\s+/g, ' ').trim())
    .filter((block) => block.length > 0);
};

const keyOf = (paragraph: string): string => paragraph.toLowerCase();

/**
 * The paragraphs (lower-cased keys) found in more than half of a board's descriptions
 * (sanitised HTML; nulls count as postings without text), each at least 60 characters long.
 * Empty for boards of fewer than 3 described postings.
 */
export const boardBoilerplate = (descriptions: readonly (string | null)[]): ReadonlySet<string> =>
  boilerplateOf(descriptions.filter((html): html is string => Boolean(html)).map(paragraphsOf));

const boilerplateOf = (described: readonly string[][]): ReadonlySet<string> => {
  if (described.length < MIN_POSTINGS) return new Set();
  const postingsWith = new Map<string, number>();
  for (const paragraphs of described) {
    for (const key of new Set(paragraphs.filter((paragraph) => paragraph.length >= MIN_PARAGRAPH).map(keyOf))) {
      postingsWith.set(key, (postingsWith.get(key) ?? 0) + 1);
    }
  }
  return new Set([...postingsWith].filter(([, count]) => count * 2 > described.length).map(([key]) => key));
};

/**
 * The board's jobs with skills read from their own text only: for each job whose description
 * holds boilerplate paragraphs (`boardBoilerplate` of all `jobs`) that name a skill, skills are
 * extracted again (`extractSkills`) from the title and the other paragraphs. Other jobs are
 * returned as they are.
 */
export const withOwnSkills = (jobs: readonly Job[]): Job[] => {
  if (jobs.length < MIN_POSTINGS) return [...jobs];
  const paragraphsByJob = jobs.map((job) => (job.description ? paragraphsOf(job.description) : null));
  const boilerplate = boilerplateOf(paragraphsByJob.filter((paragraphs): paragraphs is string[] => paragraphs !== null));
  if (boilerplate.size === 0) return [...jobs];
  // Most boilerplate (benefits, equal opportunity) names no skill: then the job's skills stand as they are.
  const namesSkills = new Map<string, boolean>();
  const skillful = (paragraph: string): boolean => {
    const key = keyOf(paragraph);
    if (!boilerplate.has(key)) return false;
    let found = namesSkills.get(key);
    if (found === undefined) namesSkills.set(key, (found = extractSkills('', paragraph).length > 0));
    return found;
  };
  return jobs.map((job, index) => {
    const paragraphs = paragraphsByJob[index] ?? [];
    if (!paragraphs.some(skillful)) return job;
    const own = paragraphs.filter((paragraph) => !boilerplate.has(keyOf(paragraph)));
    return { ...job, skills: extractSkills(job.job_title, own.join('\n')) };
  });
};
