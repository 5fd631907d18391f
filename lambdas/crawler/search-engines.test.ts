import { exportPKCS8, generateKeyPair, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { googleIndexingNotifier, inMemoryBudget, loggingNotifier } from './search-engines';

const page = (path: string, date_posted = '2026-11-20T00:00:00.000Z') => ({ path, date_posted });

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
    await notifier.notify({ updated: [page('/jobs/Cohere/new-1', '2026-11-01')], deleted: [page('/jobs/Cohere/closed-2', '2026-11-20')] });

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
    await notifier.notify({ updated: [page('/jobs/a/b')], deleted: [] });
    expect(lines).toEqual(['Indexing API notification failed']);
  });

  it('Google: sends newest first and no more than the day\'s budget, across runs, until the next UTC day', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const published: string[] = [];
    let now = new Date('2026-11-26T10:00:00.000Z');
    const lines: unknown[] = [];
    const notifier = googleIndexingNotifier({
      clientEmail: 'x@y',
      privateKey: await exportPKCS8(privateKey),
      siteUrl: 'https://latentjobs.example',
      log: (_level, message, detail) => lines.push({ message, ...detail }),
      budget: inMemoryBudget(3),
      clock: () => now,
      fetch: (async (url: string | URL | Request, init?: RequestInit) => {
        if (String(url).includes('token')) return Response.json({ access_token: 't', expires_in: 3600 });
        published.push((JSON.parse(String(init?.body)) as { url: string }).url.replace('https://latentjobs.example', ''));
        return Response.json({});
      }) as typeof fetch,
    });
    await notifier.notify({ updated: [page('/jobs/a/old', '2026-01-01'), page('/jobs/a/newest', '2026-11-25')], deleted: [page('/jobs/a/closed', '2026-06-01')] });
    await notifier.notify({ updated: [page('/jobs/a/later', '2026-11-26')], deleted: [] });
    expect(published).toEqual(['/jobs/a/newest', '/jobs/a/closed', '/jobs/a/old']);
    expect(lines.at(-1)).toEqual({ message: 'Indexing API notified', sent: 0, failed: 0, left: 1, quota_spent: true });
    now = new Date('2026-11-27T00:00:01.000Z');
    await notifier.notify({ updated: [page('/jobs/a/later', '2026-11-26')], deleted: [] });
    expect(published.at(-1)).toBe('/jobs/a/later');
  });

  it('without credentials, logs one short line: the counts and the first few pages, newest first', async () => {
    const lines: { message: string; detail: unknown }[] = [];
    const updated = Array.from({ length: 5_000 }, (_, i) => page(`/jobs/Company%20${i}/a-long-job-title-to-make-the-path-realistic-${i}`, `2026-${String(1 + (i % 12)).padStart(2, '0')}-01`));
    await loggingNotifier((_level, message, detail) => lines.push({ message, detail })).notify({ updated, deleted: [page('/jobs/a/closed', '2026-12-31')] });
    expect(lines).toHaveLength(1);
    expect(JSON.stringify(lines[0]).length).toBeLessThan(1_000);
    expect(lines[0]!.detail).toMatchObject({ updated: 5_000, deleted: 1 });
    const first = (lines[0]!.detail as { first: { path: string; type: string }[] }).first;
    expect(first).toHaveLength(5);
    expect(first[0]).toEqual({ path: '/jobs/a/closed', type: 'URL_DELETED' });
  });
});
