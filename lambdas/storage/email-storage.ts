/**
 * The email side's repositories (who may be emailed) on the configured tables:
 * `createEmailStorage(config, clients?)` → `{ suppressions, preferences, newsletter, rateLimits, events }`.
 * Separate from createStorage so the email and SES-events functions build only what they use.
 */
import type { Config } from '../config';
import { createDynamoClients, type DynamoClients } from './dynamo-clients';
import { DynamoEmailPreferencesRepository } from './email-preferences-repository';
import { DynamoProcessedEvents } from './email-events';
import { DynamoNewsletterSubscriberRepository } from './newsletter-repository';
import { DynamoRateLimiter } from './rate-limits';
import { DynamoSuppressionRepository } from './suppression-repository';

export interface EmailStorage {
  suppressions: DynamoSuppressionRepository;
  preferences: DynamoEmailPreferencesRepository;
  newsletter: DynamoNewsletterSubscriberRepository;
  rateLimits: DynamoRateLimiter;
  events: DynamoProcessedEvents;
  clients: DynamoClients;
}

export const createEmailStorage = (config: Pick<Config, 'region' | 'dynamodb'>, clients = createDynamoClients(config)): EmailStorage => {
  const { tables } = config.dynamodb;
  return {
    suppressions: new DynamoSuppressionRepository(clients.doc, tables.suppressions),
    preferences: new DynamoEmailPreferencesRepository(clients.doc, tables.email_preferences),
    newsletter: new DynamoNewsletterSubscriberRepository(clients.doc, tables.newsletter_subscribers),
    rateLimits: new DynamoRateLimiter(clients.doc, tables.rate_limits),
    events: new DynamoProcessedEvents(clients.doc, tables.email_events),
    clients,
  };
};
