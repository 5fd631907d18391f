/**
 * Re-deriving stored jobs when the normalisation rules improve, without fetching anything:
 * `rederiveJobs(jobs, options)` recomputes each job's normalised fields from what the job stores
 * (title, description, source department, employment type, workplace, places, compensation as
 * posted; pay read from the description is read from it again) with the same rules `buildJob` applies (`derivedFields`), re-reads skills without the
 * board's shared boilerplate (`withOwnSkills`, per board), and closes an open job whose title is
 * not a job (non-jobs.ts: a general application, a talent pool). Pure; `now` comes in.
 *
 * A job stored with its `raw` record (what the source published: location texts and structured
 * addresses, workplace type, remote flag, department and team; shared/jobs/job.ts) also gets its
 * places, workplace type and department read again from it (posting-raw.ts), and remote
 * eligibility from those. A job stored before the record was kept (`raw` null) keeps its places,
 * workplace type and department (unless its source gave no department: then title and
 * description decide it again): a crawl with `--full` re-derives those from the boards'
 * responses. Ashby's plain description is not stored: the text
 * of the stored (sanitised) description stands in for it, which reads a few of the 1,323 captured
 * jobs differently (5 on 2026-11-24: skills, seniority and years of two, the workplace type of one).
 *
 * Returns every job that changed (as it should now be stored) and the changes counted per field
 * ("skills": 40, ...), plus `closed` (non-jobs closed) and `read`.
 */
import type { Job } from '../jobs/job';
import type { EcbRates } from '../normalise/fx';
import { withOwnSkills } from '../normalise/board-boilerplate';
import { derivedFields } from '../sources/derived-fields';
import { plainText } from '../html/plain-text';
import { notAJobReason } from '../sources/non-jobs';
import { payFromDescription } from '../normalise/pay-text';
import { placesOfRaw, workplaceOfRaw } from '../sources/posting-raw';
import { sameJson } from './compare-board';

export interface RederiveResult {
  /** The jobs whose stored form changes, as they should be stored. */
  changed: Job[];
  /** Changed jobs per field (a job can count under several). */
  fields: Record<string, number>;
  /** Open jobs closed because they are not jobs. */
  closed: number;
  /** Jobs read. */
  read: number;
}

/** Structured pay as stored; pay read from the description is read again by today's rules. */
const payOf = (job: Job, locations: Job['locations']): Job['compensation'] =>
  job.compensation !== null && job.compensation.stated_in !== 'description' ? job.compensation : payFromDescription(job.description, { title: job.job_title, locations });

/**
 * One job's normalised fields read again from what it stores (its description included), by
 * today's rules; the board's boilerplate is not looked at and the description's words for search
 * are left as stored (`rederiveJobs` reads both per board: `withOwnSkills`).
 */
export const rederiveJob = (job: Job, rates?: EcbRates): Job => {
  const plain = job.description ? plainText(job.description) : '';
  const { raw } = job;
  if (raw === null) {
    const compensation = payOf(job, job.locations);
    const derived = derivedFields({ title: job.job_title, department: job.source_department, team: null, employmentType: job.employment_type, workplace: job.workplace_type, locations: job.locations, compensation, plain }, rates);
    // The taxonomy reads the source's team too, which the stored job folds into source_department;
    // with none stored the source gave neither, and title and description decide again.
    return { ...job, compensation, ...derived, department: job.source_department === null ? derived.department : job.department };
  }
  const workplace = workplaceOfRaw(raw, job.job_title, plain);
  const places = placesOfRaw(raw);
  const compensation = payOf(job, places);
  const derived = derivedFields({ title: job.job_title, department: raw.department, team: raw.team, employmentType: job.employment_type, workplace, locations: places, compensation, plain }, rates);
  return { ...job, workplace_type: workplace, compensation, ...derived };
};

/** See the module doc. `jobs` may mix companies and boards; each board's jobs are read together. */
export const rederiveJobs = (jobs: readonly Job[], options: { now: string; rates?: EcbRates }): RederiveResult => {
  const boards = new Map<string, Job[]>();
  for (const job of jobs) {
    const board = `${job.company_key}\u0000${job.source.ats}\u0000${job.source.board_token}`;
    const list = boards.get(board);
    if (list === undefined) boards.set(board, [job]);
    else list.push(job);
  }
  const fields: Record<string, number> = {};
  const changed: Job[] = [];
  let closed = 0;
  for (const stored of boards.values()) {
    const again = withOwnSkills(stored.map((job) => rederiveJob(job, options.rates)));
    again.forEach((next, index) => {
      const before = stored[index]!;
      const notAJob = before.closed_at === null && notAJobReason(before.job_title) !== null;
      const after = notAJob ? { ...next, closed_at: options.now } : next;
      if (notAJob) closed += 1;
      const differing = (Object.keys(after) as (keyof Job)[]).filter((field) => !sameJson(before[field], after[field]));
      if (differing.length === 0) return;
      for (const field of differing) fields[field] = (fields[field] ?? 0) + 1;
      changed.push(after);
    });
  }
  return { changed, fields, closed, read: jobs.length };
};
