/**
 * The daily digest run, and the hourly one of the yearly plan (issue 20.3):
 * `runDigest(deps, { day, now, dryRun, cadence })` → DigestReport.
 *
 * Matching (issue 20.4): ONE index over the jobs first seen in the last 7 days (`deps.newJobs`),
 * and each distinct saved search run once over it (shared/alerts/saved-search-matching.ts
 * `createMatcher`, shared by every subscriber of the run), never a search over the whole catalog.
 *
 * For every subscriber (deps.listSubscribers) at the run's time `now`:
 * 1. eligibility (shared/alerts/eligibility.ts): paid and active at `now`, at least one saved
 *    search due (daily: shared/alerts/digest-selection.ts `searchesDue`; hourly: the hourly ones,
 *    on an active yearly plan), address not suppressed, not unsubscribed from the alerts list (both
 *    read in one batch per run); else counted by reason. The subscriber's saved searches are read
 *    with their alert groups brought in (shared/alerts/group-searches.ts: the lazy migration);
 * 2. the ledger's newest entries: an entry for `day` already (another or an earlier run) means
 *    no send: counted as already sent, or reported as in doubt (claimed, never marked) or failed;
 *    the hourly run keeps its own entries (key `{user_id}#hourly`, `day` the UTC hour
 *    "YYYY-MM-DDTHH"), so at most one hourly email an hour;
 * 3. a section per due search (digest-selection.ts `digestSections`): its jobs first seen since
 *    the end of the last digest (daily: at most 48 h back; weekly searches: the last 7 days;
 *    hourly: since the last hourly email, at most 2 h back) up to `now`, each job once; none →
 *    nothing sent, nothing written; a section over its cap says how many more, with a link;
 * 4. render (react-email; each job's line worded once a run) and build the SES request with the list headers;
 * 5. CLAIM the (user, day) entry with a conditional write; lost → another run has it: skipped;
 * 6. send through the paced, throttling-aware sender; then mark SENT (message id) or FAILED.
 *
 * At most once per subscriber and day: only a claim winner sends, and nothing ever re-sends an
 * entry that exists (sent, failed or claimed). A run that dies between send and mark leaves a
 * claimed entry that later runs report as in doubt. `dryRun` claims and sends nothing, and
 * reports who would get what.
 * Subscribers are worked on `concurrency` at a time; sends are paced by the sender.
 * Errors of one subscriber (storage, rendering) are reported in `errors`, never stop the run;
 * only a failure to list subscribers or jobs rejects.
 */
import { randomUUID } from 'node:crypto';
import PQueue from 'p-queue';
import type { SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import { LEDGER_RETENTION_SECONDS, lastDigestEnd, type DigestLedger } from '../../shared/alerts/digest-ledger';
import { createPageUrls, digestSections, digestSubject, digestWindow, searchesDue, weeklyWindow, type DigestSection, type DigestWindow } from '../../shared/alerts/digest-selection';
import { syncGroupSearches } from '../../shared/alerts/group-searches';
import type { SavedSearchIds, SavedSearchRepository } from '../../shared/alerts/saved-search-ports';
import type { Matcher } from '../../shared/alerts/saved-search-matching';
import { mayAlertHourly } from '../../shared/alerts/saved-searches-api';
import type { JobSummary } from '../../shared/jobs/job-summary';
import { toDigestJobLine, type DigestJobLine } from '../../shared/alerts/digest-lines';
import { digestEligibility, type AddressStanding, type IneligibleReason } from '../../shared/alerts/eligibility';
import { normaliseEmailAddress } from '../../shared/email/address';
import type { MailList } from '../../shared/email/lists';
import type { Clock } from '../../shared/time/clock';
import { hasPaidActiveSubscription, type User } from '../../shared/users/user';
import { buildDigestMessage, DIGEST_LIST, type DigestMessageSettings } from './digest-message';
import { renderDigest, type RenderedDigest } from './email/render-digest';
import type { DigestEmailProps, DigestEmailSection } from './email/DigestEmail';
import type { SendOutcome } from '../email/ses-sender';

export interface DigestRunDeps {
  listSubscribers(): Promise<User[]>;
  /**
   * The run's matcher (shared/alerts/saved-search-matching.ts `newJobsMatcher`): the new jobs'
   * index at the run's `now`, each distinct search run once; a service shares it between the
   * batches of one run.
   */
  matcher(now: Date): Promise<Matcher>;
  /** The subscribers' saved searches (read per subscriber; group searches written by the lazy migration). */
  savedSearches: Pick<SavedSearchRepository, 'list' | 'create' | 'delete'>;
  /** Feed tokens for group searches the migration creates. */
  ids: Pick<SavedSearchIds, 'newFeedToken'>;
  ledger: DigestLedger;
  /** The suppressed addresses among these normalised ones (SuppressionRepository.suppressedAmong, shared/email/email-ports.ts). */
  suppressedAmong(emails: readonly string[]): Promise<Set<string>>;
  /** Those that left `list` (EmailPreferencesRepository.unsubscribedAmong, shared/email/email-ports.ts). */
  unsubscribedAmong(emails: readonly string[], list: MailList): Promise<Set<string>>;
  /** A signed unsubscribe token for the address and list (lambdas/email/email-tokens.ts). */
  unsubscribeToken(email: string, list: MailList): Promise<string>;
  /** Sends one request (paced, throttling retried): lambdas/email/ses-sender.ts. */
  send(input: SendEmailCommandInput): Promise<SendOutcome>;
  mail: DigestMessageSettings & { postalAddress: string };
  /** Renders the email (default: renderDigest, react-email). */
  render?: (props: DigestEmailProps) => Promise<RenderedDigest>;
  /** Subscribers worked on at once (default 16). */
  concurrency?: number;
  newRunId?: () => string;
  /** When the ledger records a send or a failure (UTC); default the run's `now` (tests, the bench). */
  clock?: Clock;
}

/** `daily`: the daily digest (daily searches; weekly ones on Mondays); `hourly`: the yearly plan's hourly searches. */
export type DigestCadence = 'daily' | 'hourly';

export interface DigestRunOptions {
  /** The digest's day, YYYY-MM-DD (UTC); for the hourly run its hour, YYYY-MM-DDTHH (UTC). */
  day: string;
  /** Default 'daily'. */
  cadence?: DigestCadence;
  /** The run's time: eligibility and the end of the jobs window. */
  now: Date;
  dryRun?: boolean;
}

export interface SentDigest {
  user_id: string;
  email: string;
  subject: string;
  job_count: number;
  message_id: string | null;
}

export interface UnservedDigest {
  user_id: string;
  email: string;
  /** failed: SES refused (not sent); in-doubt: it may have gone out; error: the run could not finish it. */
  state: 'failed' | 'in-doubt' | 'error';
  detail: string;
  /** True when this run found it so (an earlier run left it). */
  earlier: boolean;
}

export interface DigestReport {
  day: string;
  run_id: string;
  now: string;
  dry_run: boolean;
  subscribers: number;
  eligible: number;
  ineligible: Record<IneligibleReason, number>;
  /** Emails sent by this run (in a dry run: that would be sent). */
  sent: SentDigest[];
  /** Eligible, but no new job for their saved searches: nothing sent (user ids). */
  nothing_new: string[];
  /** Already sent for this day by an earlier or concurrent run. */
  already_sent: number;
  /** Claimed by a concurrent run while this one was preparing: left to it. */
  claimed_elsewhere: number;
  /** Eligible subscribers with something to send whose email did not (certainly) go out today. */
  unserved: UnservedDigest[];
  elapsed_ms: number;
}

const emptyIneligible = (): Record<IneligibleReason, number> => ({ 'not-paid-active': 0, 'no-searches': 0, suppressed: 0, unsubscribed: 0 });

/** The hourly run's window never reaches further back than this. */
const HOURLY_WINDOW_HOURS = 2;

const PERIOD_PATTERN: Record<DigestCadence, RegExp> = { daily: /^\d{4}-\d{2}-\d{2}$/, hourly: /^\d{4}-\d{2}-\d{2}T\d{2}$/ };

/** The ledger key of a subscriber's entries for a cadence: the hourly run's are apart from the daily's. */
export const ledgerUserId = (userId: string, cadence: DigestCadence): string => (cadence === 'hourly' ? `${userId}#hourly` : userId);

/** The hourly run's period key of an instant: "2026-03-10T07". */
export const hourOf = (at: Date): string => at.toISOString().slice(0, 13);

/** Epoch seconds when a ledger entry written at `now` may expire. */
const expiresAt = (now: Date): number => Math.floor(now.getTime() / 1000) + LEDGER_RETENTION_SECONDS;

/** The hourly run's window: since the last hourly email, at most HOURLY_WINDOW_HOURS back, to `now`. */
const hourlyWindow = (now: Date, last: string | null): DigestWindow => {
  const floor = now.getTime() - HOURLY_WINDOW_HOURS * 3_600_000;
  const from = last !== null && Date.parse(last) > floor ? Date.parse(last) : floor;
  return { from: new Date(from).toISOString(), to: now.toISOString() };
};

/** A section as the email shows it: each job worded once a run. */
const emailSection = (section: DigestSection, lineOf: (job: JobSummary) => DigestJobLine): DigestEmailSection => ({
  name: section.name,
  jobs: section.jobs.map(({ job, alsoMatches }) => ({ ...lineOf(job), alsoMatches })),
  more: section.more,
  moreUrl: section.moreUrl,
});

export const runDigest = async (deps: DigestRunDeps, options: DigestRunOptions): Promise<DigestReport> => {
  const started = performance.now();
  const cadence = options.cadence ?? 'daily';
  if (!PERIOD_PATTERN[cadence].test(options.day)) throw new Error(`day must be ${cadence === 'daily' ? 'YYYY-MM-DD' : 'YYYY-MM-DDTHH'}, got "${options.day}"`);
  const now = new Date(options.now.getTime());
  const nowIso = now.toISOString();
  const clock = () => new Date(now.getTime());
  const recordedAt = (): string => (deps.clock ?? clock)().toISOString();
  const dryRun = options.dryRun ?? false;
  const runId = (deps.newRunId ?? randomUUID)();
  const render = deps.render ?? renderDigest;
  const report: DigestReport = {
    day: options.day,
    run_id: runId,
    now: nowIso,
    dry_run: dryRun,
    subscribers: 0,
    eligible: 0,
    ineligible: emptyIneligible(),
    sent: [],
    nothing_new: [],
    already_sent: 0,
    claimed_elsewhere: 0,
    unserved: [],
    elapsed_ms: 0,
  };

  const subscribers = await deps.listSubscribers();
  report.subscribers = subscribers.length;
  // One index over the new jobs; each distinct search runs once, whoever saved it, and its link is written once.
  const matcher = await deps.matcher(now);
  const pageUrls = createPageUrls(deps.mail.siteUrl);
  const addresses = subscribers.flatMap((user) => normaliseEmailAddress(user.email) ?? []);
  const [suppressed, unsubscribed] = await Promise.all([deps.suppressedAmong(addresses), deps.unsubscribedAmong(addresses, DIGEST_LIST)]);
  const standing = (email: string): AddressStanding => ({ suppressed: suppressed.has(email), unsubscribed: unsubscribed.has(email) });
  // A job reads the same in every email of the run (one site, one "now"): worded once, not once per subscriber.
  const lines = new Map<JobSummary, DigestJobLine>();
  const lineOf = (job: JobSummary): DigestJobLine => {
    let line = lines.get(job);
    if (line === undefined) lines.set(job, (line = toDigestJobLine(job, deps.mail.siteUrl, clock)));
    return line;
  };

  /** The subscriber's saved searches due in this run (their alert groups synced in first). */
  const dueSearches = async (user: User) => {
    const stored = await syncGroupSearches(user, await deps.savedSearches.list(user.user_id), { searches: deps.savedSearches, ids: deps.ids, clock });
    if (cadence === 'daily') return searchesDue(stored, now, mayAlertHourly(user, clock));
    return mayAlertHourly(user, clock) ? stored.filter((search) => search.frequency === 'hourly' && !search.paused) : [];
  };

  const serve = async (user: User): Promise<void> => {
    const email = normaliseEmailAddress(user.email);
    if (email === null) {
      report.unserved.push({ user_id: user.user_id, email: user.email, state: 'error', detail: 'the stored email address is not valid', earlier: false });
      return;
    }
    const due = hasPaidActiveSubscription(user, clock) ? await dueSearches(user) : [];
    const eligibility = digestEligibility(user, standing(email), clock, due.length);
    if (!eligibility.eligible) {
      report.ineligible[eligibility.reason] += 1;
      return;
    }
    report.eligible += 1;
    const ledgerUser = ledgerUserId(user.user_id, cadence);
    const entries = await deps.ledger.latest(ledgerUser, 3);
    const today = entries.find((entry) => entry.day === options.day);
    if (today !== undefined) {
      if (today.status === 'sent') report.already_sent += 1;
      else if (today.status === 'failed') report.unserved.push({ user_id: user.user_id, email, state: today.maybe_sent ? 'in-doubt' : 'failed', detail: today.error ?? 'failed', earlier: true });
      else report.unserved.push({ user_id: user.user_id, email, state: 'in-doubt', detail: `claimed at ${today.claimed_at} by run ${today.run_id} and never marked sent`, earlier: true });
      return;
    }
    const last = lastDigestEnd(entries.filter((entry) => entry.day < options.day));
    const window = cadence === 'hourly' ? hourlyWindow(now, last) : digestWindow(now, last);
    const sections = digestSections(due, (search) => matcher.of(search.search), (search) => (search.frequency === 'weekly' ? weeklyWindow(now) : window), deps.mail.siteUrl, pageUrls);
    if (sections.length === 0) {
      report.nothing_new.push(user.user_id);
      return;
    }
    const jobCount = sections.reduce((sum, section) => sum + section.jobs.length, 0);
    const subject = digestSubject(sections);
    const siteUrl = deps.mail.siteUrl;
    const token = await deps.unsubscribeToken(email, DIGEST_LIST);
    const rendered = await render({
      subject,
      name: user.name,
      sections: sections.map((section) => emailSection(section, lineOf)),
      siteUrl,
      dashboardUrl: `${siteUrl}/dashboard`,
      unsubscribeUrl: `${siteUrl}/api/unsubscribe?token=${encodeURIComponent(token)}`,
      postalAddress: deps.mail.postalAddress,
    });
    const input = buildDigestMessage(deps.mail, email, options.day, token, rendered);
    if (dryRun) {
      report.sent.push({ user_id: user.user_id, email, subject, job_count: jobCount, message_id: null });
      return;
    }
    const claimed = await deps.ledger.claim({
      user_id: ledgerUser,
      day: options.day,
      status: 'claimed',
      run_id: runId,
      claimed_at: nowIso,
      window_end: window.to,
      job_count: jobCount,
      message_id: null,
      sent_at: null,
      error: null,
      maybe_sent: false,
      expires_at: expiresAt(now),
    });
    if (!claimed) {
      report.claimed_elsewhere += 1;
      return;
    }
    const outcome = await deps.send(input);
    if (outcome.kind === 'sent') {
      report.sent.push({ user_id: user.user_id, email, subject, job_count: jobCount, message_id: outcome.messageId });
      try {
        await deps.ledger.markSent(ledgerUser, options.day, runId, outcome.messageId, recordedAt());
      } catch (error) {
        // Sent, but the ledger still says claimed: later runs see it as in doubt and do not resend.
        report.unserved.push({ user_id: user.user_id, email, state: 'error', detail: `sent (${outcome.messageId}) but not marked: ${String(error)}`, earlier: false });
      }
      return;
    }
    const maybeSent = outcome.kind === 'unknown';
    report.unserved.push({ user_id: user.user_id, email, state: maybeSent ? 'in-doubt' : 'failed', detail: outcome.error, earlier: false });
    await deps.ledger.markFailed(ledgerUser, options.day, runId, outcome.error, maybeSent, recordedAt());
  };

  const queue = new PQueue({ concurrency: deps.concurrency ?? 16 });
  await Promise.all(
    subscribers.map((user) =>
      queue.add(async () => {
        try {
          await serve(user);
        } catch (error) {
          report.unserved.push({ user_id: user.user_id, email: user.email, state: 'error', detail: error instanceof Error ? error.message : String(error), earlier: false });
        }
      }),
    ),
  );
  report.elapsed_ms = Math.round(performance.now() - started);
  return report;
};
