/**
 * The local start's search snapshot: the open jobs' summaries of one catalog version, kept in a
 * JSON file inside DynamoDB Local's data folder (so deleting the data deletes it too), so that a
 * restart builds the search index without listing every job from a still-cold DynamoDB Local.
 * File shape: `{ "version": "3", "jobsTable": "latent-jobs-local-jobs", "summaries": [JobSummary] }`.
 * A file for another version or table, or one that cannot be read, counts as no snapshot.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { JobSummary } from '../../shared/jobs/job-summary';
import type { SummarySnapshot } from '../../lambdas/search/warm-job-index';

interface SnapshotFile {
  version: string;
  jobsTable: string;
  summaries: readonly JobSummary[];
}

export const fileSummarySnapshot = (file: string, jobsTable: string): SummarySnapshot => ({
  async load(version) {
    try {
      const saved = JSON.parse(await readFile(file, 'utf8')) as Partial<SnapshotFile>;
      return saved.version === version && saved.jobsTable === jobsTable && Array.isArray(saved.summaries) ? saved.summaries : null;
    } catch {
      return null;
    }
  },
  async save(version, summaries) {
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.tmp`;
    await writeFile(partial, JSON.stringify({ version, jobsTable, summaries } satisfies SnapshotFile));
    await rename(partial, file);
  },
});
