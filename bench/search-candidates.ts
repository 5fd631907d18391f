/**
 * `npx tsx bench/search-candidates.ts`: the measurement that chose the search library.
 * Builds each candidate over the seeded jobs and 20,000 and 100,000 resampled ones and
 * prints build time, retained memory, p50/p99 latency over the bench's query mix, and how
 * many queries each answered differently from the chosen index (shared/search/job-index.ts,
 * itself checked against a brute-force matcher in its tests). Ends with one line of JSON.
 *
 * Candidates: the product's index (shared/search/job-index.ts: flexsearch 0.8.212 when this
 * chose it, our own term postings since docs/adr/0010), minisearch 7.2.0, and a hand-written
 * inverted index.
 * Re-runs itself under `node --expose-gc` for the memory figures.
 */
import { spawnSync } from 'node:child_process';
import { isDeepStrictEqual } from 'node:util';
import { fileURLToPath } from 'node:url';
import type { JobSummary } from '../shared/jobs/job-summary';
import { createJobIndex } from '../shared/search/job-index';
import { createInvertedJobIndex } from './candidates/inverted-index';
import { createMiniSearchJobIndex } from './candidates/minisearch-index';
import { loadCapturedSummaries, measureIndex, queryMix, resampleSummaries, type IndexFigures, type SearchOnly } from './search-workload';

const QUERIES = 1_000;

const main = async (): Promise<void> => {
  const candidates: { name: string; build: (summaries: readonly JobSummary[]) => SearchOnly }[] = [
    { name: 'job-index (term postings)', build: (summaries) => createJobIndex(summaries) },
    { name: 'minisearch 7.2.0', build: createMiniSearchJobIndex },
    { name: 'inverted-index', build: createInvertedJobIndex },
  ];
  const real = await loadCapturedSummaries();
  const queries = queryMix(QUERIES, 11);
  const results: (IndexFigures & { candidate: string; differing_queries: number })[] = [];
  for (const [name, summaries] of [
    ['seeded', real],
    ['20k', resampleSummaries(real, 20_000, 20)],
    ['100k', resampleSummaries(real, 100_000, 100)],
  ] as const) {
    const reference = createJobIndex(summaries);
    const expected = queries.map((query) => reference.search(query));
    for (const candidate of candidates) {
      const { index, figures } = measureIndex(summaries, candidate.build, queries);
      const differing = queries.filter((query, at) => !isDeepStrictEqual(index.search(query), expected[at])).length;
      results.push({ candidate: candidate.name, ...figures, differing_queries: differing });
      console.log(
        `${name.padEnd(6)} ${candidate.name.padEnd(18)} build ${figures.build_ms} ms, memory +${figures.memory_mb} MB, ` +
          `p50 ${figures.p50_ms} ms, p99 ${figures.p99_ms} ms, max ${figures.max_ms} ms, ${differing}/${queries.length} queries differ`,
      );
    }
  }
  console.log(JSON.stringify({ bench: 'search-candidates', node: process.version, results }));
};

if ((globalThis as { gc?: unknown }).gc) {
  await main();
} else {
  const child = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url)], { stdio: 'inherit' });
  process.exitCode = child.status ?? 1;
}
