/**
 * The ghost-job mark on a job card or page: "Possibly stale", with the reason
 * (shared/jobs/ghost.ts) on hover (title) and on tap or Enter (the button shows it below and
 * tells screen readers it expanded). Nothing for a job that is not marked.
 */
import { useId, useState } from 'react';
import { ghostReason } from '../../../shared/jobs/ghost';
import type { PublicJob } from '../../../shared/jobs/job';
import styles from './GhostMark.module.css';

export function GhostMark({ job, now }: { job: Pick<PublicJob, 'date_posted' | 'first_seen_at' | 'closed_at' | 'reposted_from'>; now: Date }) {
  const [open, setOpen] = useState(false);
  const reasonId = useId();
  const reason = ghostReason(job, now);
  if (reason === null) return null;
  return (
    <span className={styles.mark}>
      <button type="button" className={styles.button} title={reason} aria-expanded={open} aria-controls={reasonId} onClick={() => setOpen(!open)}>
        Possibly stale
      </button>
      <span id={reasonId} className={styles.reason} hidden={!open}>
        {reason}
      </span>
    </span>
  );
}
