/**
 * Saved searches (issue 20.2): a signed-in user's named `POST /jobs` search that alerts them to
 * the jobs it finds, by email (the digest, daily or weekly; hourly on the yearly plan) and by a
 * private feed. The wire contract of `/users/me/searches`, shared by the server, the site and
 * the MCP server; zod only, so the browser bundle can import it.
 *
 * Routes (identity from the verified token only; errors are `{ message }`):
 * - `GET /users/me/searches` → 200 `{ searches: SavedSearch[] }` (oldest first)
 * - `POST /users/me/searches` with `CreateSavedSearchRequest` → 201 `SavedSearch`;
 *   400 naming the field; 403 for `hourly` without an active yearly plan; 409 at 20 searches
 * - `PATCH /users/me/searches/{id}` with `UpdateSavedSearchRequest` → 200 `SavedSearch`;
 *   404 for an id that is not the caller's (another user's id is answered the same as an unknown one)
 * - `DELETE /users/me/searches/{id}` → 204; 404 as above
 * - `POST /users/me/searches/{id}/feed-token` → 200 `SavedSearch` with new feed URLs; the old
 *   ones stop working at once
 *
 * `search` is a `POST /jobs` body (shared/search/job-query.ts, `JobQuerySchema`, so every
 * filter of the board can be saved). Paging and presentation fields (`page`, `page_size`,
 * `include_description`) are accepted and ignored: the site can send the body it searched with.
 * The stored `search` keeps only the fields that were set (no nulls, no paging), e.g.
 * `{ "search": ["python"], "seniority": ["senior"], "remote_from": "DE", "min_salary_usd": 150000 }`.
 */
import { z } from 'zod';
import { JobQuerySchema, type JobQuery } from '../search/job-query';

/** How often a saved search alerts: `hourly` needs an active yearly plan. */
export const SAVED_SEARCH_FREQUENCIES = ['daily', 'weekly', 'hourly'] as const;
export const SavedSearchFrequencySchema = z.enum(SAVED_SEARCH_FREQUENCIES);
export type SavedSearchFrequency = z.infer<typeof SavedSearchFrequencySchema>;

/** At most this many saved searches a user (409 beyond it). */
export const MAX_SAVED_SEARCHES = 20;
/** A name is 1 to this many characters after trimming. */
export const MAX_SAVED_SEARCH_NAME = 100;
/** The stored search's JSON (UTF-8) is at most this many bytes (400 beyond it). */
export const MAX_SAVED_SEARCH_BYTES = 4096;

/** The `POST /jobs` fields a saved search does not keep: they page or shape an answer, they do not choose jobs. */
const UNSAVED_FIELDS = ['page', 'page_size', 'include_description'] as const;
type UnsavedField = (typeof UNSAVED_FIELDS)[number];

/** A saved search's query: the `POST /jobs` fields that were set (non-null), without paging. */
export type SavedSearchQuery = Partial<{ [K in Exclude<keyof JobQuery, UnsavedField>]: NonNullable<JobQuery[K]> }>;

/** Keeps the set (non-null) fields of a validated `POST /jobs` body, leaving out paging. */
export const toSavedSearchQuery = (query: JobQuery): SavedSearchQuery => {
  const kept: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(query)) {
    if (value === null || value === undefined || (UNSAVED_FIELDS as readonly string[]).includes(field)) continue;
    kept[field] = value;
  }
  return kept as SavedSearchQuery;
};

const utf8Bytes = (text: string): number => new TextEncoder().encode(text).length;

/** A `POST /jobs` body checked by `JobQuerySchema` and kept as a `SavedSearchQuery`; 400 "search: ..." beyond `MAX_SAVED_SEARCH_BYTES`. */
export const SavedSearchQuerySchema = JobQuerySchema.transform(toSavedSearchQuery).superRefine((query, ctx) => {
  const bytes = utf8Bytes(JSON.stringify(query));
  if (bytes > MAX_SAVED_SEARCH_BYTES) {
    ctx.addIssue({ code: 'custom', message: `Saved search is too large (${bytes} bytes of JSON; at most ${MAX_SAVED_SEARCH_BYTES})` });
  }
});

export const SavedSearchNameSchema = z
  .string()
  .trim()
  .min(1, 'Name must not be empty')
  .max(MAX_SAVED_SEARCH_NAME, `Name must be at most ${MAX_SAVED_SEARCH_NAME} characters`);

/** `POST /users/me/searches` body. `frequency` defaults to `daily`. */
export const CreateSavedSearchRequestSchema = z.strictObject({
  name: SavedSearchNameSchema,
  search: SavedSearchQuerySchema,
  frequency: SavedSearchFrequencySchema.default('daily'),
});
export type CreateSavedSearchRequest = z.infer<typeof CreateSavedSearchRequestSchema>;
export type CreateSavedSearchInput = z.input<typeof CreateSavedSearchRequestSchema>;

/** `PATCH /users/me/searches/{id}` body: any of the fields, at least one. */
export const UpdateSavedSearchRequestSchema = z
  .strictObject({
    name: SavedSearchNameSchema.optional(),
    search: SavedSearchQuerySchema.optional(),
    frequency: SavedSearchFrequencySchema.optional(),
    paused: z.boolean().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Expected at least one of name, search, frequency, paused');
export type UpdateSavedSearchRequest = z.infer<typeof UpdateSavedSearchRequestSchema>;
export type UpdateSavedSearchInput = z.input<typeof UpdateSavedSearchRequestSchema>;

/** A saved search's id in a path: opaque, URL-safe. */
export const SavedSearchIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Expected a saved search id');

const IsoTime = z.iso.datetime({ offset: true });

/**
 * A saved search as the API answers it.
 * - `id`: opaque, URL-safe.
 * - `search`: the saved `POST /jobs` fields (see `SavedSearchQuery`).
 * - `paused`: a paused search sends no email and its feed stays empty.
 * - `from_group`: the department when this search was made from an alert group (the
 *   original `POST /users/subscribe`), else null; setting groups there adds and removes these.
 * - `matched_last_7_days`: jobs first seen in the last 7 days that the search matches.
 * - `feed`: the private feed URLs (RSS 2.0 and JSON Feed 1.1); anyone with them can read the
 *   feed, so the dashboard offers to replace them (`POST .../feed-token`).
 * - `created_at`, `updated_at`: UTC ISO-8601.
 */
export const SavedSearchSchema = z.object({
  id: SavedSearchIdSchema,
  name: z.string(),
  search: z.record(z.string(), z.unknown()),
  frequency: SavedSearchFrequencySchema,
  paused: z.boolean(),
  from_group: z.string().nullable(),
  created_at: IsoTime,
  updated_at: IsoTime,
  matched_last_7_days: z.number().int().nonnegative(),
  feed: z.object({ rss: z.url(), json: z.url() }),
});
export type SavedSearch = z.infer<typeof SavedSearchSchema> & { search: SavedSearchQuery };

/** `GET /users/me/searches` answer. */
export const SavedSearchListSchema = z.object({ searches: z.array(SavedSearchSchema) });
export type SavedSearchList = { searches: SavedSearch[] };

/** The 403 message for `hourly` without an active yearly plan. */
export const HOURLY_NEEDS_YEARLY_MESSAGE = 'Hourly alerts come with the yearly plan: choose the yearly plan first, or save this search as daily or weekly';
/** The 409 message at the limit. */
export const TOO_MANY_SAVED_SEARCHES_MESSAGE = `You have ${MAX_SAVED_SEARCHES} saved searches, the most there can be: delete one first`;
/** The 404 message for an id that is not the caller's. */
export const NO_SUCH_SAVED_SEARCH_MESSAGE = 'No saved search with this id';
