/**
 * The coverage's records (shared/crawl/coverage.ts `CoverageSources`) from the state table, in
 * one Scan filtered on the id prefixes (the table holds one small item per company plus the run
 * records of 30 days; the coverage route caches the answer): the source statuses
 * (`crawl-source#...`, crawl-runs.ts) and the run records in either shape:
 * - a local or single-process run (`crawl-run#<started_at>#<run_id>`, crawl-runs.ts):
 *   `finished_at`, `jobs: { new, closed }`, `companies: { ok, failing }`;
 * - a distributed run on AWS (`crawl-run#<run_id>`, crawl-run-tally.ts): `last_finished_at`
 *   (else `dispatched_at`), `jobs_new`, `jobs_closed`, `companies_ok`, `companies_failing`.
 * `crawl-run#last` repeats the newest local run and is left out. The local seed's run carries
 * `demo` (shared/crawl/demo-catalog.ts).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { CoverageRun, CoverageSources } from '../../shared/crawl/coverage';
import type { SourceStatus } from '../../shared/crawl/source-status';
import { LAST_RUN_ID, SOURCE_STATUS_PREFIX } from './crawl-runs';
import { scanAll } from './paginate';

const RUN_PREFIX = 'crawl-run#';

const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const field = (value: unknown, key: string): unknown => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined);

const demoOf = (value: unknown): CoverageRun['demo'] => {
  const capturedOn = text(field(value, 'captured_on'));
  return capturedOn === null ? null : { captured_on: capturedOn, shift_days: count(field(value, 'shift_days')) };
};

/** One run record item as a CoverageRun, or null when it has no finish time. */
function toCoverageRun(item: Record<string, unknown>): CoverageRun | null {
  const finished = text(item.finished_at) ?? text(item.last_finished_at) ?? text(item.dispatched_at);
  if (finished === null) return null;
  return {
    finished_at: finished,
    jobs_new: count(field(item.jobs, 'new') ?? item.jobs_new),
    jobs_closed: count(field(item.jobs, 'closed') ?? item.jobs_closed),
    companies_ok: count(field(item.companies, 'ok') ?? item.companies_ok),
    companies_failing: count(field(item.companies, 'failing') ?? item.companies_failing),
    demo: demoOf(item.demo),
  };
}

export class DynamoCoverageSources implements CoverageSources {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    /** Physical name of the state table. */
    private readonly table: string,
  ) {}

  async read(): Promise<{ statuses: SourceStatus[]; runs: CoverageRun[] }> {
    const items = await scanAll(this.doc, {
      TableName: this.table,
      FilterExpression: 'begins_with(id, :source) OR begins_with(id, :run)',
      ExpressionAttributeValues: { ':source': SOURCE_STATUS_PREFIX, ':run': RUN_PREFIX },
    });
    const statuses: SourceStatus[] = [];
    const runs: CoverageRun[] = [];
    for (const item of items) {
      const id = String(item.id);
      if (id.startsWith(SOURCE_STATUS_PREFIX)) statuses.push(item as unknown as SourceStatus);
      else if (id !== LAST_RUN_ID) {
        const run = toCoverageRun(item);
        if (run !== null) runs.push(run);
      }
    }
    return { statuses, runs };
  }
}
