/**
 * Real jobs for the digest tests and bench: every posting of the captured Ashby boards
 * (stapply-ai/ats-scrapers@43ece6fd3ab4398cda575f0483fd49ea5c58eccb:ashby/companies/*.json, via
 * ../shared/data/ats/ashby) parsed by the real adapter, as the seed does. Callers re-date them.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { readConfig } from '../../lambdas/config';
import { loadRegistry } from '../../infra/local/seed';
import type { Job } from '../../shared/jobs/job';
import { parseAshbyBoard } from '../../shared/sources/ashby';
import { fixedClock } from '../../shared/time/clock';

export const loadCapturedJobs = async (sharedDataDir = readConfig({}).sharedDataDir): Promise<Job[]> => {
  const registry = await loadRegistry(sharedDataDir);
  const clock = fixedClock('2025-10-28T00:00:00.000Z');
  const jobs = new Map<string, Job>();
  for (const { capturedResponse, company } of registry.entries) {
    if (capturedResponse === null) continue;
    const body = JSON.parse(await readFile(path.join(sharedDataDir, capturedResponse), 'utf8')) as unknown;
    const parsed = parseAshbyBoard(body, {
      company: { company_key: company.company_key, company_name: company.company_name, company_url: company.company_url, company_logo: company.company_logo },
      boardToken: company.board_token ?? capturedResponse,
      clock,
    });
    for (const job of parsed.jobs) jobs.set(`${job.company_key}${job.slug_url}`, job);
  }
  return [...jobs.values()].sort((a, b) => `${a.company_key}${a.slug_url}`.localeCompare(`${b.company_key}${b.slug_url}`));
};
