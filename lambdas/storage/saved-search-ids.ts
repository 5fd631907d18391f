/**
 * Random saved-search ids and feed tokens (shared/alerts/saved-search-ports.ts `SavedSearchIds`)
 * from node:crypto: 12 URL-safe characters (72 bits) for an id, 43 (256 bits) for a feed token,
 * which is the only credential of a private feed.
 */
import { randomBytes } from 'node:crypto';
import type { SavedSearchIds } from '../../shared/alerts/saved-search-ports';

export const randomSavedSearchIds: SavedSearchIds = {
  newId: () => randomBytes(9).toString('base64url'),
  newFeedToken: () => randomBytes(32).toString('base64url'),
};
