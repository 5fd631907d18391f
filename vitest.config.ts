import { defineConfig } from 'vitest/config';

/**
 * One test run for the whole project: unit tests beside their code (shared/, lambdas/,
 * frontend/, infra/) and cross-cutting integration and browser tests under tests/.
 */
export default defineConfig({
  test: {
    include: ['{shared,lambdas,frontend,infra,tests,bench}/**/*.test.{ts,tsx}'],
    exclude: ['node_modules/**', 'cdk.out/**', 'frontend/dist/**', '.data/**'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // One DynamoDB Local per run, seeded once, for the test files that import tests/support/dynamodb.
    globalSetup: ['tests/support/global-setup.ts'],
  },
});
