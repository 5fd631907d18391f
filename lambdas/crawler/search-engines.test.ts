import { exportPKCS8, generateKeyPair, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { googleIndexingNotifier, loggingNotifier } from './search-engines';

describe('search-engine notifiers', () => {
  it('Google: signs a service-account token request, then publishes deletions and updates as absolute URLs', async () => {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    const calls: { url: string; body: string; authorization: string | null }[] = [];
    const fakeGoogle = (async (url: string | URL | Request, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      calls.push({ url: String(url), body: String(init?.body), authorization: headers.get('authorization') });
      return String(url).includes('token') ? Response.json({ access_token: 'ya29.test' }) : Response.json({});
    }) as typeof fetch;
    const lines: unknown[] = [];
    const notifier = googleIndexingNotifier({
      clientEmail: 'indexer@latent-jobs.iam.gserviceaccount.com',
      privateKey: await exportPKCS8(privateKey),
      siteUrl: 'https://latentjobs.example',
      log: (level, message, detail) => lines.push({ level, message, ...detail }),
      fetch: fakeGoogle,
    });
    await notifier.notify({ updated: ['/jobs/Cohere/new-1'], deleted: ['/jobs/Cohere/closed-2'] });

    const [token, first, second] = calls;
    const assertion = new URLSearchParams(token!.body).get('assertion')!;
    const { payload } = await jwtVerify(assertion, publicKey, { issuer: 'indexer@latent-jobs.iam.gserviceaccount.com', audience: 'https://oauth2.googleapis.com/token' });
    expect(payload.scope).toBe('https://www.googleapis.com/auth/indexing');
    expect([first, second].map((call) => [call!.url, JSON.parse(call!.body), call!.authorization])).toEqual([
      ['https://indexing.googleapis.com/v3/urlNotifications:publish', { url: 'https://latentjobs.example/jobs/Cohere/closed-2', type: 'URL_DELETED' }, 'Bearer ya29.test'],
      ['https://indexing.googleapis.com/v3/urlNotifications:publish', { url: 'https://latentjobs.example/jobs/Cohere/new-1', type: 'URL_UPDATED' }, 'Bearer ya29.test'],
    ]);
    expect(lines).toEqual([{ level: 'info', message: 'Indexing API notified', sent: 2, failed: 0, left: 0 }]);
  });

  it('Google: a failing token endpoint is logged, not thrown', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const lines: string[] = [];
    const notifier = googleIndexingNotifier({
      clientEmail: 'x@y',
      privateKey: await exportPKCS8(privateKey),
      siteUrl: 'https://latentjobs.example',
      log: (_level, message) => lines.push(message),
      fetch: (async () => new Response('no', { status: 500 })) as typeof fetch,
    });
    await notifier.notify({ updated: ['/jobs/a/b'], deleted: [] });
    expect(lines).toEqual(['Indexing API notification failed']);
  });

  it('without credentials, logs the pages', async () => {
    const lines: unknown[] = [];
    await loggingNotifier((_level, _message, detail) => lines.push(detail)).notify({ updated: ['/jobs/a/b'], deleted: [] });
    expect(lines).toEqual([{ updated: ['/jobs/a/b'], deleted: [] }]);
  });
});
