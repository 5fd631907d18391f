/**
 * The MCP server's signed-in tools (issue 21): a subscriber's saved searches, through the same
 * use cases as `/users/me/searches` (shared/alerts/saved-searches-api.ts), each given the user id
 * of the VERIFIED ID token only (mcp-http.ts verifies it; without one the call never gets here:
 * 401). Another user's search id is answered as an unknown one.
 *
 * - `list_saved_searches` → `{ searches }`;
 * - `create_saved_search` `{ name, search, frequency? }` → `{ search }` (`search` is a POST /jobs body);
 * - `pause_saved_search` `{ id, paused? }` → `{ search }` (`paused: false` resumes it);
 * - `delete_saved_search` `{ id }` → `{ deleted: id }`.
 * Errors are tool errors with the API's messages (400 naming the field, 403 hourly without the
 * yearly plan, 404, 409 at 20 searches).
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { CreateSavedSearchRequestSchema, SavedSearchIdSchema, SavedSearchSchema } from '../../shared/alerts/saved-search';
import { createSavedSearch, deleteSavedSearch, listSavedSearches, updateSavedSearch, type SavedSearchDeps } from '../../shared/alerts/saved-searches-api';
import { UnauthorizedError } from '../../shared/errors';
import type { Logger } from '../observability/log';
import { registerTool } from './public-tools';

const IdInput = { id: SavedSearchIdSchema.describe('The saved search’s id, from list_saved_searches') };
const OneSearch = z.object({ search: SavedSearchSchema });

/**
 * Registers the signed-in tools on `server` for the user `userId` (from a verified token), or,
 * with null, listed only: a call without a token is answered 401 before any tool runs, and
 * should one get here it is refused as unauthorised.
 */
export const registerSavedSearchTools = (server: McpServer, deps: SavedSearchDeps, userId: string | null, logger: Logger): void => {
  const user = (): string => {
    if (userId === null) throw new UnauthorizedError();
    return userId;
  };
  registerTool(server, logger, 'list_saved_searches', { input: z.strictObject({}), output: z.object({ searches: z.array(SavedSearchSchema) }), readOnly: true }, () => listSavedSearches(user(), deps));
  registerTool(server, logger, 'create_saved_search', { input: CreateSavedSearchRequestSchema, output: OneSearch, readOnly: false }, async (args) => ({
    search: await createSavedSearch(user(), args, deps),
  }));
  registerTool(
    server,
    logger,
    'pause_saved_search',
    { input: z.strictObject({ ...IdInput, paused: z.boolean().default(true).describe('true (default) pauses its alerts and feed; false resumes them') }), output: OneSearch, readOnly: false },
    async ({ id, paused }) => ({ search: await updateSavedSearch(user(), id, { paused }, deps) }),
  );
  registerTool(server, logger, 'delete_saved_search', { input: z.strictObject(IdInput), output: z.object({ deleted: z.string() }), readOnly: false }, async ({ id }) => {
    await deleteSavedSearch(user(), id, deps);
    return { deleted: id };
  });
};
