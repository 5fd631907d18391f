/**
 * `npm run bench:digest [-- --subscribers N] [--send-rate PER_SECOND]`: 10,000 subscribers get their daily
 * digest: jobs chosen from the real captured jobs (re-dated as first seen in the last day),
 * rendered with react-email and sent through the real SES v2 client to the local stand-in
 * (aws-ses-v2-local, in this process), paced at `--send-rate` (default 2,000/s, i.e. not the
 * limit), 16 subscribers at a time. The ledger, subscribers and preferences are in memory
 * (the DynamoDB side is covered by the tests), so the figures are render + send.
 * Prints the total time, time per email, and one JSON line.
 */
import { parseArgs } from 'node:util';
import { readMailConfig } from '../lambdas/config';
import { runDigest } from '../lambdas/alerts/digest-run';
import { digestMail, digestSender } from '../lambdas/alerts/digest-service';
import { createSesClient } from '../lambdas/email/ses-client';
import type { DigestLedger, LedgerEntry } from '../shared/alerts/digest-ledger';
import type { Department } from '../shared/departments/department';
import type { User } from '../shared/users/user';
import { readSesStore, startSesStandIn } from '../infra/local/ses-stand-in';
import { loadCapturedJobs } from '../tests/alerts/captured-jobs';

const { values: options } = parseArgs({ options: { subscribers: { type: 'string', default: '10000' }, 'send-rate': { type: 'string', default: '2000' } }, strict: true });
const SUBSCRIBERS = Number(options.subscribers);
if (!Number.isInteger(SUBSCRIBERS) || SUBSCRIBERS < 1) throw new Error(`--subscribers must be a whole number above 0, got "${options.subscribers}"`);
const NOW = new Date('2026-03-10T07:00:00.000Z');

class MemoryLedger implements DigestLedger {
  readonly entries = new Map<string, LedgerEntry>();
  async claim(entry: LedgerEntry) {
    const key = `${entry.user_id} ${entry.day}`;
    if (this.entries.has(key)) return false;
    this.entries.set(key, entry);
    return true;
  }
  async markSent(userId: string, day: string, runId: string, messageId: string, at: string) {
    const entry = this.entries.get(`${userId} ${day}`);
    if (entry?.status !== 'claimed' || entry.run_id !== runId) return false;
    Object.assign(entry, { status: 'sent', message_id: messageId, sent_at: at });
    return true;
  }
  async markFailed(userId: string, day: string, runId: string, error: string, maybeSent: boolean) {
    const entry = this.entries.get(`${userId} ${day}`);
    if (entry?.status !== 'claimed' || entry.run_id !== runId) return false;
    Object.assign(entry, { status: 'failed', error, maybe_sent: maybeSent });
    return true;
  }
  async latest(userId: string) {
    return [...this.entries.values()].filter((entry) => entry.user_id === userId);
  }
}

const main = async () => {
  const ses = await startSesStandIn({ port: 0 });
  try {
    const mail = readMailConfig(undefined, { SES_ENDPOINT: ses.endpoint, DIGEST_SEND_RATE: options['send-rate'], SITE_URL: 'https://latentjobs.example' });
    const captured = await loadCapturedJobs();
    const jobs = captured.map((job, i) => ({ ...job, first_seen_at: new Date(NOW.getTime() - ((i % 1400) + 1) * 60_000).toISOString(), closed_at: null }));
    const groups: Department[] = ['Engineering', 'ML', 'Research', 'Data Science', 'Product', 'Sales', 'Operations', 'Design'];
    const users: User[] = Array.from({ length: SUBSCRIBERS }, (_, i) => ({
      user_id: `bench-${i}`,
      email: `subscriber${i}@bench.example`,
      name: `Subscriber ${i}`,
      groups: [groups[i % groups.length]!, groups[(i * 7 + 3) % groups.length]!].filter((g, k, all) => all.indexOf(g) === k),
      subscription: { status: 'active', plan: 'monthly', current_period_end: '2026-04-01T00:00:00.000Z', cancel_at_period_end: false, stripe_customer_id: `cus_${i}`, stripe_subscription_id: `sub_${i}`, updated_at: NOW.toISOString() },
      version: 1,
      created_at: NOW.toISOString(),
      updated_at: NOW.toISOString(),
    }));
    const started = performance.now();
    const report = await runDigest(
      {
        listSubscribers: async () => users,
        listCandidateJobs: async () => jobs,
        ledger: new MemoryLedger(),
        suppressedAmong: async () => new Set(),
        unsubscribedAmong: async () => new Set(),
        unsubscribeToken: async (email) => `${Buffer.from(email).toString('base64url')}.e30.c2ln`,
        send: digestSender(createSesClient(mail), mail),
        mail: digestMail(mail),
      },
      { day: '2026-03-10', now: NOW },
    );
    const totalMs = performance.now() - started;
    // Every sent email carries the stand-in's own MessageId; its /store cannot list 10,000 50-job emails in one answer.
    const stored = new Set(report.sent.map((sent) => sent.message_id)).size;
    const sample = (await readSesStore(ses.endpoint, Math.floor(Date.now() / 1000) - 1)).length;
    const jobsPerEmail = report.sent.reduce((n, sent) => n + sent.job_count, 0) / Math.max(1, report.sent.length);
    console.log(`Subscribers: ${SUBSCRIBERS}; emails sent: ${report.sent.length} (distinct stand-in message ids ${stored}; ${sample} stored in the last second); not sent: ${report.unserved.length}`);
    console.log(`Jobs per email: ${jobsPerEmail.toFixed(1)}; send rate limit: ${mail.digest.sendRate}/s`);
    console.log(`Total: ${(totalMs / 1000).toFixed(1)} s; per email: ${(totalMs / Math.max(1, report.sent.length)).toFixed(2)} ms`);
    console.log(JSON.stringify({ subscribers: SUBSCRIBERS, sent: report.sent.length, stored, unserved: report.unserved.length, jobs_per_email: Number(jobsPerEmail.toFixed(1)), send_rate_limit: mail.digest.sendRate, total_ms: Math.round(totalMs), ms_per_email: Number((totalMs / Math.max(1, report.sent.length)).toFixed(2)) }));
  } finally {
    await ses.stop();
  }
};

await main();
