/**
 * 30 days of the daily digest for 200 subscribers, on DynamoDB Local (users, jobs and the send
 * ledger in isolated tables), with SES faked at the network edge (the SESv2Client `send`).
 *
 * Every day: real captured jobs are re-dated as first seen that day (some before the 07:00 run,
 * some after it), older ones close; subscriptions start, lapse (period end passes) and cancel;
 * addresses unsubscribe or bounce (suppressed). Faults: SES throttles 15% of calls at random, one
 * address is throttled on every attempt one day, SES answers 500 for one address another day, a
 * run dies between a send and its mark (then runs again), the same run starts twice at once, and
 * a finished scheduled run is delivered again (same event time).
 *
 * Checked against the simulation's own model of who is eligible each day: no duplicate email
 * (per subscriber and day, and no job twice to one subscriber), no email to anyone not eligible
 * that day, and every eligible subscriber either got the day's email, had nothing new, or is
 * reported (failed or in doubt).
 *
 * The email body is rendered by a text-only renderer here (the react-email template has its own
 * tests in digest-message.test.ts and digest-ses-stand-in.test.ts): rendering 3,000 HTML emails
 * would only make this test slow.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { readMailConfig } from '../../lambdas/config';
import { createDigestService } from '../../lambdas/alerts/digest-service';
import { DynamoDigestLedger } from '../../lambdas/alerts/dynamo-digest-ledger';
import type { DigestReport } from '../../lambdas/alerts/digest-run';
import type { DigestLedger } from '../../shared/alerts/digest-ledger';
import type { Department } from '../../shared/departments/department';
import type { Job } from '../../shared/jobs/job';
import type { Subscription } from '../../shared/users/user';
import { isolatedCatalog, type IsolatedCatalog } from '../support/dynamodb';
import { loadCapturedJobs } from './captured-jobs';

const DAYS = 30;
const USERS = 200;
const START = Date.parse('2026-03-01T00:00:00.000Z');
const DAY_MS = 86_400_000;
const RUN_HOUR = 7;
const dayName = (d: number) => new Date(START + d * DAY_MS).toISOString().slice(0, 10);
const at = (d: number, hours: number) => new Date(START + d * DAY_MS + hours * 3_600_000);

/**
 * mulberry32 streams: the same simulation on every run. SES faults draw from their own stream,
 * so the order in which concurrent sends reach SES cannot change the jobs and people generated.
 */
const prng = (seed: number) => {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};
const random = prng(20260301);
const sesRandom = prng(20260302);
const pick = <T,>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const dayOr = (chance: number, from: number, to: number): number | null => (random() < chance ? from + Math.floor(random() * (to - from)) : null);

interface SimUser {
  id: string;
  email: string;
  groups: Department[];
  start: number | null;
  /** Day on whose morning the paid period has ended (no renewal). */
  lapse: number | null;
  cancel: number | null;
  unsubscribe: number | null;
  bounce: number | null;
  version: number;
}

const eligibleOn = (user: SimUser, d: number): boolean =>
  user.start !== null &&
  user.start <= d &&
  [user.lapse, user.cancel, user.unsubscribe, user.bounce].every((day) => day === null || day > d) &&
  user.groups.length > 0;

interface Delivered {
  to: string;
  day: string;
  urls: string[];
}

/** SES at the network edge: records what it accepted; faults injected per call. */
class FakeSes {
  delivered: Delivered[] = [];
  calls = 0;
  throttleRate = 0.15;
  alwaysThrottle = new Set<string>();
  serverError = new Set<string>();
  /** While set, calls never answer (the process is gone). */
  dead = false;

  async send(command: SendEmailCommand): Promise<{ MessageId: string }> {
    if (this.dead) return new Promise(() => undefined);
    this.calls += 1;
    const input = command.input;
    const to = input.Destination!.ToAddresses![0]!;
    if (this.alwaysThrottle.has(to) || sesRandom() < this.throttleRate) {
      throw Object.assign(new Error('Maximum sending rate exceeded.'), { name: 'TooManyRequestsException', $fault: 'client', $metadata: { httpStatusCode: 429 } });
    }
    if (this.serverError.has(to)) {
      throw Object.assign(new Error('Internal failure'), { name: 'InternalFailure', $fault: 'server', $metadata: { httpStatusCode: 500 } });
    }
    const day = input.EmailTags!.find((tag) => tag.Name === 'digest_day')!.Value!;
    const urls = [...input.Content!.Simple!.Body!.Text!.Data!.matchAll(/^https:\/\/sim\.example\/jobs\/\S+$/gm)].map((m) => m[0]);
    this.delivered.push({ to, day, urls });
    return { MessageId: `sim-${this.delivered.length}` };
  }
}

describe('30 days of daily digests for 200 subscribers', () => {
  let catalog: IsolatedCatalog;
  const ses = new FakeSes();
  const suppressed = new Set<string>();
  const unsubscribed = new Set<string>();
  const reports = new Map<string, DigestReport[]>();
  const users: SimUser[] = [];
  const groupsPool: Department[] = ['Engineering', 'ML', 'Research', 'Data Science', 'Product', 'Sales', 'Operations'];

  const mail = readMailConfig({}, { SITE_URL: 'https://sim.example', DIGEST_SEND_RATE: '5000', DIGEST_RETRY_BASE_MS: '1', DIGEST_SEND_ATTEMPTS: '4' });

  /** One "process": its ledger and SES calls hang once it has crashed. */
  const service = (crash?: { afterMarks: number; onCrash: () => void }) => {
    let marks = 0;
    let dead = false;
    const real = new DynamoDigestLedger(catalog.storage.clients.doc, catalog.config.dynamodb.tables.digest_ledger);
    const hang = <T,>(): Promise<T> => new Promise<T>(() => undefined);
    const ledger: DigestLedger = {
      claim: (entry) => (dead ? hang() : real.claim(entry)),
      latest: (userId, limit) => (dead ? hang() : real.latest(userId, limit)),
      markFailed: (...args) => (dead ? hang() : real.markFailed(...args)),
      markSent: (...args) => {
        if (dead) return hang();
        marks += 1;
        if (crash !== undefined && marks > crash.afterMarks) {
          dead = true;
          ses.dead = true;
          crash.onCrash();
          return hang();
        }
        return real.markSent(...args);
      },
    };
    return createDigestService({
      config: catalog.config,
      mail,
      doc: catalog.storage.clients.doc,
      jobs: catalog.storage.jobs,
      suppressions: { suppressedAmong: async (emails) => new Set(emails.filter((email) => suppressed.has(email))) },
      preferences: { unsubscribedAmong: async (emails) => new Set(emails.filter((email) => unsubscribed.has(email))) },
      tokens: { unsubscribeToken: async (email) => `${Buffer.from(email).toString('base64url')}.e30.c2ln` },
      ses,
      overrides: {
        ledger,
        render: async (props) => ({ subject: props.subject, html: '<p>sim</p>', text: props.sections.flatMap((section) => section.jobs).map((job) => `${job.title}\n${job.url}`).join('\n') }),
      },
    });
  };

  const record = (report: DigestReport) => reports.set(report.day, [...(reports.get(report.day) ?? []), report]);

  beforeAll(async () => {
    catalog = await isolatedCatalog();
    for (let i = 0; i < USERS; i++) {
      const start = dayOr(0.85, 0, 20);
      const user: SimUser = {
        id: `sim-user-${i}`,
        email: `subscriber${i}@sim.example`,
        groups: [...new Set([pick(groupsPool), pick(groupsPool), ...(random() < 0.3 ? [pick(groupsPool)] : [])])],
        start,
        lapse: start === null ? null : dayOr(0.15, start + 1, DAYS + 2),
        cancel: start === null ? null : dayOr(0.1, start + 1, DAYS + 2),
        unsubscribe: start === null ? null : dayOr(0.08, start, DAYS),
        bounce: start === null ? null : dayOr(0.05, start, DAYS),
        version: 0,
      };
      if (i === 0) Object.assign(user, { start: 0, lapse: null, cancel: null, unsubscribe: null, bounce: null, groups: ['Engineering'] });
      users.push(user);
      const stored = await catalog.storage.users.upsertFromClaims({ user_id: user.id, email: user.email, name: `Subscriber ${i}` }, at(0, 0).toISOString());
      user.version = (await catalog.storage.users.saveGroups(user.id, user.groups, stored.version, at(0, 0).toISOString())).version;
    }
  }, 120_000);

  afterAll(async () => {
    await catalog?.drop();
  });

  it('never sends twice, never to the ineligible, and serves or reports every eligible subscriber', async () => {
    const pool = await loadCapturedJobs();
    let next = 0;
    const open = new Map<string, Job>();

    for (let d = 0; d < DAYS; d++) {
      const morning = at(d, 0).toISOString();
      // Subscriptions change at midnight; a lapse needs no write (the period end just passes).
      for (const user of users) {
        const subscription = (status: Subscription['status']): Subscription => ({
          status,
          plan: 'monthly',
          current_period_end: (user.lapse === null ? at(DAYS + 30, 0) : at(user.lapse, 3)).toISOString(),
          cancel_at_period_end: false,
          stripe_customer_id: `cus_${user.id}`,
          stripe_subscription_id: `sub_${user.id}`,
          updated_at: morning,
        });
        const change = user.start === d ? subscription('active') : user.cancel === d ? subscription('canceled') : null;
        if (change !== null) user.version = (await catalog.storage.users.saveSubscription(user.id, change, user.version, morning)).version;
        if (user.unsubscribe === d) unsubscribed.add(user.email);
        if (user.bounce === d) suppressed.add(user.email);
      }
      // Jobs: 30 new ones a day (20 before the run, 10 after it), one of the morning's closed at once,
      // and those first seen 4 days ago closed.
      const writes: Job[] = [];
      for (let k = 0; k < 30; k++) {
        const job = pool[next++ % pool.length]!;
        const hours = k < 20 ? random() * (RUN_HOUR - 0.1) : RUN_HOUR + 0.5 + random() * 16;
        const fresh: Job = { ...job, slug_url: `${job.slug_url}-d${d}`, first_seen_at: at(d, hours).toISOString(), last_seen_at: at(d, hours).toISOString(), closed_at: k === 0 ? at(d, RUN_HOUR - 0.05).toISOString() : null };
        writes.push(fresh);
        if (fresh.closed_at === null) open.set(`${fresh.company_key}${fresh.slug_url}`, fresh);
      }
      for (const [key, job] of open) {
        if (Date.parse(job.first_seen_at) < at(d - 4, 0).getTime()) {
          writes.push({ ...job, closed_at: morning });
          open.delete(key);
        }
      }
      await catalog.storage.jobs.putMany(writes);

      ses.alwaysThrottle = d === 12 ? new Set([users[0]!.email]) : new Set();
      ses.serverError = d === 22 ? new Set([users[0]!.email]) : new Set();
      const now = at(d, RUN_HOUR);
      const day = dayName(d);
      if (d === 8) {
        // The run dies between a send and its mark, then is run again.
        let crashed!: () => void;
        const died = new Promise<void>((resolve) => (crashed = resolve));
        const outcome = await Promise.race([service({ afterMarks: 10, onCrash: () => crashed() }).run({ day, now }), died.then(() => 'crashed' as const)]);
        expect(outcome).toBe('crashed');
        ses.dead = false;
        record(await service().run({ day, now: at(d, RUN_HOUR + 1) }));
      } else if (d === 15) {
        const [a, b] = await Promise.all([service().run({ day, now }), service().run({ day, now })]);
        record(a);
        record(b);
      } else {
        record(await service().run({ day, now }));
        if (d === 12 || d === 20 || d === 22) {
          // The same scheduled run delivered again (as EventBridge retries it: same event time).
          // A later manual run may rightly mail someone who had nothing new at 07:00 (a first
          // email that day, covering jobs seen since), so only the same "now" must send nothing.
          const again = await service().run({ day, now });
          expect(again.sent).toEqual([]);
          record(again);
        }
      }
    }

    // Zero duplicates: one email per subscriber and day, and no job twice to one subscriber.
    const perDay = new Map<string, number>();
    const seenJobs = new Map<string, Set<string>>();
    for (const email of ses.delivered) {
      const key = `${email.to} ${email.day}`;
      perDay.set(key, (perDay.get(key) ?? 0) + 1);
      const seen = seenJobs.get(email.to) ?? new Set<string>();
      for (const url of email.urls) {
        expect(seen.has(url), `${url} sent twice to ${email.to}`).toBe(false);
        seen.add(url);
      }
      seenJobs.set(email.to, seen);
    }
    expect([...perDay.values()].filter((count) => count > 1)).toEqual([]);

    // Zero emails to anyone not eligible that day.
    const byEmail = new Map(users.map((user) => [user.email, user]));
    const wrong = ses.delivered.filter((email) => !eligibleOn(byEmail.get(email.to)!, Math.round((Date.parse(`${email.day}T00:00:00Z`) - START) / DAY_MS)));
    expect(wrong).toEqual([]);

    // Every eligible subscriber served (email that day), with nothing new, or reported.
    const unaccounted: string[] = [];
    for (let d = 0; d < DAYS; d++) {
      const day = dayName(d);
      const dayReports = reports.get(day) ?? [];
      const nothingNew = new Set(dayReports.flatMap((report) => report.nothing_new));
      const reported = new Set(dayReports.flatMap((report) => report.unserved.map((entry) => entry.user_id)));
      for (const user of users.filter((u) => eligibleOn(u, d))) {
        if (!perDay.has(`${user.email} ${day}`) && !nothingNew.has(user.id) && !reported.has(user.id)) unaccounted.push(`${day} ${user.id}`);
      }
      // The runs' own count of eligible subscribers agrees with the model.
      for (const report of dayReports) expect(report.eligible, day).toBe(users.filter((u) => eligibleOn(u, d)).length);
    }
    expect(unaccounted).toEqual([]);

    // The faults showed up where they were injected, and were reported rather than resent.
    const u0 = users[0]!;
    const onDay = (d: number) => reports.get(dayName(d))!.flatMap((report) => report.unserved.filter((entry) => entry.user_id === u0.id));
    expect(onDay(12).map((entry) => entry.state)).toEqual(['failed', 'failed']);
    expect(onDay(12)[1]!.earlier).toBe(true);
    expect(onDay(22).map((entry) => entry.state)).toEqual(['in-doubt', 'in-doubt']);
    const crashReport = reports.get(dayName(8))![0]!;
    expect(crashReport.unserved.filter((entry) => entry.state === 'in-doubt' && entry.earlier).length).toBeGreaterThanOrEqual(1);
    const [first, second] = reports.get(dayName(15))!;
    expect(first!.sent.length + second!.sent.length).toBe(new Set([...first!.sent, ...second!.sent].map((sent) => sent.user_id)).size);
    expect(first!.claimed_elsewhere + second!.claimed_elsewhere + first!.already_sent + second!.already_sent).toBeGreaterThan(0);

    const figures = {
      emails: ses.delivered.length,
      ses_calls: ses.calls,
      eligible_subscriber_days: Array.from({ length: DAYS }, (_, d) => users.filter((u) => eligibleOn(u, d)).length).reduce((a, b) => a + b, 0),
      reported: [...reports.values()].flat().reduce((n, report) => n + report.unserved.length, 0),
    };
    console.log(`digest simulation: ${JSON.stringify(figures)}`);
    expect(figures.emails).toBeGreaterThan(1000);
  }, 300_000);
});
