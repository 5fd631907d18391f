/**
 * The saved-search routes as a caller meets them, for the tests of issue 20: the local stand-in for
 * API Gateway (infra/local/http-adapter.ts) with its JWT authorizer (tokens of `issuer`) in front
 * of the real users and jobs functions on `storage`'s users and saved searches, both searching
 * `index()` (read on every request, so a test can swap in new jobs). Every other function answers
 * an empty 200. Feed URLs are written for `siteUrl`.
 *
 * `startSavedSearchApi(...)` → `{ site, stop() }` (`site`: "http://127.0.0.1:PORT"; the API is `${site}/api`).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpAdapter, type V2Handler } from '../../infra/local/http-adapter';
import { createJwtAuthorizer } from '../../lambdas/auth/jwt-authorizer';
import { createJobsHandler } from '../../lambdas/functions/jobs';
import { createUsersHandler } from '../../lambdas/functions/users';
import { ROUTES, type FunctionName } from '../../lambdas/http/routes';
import type { Storage } from '../../lambdas/storage/repositories';
import type { JobIndex } from '../../shared/search/job-search';
import { InMemoryJobRepository } from '../support/in-memory-ports';
import type { TestIssuer } from '../auth/test-issuer';

export const startSavedSearchApi = async (options: { storage: Pick<Storage, 'users' | 'savedSearches'>; issuer: TestIssuer; siteUrl: string; index: () => JobIndex }): Promise<{ site: string; stop(): Promise<void> }> => {
  const { storage, issuer } = options;
  const users = createUsersHandler(
    {
      users: storage.users,
      clock: () => new Date(),
      savedSearches: storage.savedSearches,
      siteUrl: options.siteUrl,
      recentIndex: async () => options.index(),
      authSettings: { configured: true, region: 'us-east-1', userPoolId: issuer.userPoolId, userPoolClientId: issuer.clientId, oauthDomain: null, userPoolEndpoint: null },
    },
    { logger: () => undefined },
  );
  const jobs = createJobsHandler({ jobs: new InMemoryJobRepository(), searchIndex: async () => options.index(), clock: () => new Date(), savedSearches: storage.savedSearches }, { logger: () => undefined });
  const functions = Object.fromEntries(ROUTES.map((route) => [route.fn, async () => ({})])) as unknown as Record<FunctionName, V2Handler>;
  const server = createServer(
    createHttpAdapter({
      staticDir: '/nonexistent',
      logger: () => undefined,
      authorize: createJwtAuthorizer({ issuer: issuer.issuer, clientId: issuer.clientId, jwksUrl: issuer.jwksUrl }),
      functions: { ...functions, users, jobs },
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    site: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
