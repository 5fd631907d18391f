/**
 * The pieces the digest tests on the local stand-ins share: `addPaidSubscriber(catalog, who, groups)`
 * stores a user with a monthly subscription active until 2026-04-01 (so paid at the tests' 2026-03-10),
 * and `standInDigestService(catalog, mail)` is the digest service wired to that catalog, the SES
 * client for `mail` (e.g. aws-ses-v2-local) and signed unsubscribe tokens, with no suppressions
 * and no unsubscribes. `digestStandIns()` (in a describe block) starts an isolated catalog on
 * DynamoDB Local and an aws-ses-v2-local before the tests and stops both after them.
 */
import type { MailConfig } from '../../lambdas/config';
import { createDigestService, type DigestService } from '../../lambdas/alerts/digest-service';
import { createSesClient } from '../../lambdas/email/ses-client';
import { createEmailTokens } from '../../lambdas/email/email-tokens';
import type { Department } from '../../shared/departments/department';
import { fixedClock } from '../../shared/time/clock';
import { afterAll, beforeAll } from 'vitest';
import { startSesStandIn, type SesStandIn } from '../../infra/local/ses-stand-in';
import { isolatedCatalog, type IsolatedCatalog } from '../support/dynamodb';

const AT = '2026-03-10T07:00:00.000Z';

export const addPaidSubscriber = async (catalog: IsolatedCatalog, who: { user_id: string; email: string; name: string }, groups: Department[]): Promise<void> => {
  const users = catalog.storage.users;
  const user = await users.upsertFromClaims(who, AT);
  const grouped = await users.saveGroups(user.user_id, groups, user.version, AT);
  await users.saveSubscription(
    user.user_id,
    { status: 'active', plan: 'monthly', current_period_end: '2026-04-01T00:00:00.000Z', cancel_at_period_end: false, stripe_customer_id: `cus_${who.user_id}`, stripe_subscription_id: `sub_${who.user_id}`, updated_at: AT },
    grouped.version,
    AT,
  );
};

export const standInDigestService = (catalog: IsolatedCatalog, mail: MailConfig): DigestService =>
  createDigestService({
    config: catalog.config,
    mail,
    doc: catalog.storage.clients.doc,
    jobs: catalog.storage.jobs,
    suppressions: { suppressedAmong: async () => new Set() },
    preferences: { unsubscribedAmong: async () => new Set() },
    tokens: createEmailTokens('a-test-secret-of-at-least-32-characters!', fixedClock(AT)),
    ses: createSesClient(mail),
  });

/** See the module comment; the fields are set once the tests run. */
export const digestStandIns = (): { catalog: IsolatedCatalog; ses: SesStandIn } => {
  const world = {} as { catalog: IsolatedCatalog; ses: SesStandIn };
  beforeAll(async () => {
    [world.catalog, world.ses] = await Promise.all([isolatedCatalog(), startSesStandIn({ port: 0 })]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([world.catalog?.drop(), world.ses?.stop()]);
  });
  return world;
};
