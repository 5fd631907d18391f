import { defineConfig } from 'vitest/config';

/**
 * Two test projects, run one after the other by `npm test` (unit first):
 *
 * - `unit` (`npm run test:unit`, the fast loop): tests beside their code that need no DynamoDB
 *   Local, no server, no browser and no CDK synth.
 * - `integration`: everything in tests/ (DynamoDB Local via tests/support, the local product,
 *   the stand-ins, Chromium), the CDK app's template tests (infra/aws), and the few co-located
 *   tests that start a process or a server or walk a whole corpus, listed in INTEGRATION below.
 *   Only this project has the DynamoDB Local global setup.
 *
 * A test file belongs to `integration` when it imports tests/support/{dynamodb,product,browser,
 * browser-site,synthesized-stack}, starts a server or child process, or takes more than a few
 * seconds on its own; add it to INTEGRATION (the unit project has no DynamoDB, so a unit file
 * that imports the DynamoDB helpers fails rather than slowing the fast loop).
 */
const INTEGRATION = [
  'tests/**/*.test.{ts,tsx}',
  'infra/aws/**/*.test.ts',
  'infra/local/dynamodb-local.test.ts',
  'infra/local/http-adapter.test.ts',
  'infra/local/spa-build.test.ts',
  'lambdas/functions/ecb-rates.test.ts',
  'lambdas/functions/render.test.ts', // reads the server build (frontend/dist), made by the checks step
  'frontend/initial-js-budget.test.ts',
  'lambdas/http/openapi.test.ts',
  'shared/html/sanitize-vs-dompurify.test.ts',
];

const EXCLUDE = ['node_modules/**', 'cdk.out/**', 'frontend/dist/**', '.data/**'];

export default defineConfig({
  test: {
    exclude: EXCLUDE,
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // The SDK notices about this machine's Node version, off as in every local command (infra/local/sdk-notices.ts).
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1' },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{shared,lambdas,frontend,infra,bench}/**/*.test.{ts,tsx}'],
          exclude: [...EXCLUDE, ...INTEGRATION],
          // Test files share a worker's loaded modules: importing the domain's libraries (places,
          // zod schemas, parsers) again for every file was most of this project's time.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: INTEGRATION,
          // One DynamoDB Local per run, seeded once, for the test files that import tests/support/dynamodb.
          globalSetup: ['tests/support/global-setup.ts'],
        },
      },
    ],
  },
});
