/**
 * The daily digest's send ledger: at most one digest per subscriber and UTC day.
 *
 * One entry per (user_id, day). A run CLAIMS the entry with a conditional write before it sends
 * (only one claim can win, so two runs at once, or a repeated run, never both send), then marks
 * it SENT with SES's message id, or FAILED when SES refused the email. An entry left CLAIMED
 * means a run stopped between claim and mark (a crash, a timeout): the email may or may not have
 * gone out, so it is reported and never sent again automatically.
 *
 * Entries also say what window of jobs a digest covered (`window_end`), so the next digest
 * starts where the last one ended. Times are UTC ISO-8601; `expires_at` is epoch seconds (TTL).
 */
export const LEDGER_STATUSES = ['claimed', 'sent', 'failed'] as const;
export type LedgerStatus = (typeof LEDGER_STATUSES)[number];

export interface LedgerEntry {
  user_id: string;
  /** The digest's day, YYYY-MM-DD (UTC). */
  day: string;
  status: LedgerStatus;
  /** The run that claimed it (a random id per run). */
  run_id: string;
  claimed_at: string;
  /** The end of the window of jobs this digest covers (the run's "now"). */
  window_end: string;
  /** How many jobs the email lists. */
  job_count: number;
  /** SES's MessageId once sent. */
  message_id: string | null;
  sent_at: string | null;
  /** Why it failed (SES's error name and message), when failed. */
  error: string | null;
  /** True when the failure leaves it unknown whether SES took the email (e.g. a timeout). */
  maybe_sent: boolean;
  /** Epoch seconds after which DynamoDB may delete the entry. */
  expires_at: number;
}

/** The port the digest runner keeps its ledger through (DynamoDB in lambdas/alerts). */
export interface DigestLedger {
  /**
   * Writes `entry` (status 'claimed') only if no entry exists for its (user_id, day).
   * Returns true when this call claimed it, false when one already existed (nothing written).
   */
  claim(entry: LedgerEntry): Promise<boolean>;
  /** Marks a claimed entry sent, if it is still claimed by `runId`. Returns whether it did. */
  markSent(userId: string, day: string, runId: string, messageId: string, at: string): Promise<boolean>;
  /** Marks a claimed entry failed, if it is still claimed by `runId`. Returns whether it did. */
  markFailed(userId: string, day: string, runId: string, error: string, maybeSent: boolean, at: string): Promise<boolean>;
  /** The subscriber's newest entries, newest day first, at most `limit` (strongly consistent). */
  latest(userId: string, limit: number): Promise<LedgerEntry[]>;
}

/** How long ledger entries are kept: 35 days, in seconds (longer than the 48-hour window needs, enough for reports). */
export const LEDGER_RETENTION_SECONDS = 35 * 24 * 3600;

/**
 * The end of the last digest that went out, or may have gone out (sent, or claimed and never
 * marked), among `entries`; null when none did. Failed entries did not go out (unless
 * `maybe_sent`), so their jobs are offered again the next day.
 */
export const lastDigestEnd = (entries: readonly LedgerEntry[]): string | null => {
  let latest: string | null = null;
  for (const entry of entries) {
    const wentOut = entry.status === 'sent' || entry.status === 'claimed' || entry.maybe_sent;
    if (wentOut && (latest === null || entry.window_end > latest)) latest = entry.window_end;
  }
  return latest;
};
