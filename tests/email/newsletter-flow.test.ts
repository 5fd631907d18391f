/**
 * Who may be emailed, end to end on DynamoDB Local (isolated tables) and the local SES stand-in
 * (aws-ses-v2-local) through the email function's real handler and the real SES v2 client:
 * double opt-in, confirmation links (replayed, wrong-list, altered), unsubscribe GET/POST,
 * rate limits, and the weekly newsletter reaching only the confirmed address.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { readMailConfig, readEmailConfig } from '../../lambdas/config';
import { createSesClient } from '../../lambdas/email/ses-client';
import { createEmailTokens } from '../../lambdas/email/email-tokens';
import { createEmailHandler, emailDepsFrom } from '../../lambdas/functions/email';
import type { HttpHandler } from '../../lambdas/http/http-handler';
import { sampleEvent } from '../support/sample-event';
import { createNewsletterService } from '../../lambdas/newsletter/newsletter-service';
import { createEmailStorage, type EmailStorage } from '../../lambdas/storage/email-storage';
import { readSesStore, startSesStandIn, type SesStandIn } from '../../infra/local/ses-stand-in';
import { SIGN_UP_MESSAGE } from '../../shared/email/email-actions';
import { isolatedCatalog, SEED_TIME, type IsolatedCatalog } from '../support/dynamodb';

const SECRET = 'newsletter-flow-test-secret-0123456789abcdef';
const SITE = 'https://latentjobs.example';
const context = {} as Context;

let catalog: IsolatedCatalog;
let ses: SesStandIn;
let email: EmailStorage;
let handler: HttpHandler;

const call = (
  routeKey: string,
  parts: { body?: object | string; query?: Record<string, string>; headers?: Record<string, string>; ip?: string } = {},
) => {
  const base = sampleEvent(routeKey, { body: parts.body, headers: parts.headers });
  const event: APIGatewayProxyEventV2 = {
    ...base,
    rawQueryString: new URLSearchParams(parts.query ?? {}).toString(),
    queryStringParameters: parts.query,
    requestContext: { ...base.requestContext, http: { ...base.requestContext.http, method: routeKey.split(' ')[0]!, sourceIp: parts.ip ?? '198.51.100.7' } },
  };
  return handler(event, context);
};

const subscribe = (address: string, ip?: string) => call('POST /newsletter/subscribe', { body: { email: address }, ip });

/** The confirmation link's token from the newest mail to `address` in the stand-in's store. */
const confirmTokenFor = async (address: string): Promise<string> => {
  const mails = (await readSesStore(ses.endpoint)).filter((mail) => mail.destination.to.includes(address));
  const text = mails.at(-1)?.body.text ?? '';
  const link = /https:\/\/latentjobs\.example\/api\/newsletter\/confirm\?token=(\S+)/.exec(text);
  if (link === null) throw new Error(`No confirmation link in the mail to ${address}`);
  return decodeURIComponent(link[1]!);
};

const mailsTo = async (address: string) => (await readSesStore(ses.endpoint)).filter((mail) => mail.destination.to.includes(address));

beforeAll(async () => {
  [catalog, ses] = await Promise.all([isolatedCatalog({ seed: true }), startSesStandIn({ port: 0 })]);
  email = createEmailStorage(catalog.config, catalog.storage.clients);
});

afterAll(async () => {
  await ses?.stop();
  await catalog?.drop();
});

beforeEach(async () => {
  await fetch(`${ses.endpoint}/clear-store`, { method: 'POST' });
  const mail = readMailConfig({ SES_ENDPOINT: ses.endpoint, SITE_URL: SITE, DIGEST_SEND_RATE: '1000' });
  const limits = readEmailConfig({ EMAIL_TOKEN_SECRET: SECRET, SUBSCRIBE_LIMIT_PER_ADDRESS: '3', SUBSCRIBE_LIMIT_PER_CLIENT: '6' });
  handler = createEmailHandler(emailDepsFrom({ config: { ...catalog.config, logLevel: 'error' }, mail, email: limits, storage: email }));
});

describe('newsletter double opt-in', () => {
  it('mails a signed confirmation link, confirms it once, and a replay changes nothing', async () => {
    const answer = await subscribe('  Grace.Hopper@Example.org ', '203.0.113.1');
    expect(answer.statusCode).toBe(202);
    expect(JSON.parse(answer.body)).toEqual({ message: SIGN_UP_MESSAGE });
    expect((await email.newsletter.get('grace.hopper@example.org'))?.status).toBe('pending');
    const [mail] = await mailsTo('grace.hopper@example.org');
    expect(mail?.subject).toBe('Confirm your Latent Jobs weekly newsletter');
    expect(mail?.body.html).toContain('Confirm my subscription');

    const token = await confirmTokenFor('grace.hopper@example.org');
    const confirmed = await call('GET /newsletter/confirm', { query: { token } });
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe(`${SITE}/newsletter/confirmed`);
    expect((await email.newsletter.get('grace.hopper@example.org'))?.status).toBe('confirmed');

    // A used link again: harmless.
    expect((await call('GET /newsletter/confirm', { query: { token } })).statusCode).toBe(303);
    // After unsubscribing, the old link does not sign the address up again.
    const unsubscribeToken = await createEmailTokens(SECRET, () => new Date()).unsubscribeToken('grace.hopper@example.org', 'weekly-newsletter');
    expect((await call('POST /unsubscribe', { query: { token: unsubscribeToken }, body: 'List-Unsubscribe=One-Click' })).statusCode).toBe(200);
    const replay = await call('GET /newsletter/confirm', { query: { token }, headers: { accept: 'text/html' } });
    expect(replay.statusCode).toBe(400);
    expect(replay.body).toContain('already used');
    expect(await email.preferences.unsubscribedLists('grace.hopper@example.org')).toEqual(['weekly-newsletter']);
  });

  it('answers the same for unknown, confirmed and suppressed addresses, and mails only the unknown one', async () => {
    await email.suppressions.suppress('bounced@example.org', 'bounce', SEED_TIME);
    const answers = [await subscribe('new-reader@example.org', '203.0.113.2'), await subscribe('bounced@example.org', '203.0.113.2')];
    for (const answer of answers) expect([answer.statusCode, JSON.parse(answer.body)]).toEqual([202, { message: SIGN_UP_MESSAGE }]);
    expect(await mailsTo('new-reader@example.org')).toHaveLength(1);
    expect(await mailsTo('bounced@example.org')).toHaveLength(0);
    await call('GET /newsletter/confirm', { query: { token: await confirmTokenFor('new-reader@example.org') } });
    const again = await subscribe('new-reader@example.org', '203.0.113.2');
    expect([again.statusCode, JSON.parse(again.body)]).toEqual([202, { message: SIGN_UP_MESSAGE }]);
    expect(await mailsTo('new-reader@example.org')).toHaveLength(1);
  });

  it('refuses a bad address with a message naming the field', async () => {
    const answer = await subscribe('not-an-address', '203.0.113.3');
    expect(answer.statusCode).toBe(400);
    expect(JSON.parse(answer.body).message).toMatch(/^email: /);
  });

  it('refuses wrong-list, altered and expired confirmation links without changing anything', async () => {
    await subscribe('ada@example.org', '203.0.113.4');
    const token = await confirmTokenFor('ada@example.org');
    const nonce = (await email.newsletter.get('ada@example.org'))!.nonce!;
    const wrongList = await createEmailTokens(SECRET, () => new Date()).confirmToken('ada@example.org', 'daily-digest', nonce);
    const altered = `${token.slice(0, -3)}${token.at(-3) === 'A' ? 'B' : 'A'}${token.slice(-2)}`;
    const expired = await createEmailTokens(SECRET, () => new Date(Date.now() - 8 * 24 * 3600 * 1000)).confirmToken('ada@example.org', 'weekly-newsletter', nonce);
    for (const bad of [wrongList, altered, expired, 'forged.token.here']) {
      const answer = await call('GET /newsletter/confirm', { query: { token: bad } });
      expect(answer.statusCode).toBe(400);
      expect(JSON.parse(answer.body).message).toMatch(/^token: /);
    }
    expect((await email.newsletter.get('ada@example.org'))?.status).toBe('pending');
  });
});

describe('unsubscribe links', () => {
  it('GET shows a page and changes nothing; POST unsubscribes at once, with no cookie and no redirect; repeating is harmless', async () => {
    const token = await createEmailTokens(SECRET, () => new Date()).unsubscribeToken('reader@example.org', 'daily-digest');
    const page = await call('GET /unsubscribe', { query: { token }, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<form method="post">');
    expect(page.body).toContain('reader@example.org');
    expect(await email.preferences.unsubscribedLists('reader@example.org')).toEqual([]);

    for (let attempt = 0; attempt < 2; attempt += 1) {
      const done = await call('POST /unsubscribe', { query: { token }, body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(done.statusCode).toBe(200);
      expect(done.headers.location).toBeUndefined();
      expect(done.cookies).toBeUndefined();
      expect(Object.keys(done.headers).map((name) => name.toLowerCase())).not.toContain('set-cookie');
    }
    expect(await email.preferences.unsubscribedLists('reader@example.org')).toEqual(['daily-digest']);
    expect(await email.preferences.unsubscribedAmong(['reader@example.org'], 'weekly-newsletter')).toEqual(new Set());
  });

  it('a forged or altered unsubscribe token gets 400 with a clear message and changes nothing', async () => {
    const token = await createEmailTokens(SECRET, () => new Date()).unsubscribeToken('victim@example.org', 'weekly-newsletter');
    const forged = await createEmailTokens('someone-elses-secret-0123456789abcdefgh', () => new Date()).unsubscribeToken('victim@example.org', 'weekly-newsletter');
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    const swapped = [token.split('.')[0], Buffer.from(JSON.stringify({ ...payload, sub: 'other@example.org' })).toString('base64url'), token.split('.')[2]].join('.');
    for (const bad of [forged, swapped, undefined]) {
      const answer = await call('POST /unsubscribe', bad === undefined ? {} : { query: { token: bad } });
      expect(answer.statusCode).toBe(400);
      expect(JSON.parse(answer.body).message).toMatch(/^token: /);
    }
    expect(await email.preferences.unsubscribedLists('victim@example.org')).toEqual([]);
    expect(await email.preferences.unsubscribedLists('other@example.org')).toEqual([]);
  });
});

describe('sign-up rate limits', () => {
  it('limit one address to 3 sign-ups an hour, whatever the client', async () => {
    const statuses = [];
    for (let n = 0; n < 4; n += 1) statuses.push((await subscribe('target@example.org', `192.0.2.${10 + n}`)).statusCode);
    expect(statuses).toEqual([202, 202, 202, 429]);
    const limited = await subscribe('target@example.org', '192.0.2.99');
    expect(JSON.parse(limited.body).message).toMatch(/Too many sign-up requests for this email address/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await mailsTo('target@example.org')).length).toBeLessThanOrEqual(3);
  });

  it('count plus-tagged and (at Gmail) dotted forms of one mailbox against that mailbox', async () => {
    const statuses = [];
    for (const [i, address] of ['victim+1@example.org', 'Victim+2@example.org', 'victim@example.org', 'victim+4@example.org'].entries()) {
      statuses.push((await subscribe(address, `192.0.2.${10 + i}`)).statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 429]);
    const gmail = [];
    for (const [i, address] of ['a.da@gmail.com', 'ada+x@googlemail.com', 'A.D.A@gmail.com', 'ad.a+y@gmail.com'].entries()) {
      gmail.push((await subscribe(address, `192.0.2.${20 + i}`)).statusCode);
    }
    expect(gmail).toEqual([202, 202, 202, 429]);
  });

  it('limit one client to 6 sign-ups an hour, whatever the addresses', async () => {
    const statuses = [];
    for (let n = 0; n < 7; n += 1) statuses.push((await subscribe(`bomb-${n}@example.org`, '192.0.2.200')).statusCode);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 202, 429]);
    expect(await mailsTo('bomb-6@example.org')).toHaveLength(0);
  });

  it('limit one client to 6 sign-ups an hour however it rotates CloudFront-Viewer-Address (not trusted without CloudFront)', async () => {
    const statuses = [];
    for (let n = 0; n < 7; n += 1) {
      const headers = { 'cloudfront-viewer-address': `203.0.113.${n}:443` };
      statuses.push((await call('POST /newsletter/subscribe', { body: { email: `rotate-${n}@example.org` }, headers, ip: '192.0.2.201' })).statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 202, 429]);
  });

  it('a client address header of any length is no failure', async () => {
    const long = await call('POST /newsletter/subscribe', { body: { email: 'long-header@example.org' }, headers: { 'cloudfront-viewer-address': `${'9'.repeat(1600)}:443` } });
    expect(long.statusCode).toBe(202);
  });
});

describe('weekly newsletter', () => {
  it('reaches only the confirmed, not unsubscribed, not suppressed addresses, once a week, with the list headers', async () => {
    await subscribe('confirmed-reader@example.org', '203.0.113.50');
    await call('GET /newsletter/confirm', { query: { token: await confirmTokenFor('confirmed-reader@example.org') } });
    await subscribe('pending-reader@example.org', '203.0.113.50');
    await subscribe('gone-reader@example.org', '203.0.113.50');
    await call('GET /newsletter/confirm', { query: { token: await confirmTokenFor('gone-reader@example.org') } });
    await email.suppressions.suppress('gone-reader@example.org', 'complaint', SEED_TIME);
    await fetch(`${ses.endpoint}/clear-store`, { method: 'POST' });

    const mail = readMailConfig({ SES_ENDPOINT: ses.endpoint, SITE_URL: SITE, DIGEST_SEND_RATE: '1000' });
    const sent: { headers: { Name?: string; Value?: string }[] }[] = [];
    const sesClient = createSesClient(mail);
    const service = createNewsletterService({
      mail,
      jobs: catalog.storage.jobs,
      email,
      tokens: createEmailTokens(SECRET, () => new Date()),
      ses: {
        send: (command) => {
          sent.push({ headers: command.input.Content?.Simple?.Headers ?? [] });
          return sesClient.send(command);
        },
      },
    });
    // The seeded jobs were first seen at SEED_TIME: the newsletter of that week.
    const now = new Date(Date.parse(SEED_TIME) + 3600_000);
    const report = await service.run({ now });
    // new-reader confirmed earlier in this file; grace.hopper confirmed and then unsubscribed.
    expect(report.sent.map((entry) => entry.email).sort()).toEqual(['confirmed-reader@example.org', 'new-reader@example.org']);
    expect([report.confirmed, report.suppressed, report.unsubscribed]).toEqual([4, 1, 1]);
    expect(report.subject).toMatch(/^This week in AI jobs: \d+ new roles/);
    const inbox = await readSesStore(ses.endpoint);
    expect(inbox.map((entry) => entry.destination.to[0]).sort()).toEqual(['confirmed-reader@example.org', 'new-reader@example.org']);
    expect(inbox[0]?.body.text).toContain(`${SITE}/api/unsubscribe?token=`);
    const headers = Object.fromEntries(sent[0]!.headers.map(({ Name, Value }) => [Name, Value]));
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(headers['List-Id']).toBe('Latent Jobs weekly newsletter <weekly-newsletter.latentjobs.example>');

    const second = await service.run({ now });
    expect([second.sent.length, second.already_sent.sort()]).toEqual([0, ['confirmed-reader@example.org', 'new-reader@example.org']]);
    expect(await readSesStore(ses.endpoint)).toHaveLength(2);
  });
});
