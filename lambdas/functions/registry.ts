/**
 * Every HTTP function by the name routes.ts gives it, built from a configuration and storage:
 * what the local server mounts (and the CDK app bundles by the same names).
 */
import type { Config } from '../config';
import { createMarkdownRepository } from '../content/markdown-repository';
import type { HttpHandler } from '../http/http-handler';
import type { FunctionName } from '../http/routes';
import type { Storage } from '../storage/repositories';
import { createCompaniesFunction } from './companies';
import { createContentFunction } from './content';
import { createEmailFunction } from './email';
import { createJobsFunction } from './jobs';
import { createMcpFunction } from './mcp';
import { createPaymentsFunction } from './payments';
import { createStripeWebhookFunction } from './stripe-webhook';
import { createUsersFunction } from './users';

export const HTTP_FUNCTIONS: Record<FunctionName, (config: Config, storage: Storage) => HttpHandler> = {
  jobs: createJobsFunction,
  companies: createCompaniesFunction,
  content: (config) => createContentFunction(config, createMarkdownRepository),
  users: createUsersFunction,
  payments: (config, storage) => createPaymentsFunction(config, storage),
  webhook: (config, storage) => createStripeWebhookFunction(config, storage),
  email: (config) => createEmailFunction(config),
  mcp: (config, storage) => createMcpFunction(config, undefined, storage),
};
