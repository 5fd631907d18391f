/**
 * SES bounce and complaint notifications through SNS → the SES events function, on DynamoDB
 * Local. Fixtures: tests/email/fixtures/ses-notifications.documented-fields.json, built from the
 * documented SES notification fields inside the real SNS envelope of
 * ../shared/data/aws/events/sns_base.json (see the fixture's _comment).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SNSEvent, SNSEventRecord } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSesEventsHandler, type SesEventsHandler } from '../../lambdas/functions/ses-events';
import type { LogLevel } from '../../lambdas/observability/log';
import { createEmailStorage, type EmailStorage } from '../../lambdas/storage/email-storage';
import { fixedClock } from '../../shared/time/clock';
import { isolatedCatalog, type IsolatedCatalog } from '../support/dynamodb';

const FIXTURES = JSON.parse(readFileSync(path.join(import.meta.dirname, 'fixtures', 'ses-notifications.documented-fields.json'), 'utf8')) as Record<string, SNSEventRecord>;
const TOPIC = 'arn:aws:sns:us-east-1:123456789012:latent-jobs-ses-events';
const event = (...records: SNSEventRecord[]): SNSEvent => ({ Records: records });
const withMessage = (record: SNSEventRecord, message: string, messageId: string): SNSEventRecord => ({ ...record, Sns: { ...record.Sns, Message: message, MessageId: messageId } });

let catalog: IsolatedCatalog;
let email: EmailStorage;
let handle: SesEventsHandler;
const logged: { level: LogLevel; message: string }[] = [];

beforeAll(async () => {
  catalog = await isolatedCatalog();
  email = createEmailStorage(catalog.config, catalog.storage.clients);
  handle = createSesEventsHandler({
    suppressions: email.suppressions,
    events: email.events,
    clock: fixedClock('2026-01-05T09:00:00.000Z'),
    logger: (level, message) => logged.push({ level, message }),
    topicArn: TOPIC,
  });
});

afterAll(async () => {
  await catalog?.drop();
});

describe('SES bounce and complaint notifications', () => {
  it('a permanent bounce suppresses the address at once', async () => {
    expect(await handle(event(FIXTURES.permanentBounce!))).toMatchObject({ suppressed: 1 });
    expect(await email.suppressions.get('gone@example.net')).toEqual({ email: 'gone@example.net', reason: 'bounce', suppressed_at: '2026-01-05T09:00:00.000Z' });
  });

  it('a complaint (configuration-set event form) suppresses; a transient bounce and a delivery do not', async () => {
    const summary = await handle(event(FIXTURES.complaintEvent!, FIXTURES.transientBounce!, FIXTURES.delivery!));
    expect(summary).toEqual({ suppressed: 1, ignored: 2, duplicates: 0, malformed: 0 });
    expect((await email.suppressions.get('angry@example.net'))?.reason).toBe('complaint');
    expect(await email.suppressions.isSuppressed('full@example.net')).toBe(false);
    expect(await email.suppressions.isSuppressed('happy@example.net')).toBe(false);
  });

  it('a redelivered notification (same SNS MessageId) or the same feedback again changes nothing and is logged', async () => {
    const sameDelivery = await handle(event(FIXTURES.permanentBounce!));
    const sameFeedback = await handle(event({ ...FIXTURES.permanentBounce!, Sns: { ...FIXTURES.permanentBounce!.Sns, MessageId: '5a1b7c11-0000-4000-8000-0000000000ff' } }));
    expect([sameDelivery, sameFeedback]).toEqual([
      { suppressed: 0, ignored: 0, duplicates: 1, malformed: 0 },
      { suppressed: 0, ignored: 0, duplicates: 1, malformed: 0 },
    ]);
    expect((await email.suppressions.get('gone@example.net'))?.suppressed_at).toBe('2026-01-05T09:00:00.000Z');
    expect(logged.filter((line) => line.message.startsWith('Duplicate SES notification'))).toHaveLength(2);
  });

  it('malformed notifications and other topics change nothing, are logged, and do not throw', async () => {
    const bounce = JSON.parse(FIXTURES.permanentBounce!.Sns.Message) as { bounce: Record<string, unknown> };
    const records = [
      withMessage(FIXTURES.permanentBounce!, 'not json', 'm-1'),
      withMessage(FIXTURES.permanentBounce!, JSON.stringify({ notificationType: 'Bounce' }), 'm-2'),
      withMessage(FIXTURES.permanentBounce!, JSON.stringify({ ...bounce, bounce: { ...bounce.bounce, bouncedRecipients: [] } }), 'm-3'),
      withMessage(FIXTURES.permanentBounce!, JSON.stringify({ mail: {} }), 'm-4'),
      { ...withMessage(FIXTURES.complaintEvent!, FIXTURES.complaintEvent!.Sns.Message.replaceAll('angry@', 'elsewhere@'), 'm-5'), Sns: { ...FIXTURES.complaintEvent!.Sns, MessageId: 'm-5', TopicArn: 'arn:aws:sns:us-east-1:999999999999:someone-else' } },
      { ...FIXTURES.permanentBounce!, Sns: { ...FIXTURES.permanentBounce!.Sns, MessageId: '' } },
    ];
    const warnings = logged.filter((line) => line.level === 'warn').length;
    expect(await handle(event(...records))).toEqual({ suppressed: 0, ignored: 0, duplicates: 0, malformed: 6 });
    expect(await handle({} as SNSEvent)).toMatchObject({ malformed: 1 });
    expect(await email.suppressions.isSuppressed('elsewhere@example.net')).toBe(false);
    expect(logged.filter((line) => line.level === 'warn').length - warnings).toBe(7);
  });
});
