/**
 * DynamoProcessedEvents: the ProcessedEvents port (shared/email/email-ports.ts) on the email_events table
 * (tables.ts): `claim(id)` is a PutItem conditional on the id being new, so an SES notification
 * SNS delivers twice is taken in once. Items expire by TTL after 30 days (SNS retries for hours,
 * not weeks).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ProcessedEvents } from '../../shared/email/email-ports';
import { putIfAbsent } from './suppression-repository';

const KEEP_SECONDS = 30 * 24 * 3600;

export class DynamoProcessedEvents implements ProcessedEvents {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    /** Physical name of the email_events table. */
    private readonly table: string,
  ) {}

  claim(id: string, at: Date): Promise<boolean> {
    return putIfAbsent(
      this.doc,
      this.table,
      { event_id: id, taken_at: at.toISOString(), expires_at: Math.floor(at.getTime() / 1000) + KEEP_SECONDS },
      'event_id',
    );
  }
}
