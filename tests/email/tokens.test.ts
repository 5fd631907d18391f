import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SignJWT } from 'jose';
import { createEmailTokens } from '../../lambdas/email/email-tokens';
import { InvalidTokenError } from '../../shared/email/email-token';
import { listUnsubscribeHeaders } from '../../shared/email/list-unsubscribe';
import { fixedClock } from '../../shared/time/clock';

const SECRET = 'test-secret-for-email-tokens-0123456789abcdef';
const NOW = '2026-01-05T10:00:00.000Z';
const tokens = createEmailTokens(SECRET, fixedClock(NOW));

const problemOf = async (promise: Promise<unknown>): Promise<string> => {
  try {
    await promise;
    return 'accepted';
  } catch (error) {
    if (error instanceof InvalidTokenError) return error.problem;
    throw error;
  }
};

describe('email tokens', () => {
  it('name the normalised subscriber and the list, and come back intact', async () => {
    const token = await tokens.unsubscribeToken('  Ada@Example.COM ', 'daily-digest');
    expect(await tokens.verifyUnsubscribe(token)).toMatchObject({ sub: 'ada@example.com', lst: 'daily-digest', pur: 'unsubscribe' });
  });

  it('refuse a token signed with another secret (forged)', async () => {
    const forger = createEmailTokens('another-secret-that-is-long-enough-000000', fixedClock(NOW));
    expect(await problemOf(tokens.verifyUnsubscribe(await forger.unsubscribeToken('ada@example.com', 'daily-digest')))).toBe('bad-signature');
  });

  it('refuse every single-character change of a real token (altered)', async () => {
    const token = await tokens.unsubscribeToken('ada@example.com', 'weekly-newsletter');
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/% ';
    await fc.assert(
      fc.asyncProperty(fc.nat(token.length - 1), fc.constantFrom(...alphabet), async (index, char) => {
        fc.pre(token[index] !== char);
        const altered = token.slice(0, index) + char + token.slice(index + 1);
        expect(await problemOf(tokens.verifyUnsubscribe(altered))).not.toBe('accepted');
      }),
      { numRuns: 400 },
    );
    // and every bit of every byte, exhaustively
    for (let index = 0; index < token.length; index += 1) {
      for (let bit = 0; bit < 8; bit += 1) {
        const altered = token.slice(0, index) + String.fromCharCode(token.charCodeAt(index) ^ (1 << bit)) + token.slice(index + 1);
        expect(await problemOf(tokens.verifyUnsubscribe(altered))).not.toBe('accepted');
      }
    }
  });

  it('refuse a token without a signature, with alg none, or cut short', async () => {
    const token = await tokens.unsubscribeToken('ada@example.com', 'daily-digest');
    const [header, payload] = token.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'latent-jobs-email+jwt' })).toString('base64url')}.${payload}.`;
    for (const bad of [`${header}.${payload}.`, none, token.slice(0, -5), '', 'x', undefined, 42]) {
      expect(await problemOf(tokens.verifyUnsubscribe(bad))).not.toBe('accepted');
    }
  });

  it('keep purposes apart: a confirm link never unsubscribes and an unsubscribe link never confirms', async () => {
    const confirm = await tokens.confirmToken('ada@example.com', 'weekly-newsletter', 'nonce-0123456789abcdef');
    const unsubscribe = await tokens.unsubscribeToken('ada@example.com', 'weekly-newsletter');
    expect(await problemOf(tokens.verifyUnsubscribe(confirm))).toBe('wrong-purpose');
    expect(await problemOf(tokens.verifyConfirm(unsubscribe, 'weekly-newsletter'))).toBe('wrong-purpose');
  });

  it('refuse a confirm token for another list, and a list we do not have even when properly signed', async () => {
    const digest = await tokens.confirmToken('ada@example.com', 'daily-digest', 'nonce-0123456789abcdef');
    expect(await problemOf(tokens.verifyConfirm(digest, 'weekly-newsletter'))).toBe('wrong-list');
    const unknown = await new SignJWT({ sub: 'ada@example.com', lst: 'secret-list', pur: 'unsubscribe' })
      .setProtectedHeader({ alg: 'HS256', typ: 'latent-jobs-email+jwt' })
      .setIssuedAt()
      .sign(new TextEncoder().encode(SECRET));
    expect(await problemOf(tokens.verifyUnsubscribe(unknown))).toBe('wrong-list');
  });

  it('expire confirm links after 7 days; unsubscribe links keep working', async () => {
    const confirm = await tokens.confirmToken('ada@example.com', 'weekly-newsletter', 'nonce-0123456789abcdef');
    const unsubscribe = await tokens.unsubscribeToken('ada@example.com', 'weekly-newsletter');
    const sixDays = createEmailTokens(SECRET, fixedClock('2026-01-11T10:00:00.000Z'));
    const eightDays = createEmailTokens(SECRET, fixedClock('2026-01-13T10:00:00.000Z'));
    expect((await sixDays.verifyConfirm(confirm, 'weekly-newsletter')).jti).toBe('nonce-0123456789abcdef');
    expect(await problemOf(eightDays.verifyConfirm(confirm, 'weekly-newsletter'))).toBe('expired');
    const yearLater = createEmailTokens(SECRET, fixedClock('2027-01-05T10:00:00.000Z'));
    expect((await yearLater.verifyUnsubscribe(unsubscribe)).sub).toBe('ada@example.com');
  });
});

describe('list headers', () => {
  const settings = { siteUrl: 'https://latentjobs.example/', unsubscribeMailto: 'unsubscribe@latentjobs.example' };

  it('carry the HTTPS and mailto unsubscribe, one-click and the List-Id', async () => {
    const token = await tokens.unsubscribeToken('ada@example.com', 'daily-digest');
    const headers = Object.fromEntries(listUnsubscribeHeaders(settings, 'daily-digest', token).map(({ name, value }) => [name, value]));
    expect(headers['List-Unsubscribe']).toBe(
      `<https://latentjobs.example/api/unsubscribe?token=${token}>, <mailto:unsubscribe@latentjobs.example?subject=unsubscribe%20${token}>`,
    );
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(headers['List-Id']).toBe('Latent Jobs daily job alerts <daily-digest.latentjobs.example>');
  });

  it('refuse values that could inject a header', async () => {
    const token = await tokens.unsubscribeToken('ada@example.com', 'daily-digest');
    expect(() => listUnsubscribeHeaders(settings, 'daily-digest', `${token}\r\nBcc: victim@example.com`)).toThrow(/token/);
    expect(() => listUnsubscribeHeaders({ ...settings, unsubscribeMailto: 'a@b.example>\r\nX: y' }, 'daily-digest', token)).toThrow(/unsubscribeMailto/);
  });
});
