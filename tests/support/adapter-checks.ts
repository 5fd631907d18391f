import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import fc from 'fast-check';
import { JobSchema, type Job } from '../../shared/jobs/job';
import { fixedClock } from '../../shared/time/clock';
import type { SourceParseContext, SourceParseResult } from '../../shared/sources/build-job';
import { SourceFormatError } from '../../shared/sources/source-error';

/**
 * Checks every source adapter's tests share (test support, imported only by *.test.ts):
 * a fixed context, the constructed fixtures, "none lost", and the fuzz properties.
 */

export const NOW = '2025-10-28T12:00:00.000Z';

export const contextFor = (boardToken: string): SourceParseContext => ({
  company: { company_key: 'example-ai', company_name: 'Example AI', company_url: 'https://example.ai', company_logo: null },
  boardToken,
  clock: fixedClock(NOW),
});

/** The provider body inside a constructed fixture (shared/sources/fixtures/{provider}.documented-fields.json). */
export const constructedBody = (provider: string): unknown =>
  (JSON.parse(readFileSync(new URL(`../../shared/sources/fixtures/${provider}.documented-fields.json`, import.meta.url), 'utf8')) as { body: unknown }).body;

/** Every posting became a job that passes JobSchema or a skip with a reason; none lost. */
export const expectAccounted = (result: SourceParseResult, postings: number): void => {
  expect(result.jobs.length + result.skipped.length).toBe(postings);
  for (const job of result.jobs) JobSchema.parse(job);
  for (const skip of result.skipped) expect(skip.reason).not.toBe('');
};

/** The job whose source id or title is `key`; throws (failing the test) when there is none. */
export const jobWith = (result: SourceParseResult, key: string): Job => {
  const found = result.jobs.find((job) => job.source.job_id === key || job.job_title === key);
  if (!found) throw new Error(`no job ${key}`);
  return found;
};

type Parse = (body: unknown, ctx: SourceParseContext) => SourceParseResult;

/**
 * Fuzz: (1) any JSON-ish body either parses or throws SourceFormatError, nothing else;
 * (2) a board whose postings are `base` with arbitrary fields replaced, or arbitrary values,
 * accounts for every posting and yields only valid jobs.
 */
export const fuzzAdapter = (parse: Parse, envelope: (postings: unknown[]) => unknown, base: Record<string, unknown>, numRuns = 150): void => {
  const ctx = contextFor('fuzzed');
  fc.assert(
    fc.property(fc.anything(), (body) => {
      try {
        parse(body, ctx);
      } catch (error) {
        expect(error).toBeInstanceOf(SourceFormatError);
      }
    }),
    { numRuns },
  );
  const mutated = fc.dictionary(fc.constantFrom(...Object.keys(base), 'extra'), fc.anything(), { maxKeys: 6 }).map((changes) => ({ ...base, ...changes }));
  fc.assert(
    fc.property(fc.array(fc.oneof(fc.anything(), mutated), { maxLength: 5 }), (postings) => {
      expectAccounted(parse(envelope(postings), ctx), postings.length);
    }),
    { numRuns },
  );
};
