import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../lambdas/config';
import { toJobSummary } from '../../shared/jobs/job-summary';
import { COHERE_JOBS } from '../../tests/support/cohere-fixtures';
import { fileSummarySnapshot } from './summary-snapshot';

mkdirSync(path.join(REPO_ROOT, '.tmp'), { recursive: true });
const dir = mkdtempSync(path.join(REPO_ROOT, '.tmp', 'snapshot-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const summaries = COHERE_JOBS.map(toJobSummary);

describe('the file summary snapshot', () => {
  it('gives back what was saved for the same version and table only', async () => {
    const file = path.join(dir, 'a', 'search-snapshot.json');
    await fileSummarySnapshot(file, 'jobs').save('7', summaries);
    expect(await fileSummarySnapshot(file, 'jobs').load('7')).toEqual(summaries);
    expect(await fileSummarySnapshot(file, 'jobs').load('8')).toBeNull();
    expect(await fileSummarySnapshot(file, 'other-jobs').load('7')).toBeNull();
  });

  it('treats a missing or damaged file as no snapshot', async () => {
    expect(await fileSummarySnapshot(path.join(dir, 'none.json'), 'jobs').load('1')).toBeNull();
    const damaged = path.join(dir, 'damaged.json');
    writeFileSync(damaged, '{"version": "1", "jobsT');
    expect(await fileSummarySnapshot(damaged, 'jobs').load('1')).toBeNull();
  });
});
