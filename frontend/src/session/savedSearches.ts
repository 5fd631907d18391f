/**
 * The signed-in user's saved searches (`/users/me/searches`, contract and shapes in
 * shared/alerts/saved-search.ts): list, create, change (name, search, frequency, paused), delete,
 * and replace the private feed URLs. Every call goes through ./authedApi.ts.
 * @throws ApiError with the server's message: 400 naming the field, 401 signed out, 403 hourly
 * without the yearly plan, 404 an id that is not the user's, 409 at 20 saved searches.
 */
import type { CreateSavedSearchInput, SavedSearch, SavedSearchFrequency, SavedSearchList, UpdateSavedSearchInput } from '../../../shared/alerts/saved-search';
import { authedRequest } from './authedApi';

export type { SavedSearch, SavedSearchFrequency };

/** How often an alert is sent, in words, in the order offered. */
export const FREQUENCY_LABELS: Readonly<Record<SavedSearchFrequency, string>> = { daily: 'Daily', weekly: 'Weekly', hourly: 'Hourly (yearly plan)' };

const pathOf = (id: string, more = ''): string => `/users/me/searches/${encodeURIComponent(id)}${more}`;

/** Oldest first. */
export const listSavedSearches = async (): Promise<SavedSearch[]> => (await authedRequest<SavedSearchList>('GET', '/users/me/searches')).searches;

export const createSavedSearch = (body: CreateSavedSearchInput): Promise<SavedSearch> => authedRequest<SavedSearch>('POST', '/users/me/searches', body);

export const updateSavedSearch = (id: string, change: UpdateSavedSearchInput): Promise<SavedSearch> => authedRequest<SavedSearch>('PATCH', pathOf(id), change);

export const deleteSavedSearch = (id: string): Promise<void> => authedRequest<void>('DELETE', pathOf(id));

/** New private feed URLs; the old ones stop working at once. */
export const replaceFeedUrls = (id: string): Promise<SavedSearch> => authedRequest<SavedSearch>('POST', pathOf(id, '/feed-token'));
