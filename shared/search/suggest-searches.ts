import { z } from 'zod';
import type { JobIndex, Suggestion } from './job-search';

/** `GET /jobs/suggest` query: `q` (what was typed so far, up to 100 characters), `limit` (1–20, default 8). */
export const SuggestQuerySchema = z.object({
  q: z.string().max(100).default(''),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});

/** `GET /jobs/suggest` response: `{suggestions: [{kind: 'title'|'company'|'skill'|'place', text}]}`, best first. */
export const SuggestAnswerSchema = z.object({
  suggestions: z.array(z.object({ kind: z.enum(['title', 'company', 'skill', 'place']), text: z.string() })),
});
export type SuggestAnswer = { suggestions: Suggestion[] };

/**
 * `GET /jobs/suggest?q=…`: completions as a person types, from the search index over open
 * jobs: titles, companies, skills and places whose words start with the typed text, most
 * common first (see shared/search/job-index.ts `suggest`). Fewer than 2 letters: none.
 *
 * @throws ZodError (answered 400 naming the parameter) on a `q` over 100 characters or a bad
 * `limit`; other parameters are ignored.
 */
export const suggestSearches = (params: unknown, index: Pick<JobIndex, 'suggest'>): SuggestAnswer => {
  const { q, limit } = SuggestQuerySchema.parse(params ?? {});
  return { suggestions: index.suggest(q, limit) };
};
