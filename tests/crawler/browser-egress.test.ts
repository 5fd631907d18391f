import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policyFromList } from '../../lambdas/crawler/address-guard';
import { CareerPageBrowser, type CareerTab } from '../../lambdas/crawler/career-page/browser';
import { testChromiumOptions } from '../support/browser';
import { ATTACKS, startAttackSite, startCanary, type AttackSite, type Canary } from './egress-attack-site';

/**
 * The career-page browser's egress guard in real headless Chromium (issue 14.1): an allowlisted
 * careers site whose pages try to reach an internal service (the canary, a loopback port that
 * is NOT allowlisted) by every vector the attack found. Guarded, the canary sees no connection
 * at all. The control run allowlists the canary too and shows the vectors are live: what still
 * reaches it then is only what the proxy alone stops, and popups and service workers reach it
 * in neither run because they are disabled.
 */

const USER_AGENT = 'LatentJobsBot/1.0 (+https://latentjobs.example/crawler)';

let canary: Canary;
let site: AttackSite;
let guarded: CareerPageBrowser;
let control: CareerPageBrowser;

const browserFor = (allow: string[]) =>
  new CareerPageBrowser({ userAgent: USER_AGENT, policy: policyFromList(allow), ...testChromiumOptions, navigationTimeoutMs: 15_000, idleTimeoutMs: 2_000 });

/** Renders one attack page in a fresh tab; returns the page's own result line and the tab. */
const attack = async (browser: CareerPageBrowser, path: string, settle: (tab: CareerTab) => Promise<void>): Promise<{ result: string; refused: string }> => {
  const tab = await browser.openTab();
  try {
    const page = await tab.render(`${site.origin}${path}`);
    await settle(tab);
    return { result: /<p id="result">([^<]*)<\/p>/.exec(page.html)?.[1] ?? '', refused: tab.refused.join('\n') };
  } finally {
    await tab.close();
  }
};

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  canary = await startCanary();
  site = await startAttackSite(canary.port);
  guarded = browserFor([site.host]);
  control = browserFor([site.host, `127.0.0.1:${canary.port}`, `[::ffff:7f00:1]:${canary.port}`]);
});

afterAll(async () => {
  await guarded?.close();
  await control?.close();
  await site?.close();
  await canary?.close();
});

describe('guarded: a careers page reaches nothing on a loopback port that is not allowlisted', () => {
  const attempted = new Set<string>(['/ws-page', '/ws-worker', '/shared-worker', '/ipv6']);

  it.each(Object.entries(ATTACKS))('%s', async (_name, path) => {
    const before = canary.connections();
    const { result, refused } = await attack(guarded, path, async (tab) => {
      // The vectors that try to connect are seen refused by the proxy; the others get a moment.
      if (attempted.has(path)) await expect.poll(() => tab.refused.join('\n'), { timeout: 5_000 }).toContain(`:${canary.port}`);
      else await pause(1_000);
    });
    expect(canary.connections() - before).toBe(0);
    if (path === '/popup') expect(result).toBe('no popup');
    if (path === '/service-worker') expect(result).toMatch(/^refused: /);
    if (path === '/ipv6') {
      expect(refused).toContain(`[::ffff:7f00:1]:${canary.port}: address ::ffff:7f00:1 refused (ipv4Mapped)`);
      expect(refused).toContain(`[::7f00:1]:${canary.port}: address ::7f00:1 refused (ipv4Compatible)`);
    }
  });
});

describe('control: the same pages with the canary allowlisted', () => {
  it.each([
    ['/ws-page', ['GET /ws-page ']],
    // The dedicated worker's fetch did not reach even the allowlisted canary in Chromium 147 here
    // (its WebSocket does), so only the WebSocket proves this vector live; the guarded run above
    // still counts every connection, the fetch's included.
    ['/ws-worker', ['GET /ws-worker ']],
    ['/shared-worker', ['GET /shared-worker-ws ', 'GET /shared-worker-fetch ']],
    ['/ipv6', ['GET /ipv6-mapped ']],
  ])('%s reaches the canary when the policy allows it (the vector is live)', async (path, lines) => {
    await attack(control, path, async () => {
      for (const line of lines) await expect.poll(() => canary.requests.join('\n'), { timeout: 5_000 }).toContain(line);
    });
  });

  it('a popup and a service worker still reach nothing: they are disabled, not only guarded', async () => {
    const popup = await attack(control, '/popup', () => pause(1_000));
    const worker = await attack(control, '/service-worker', () => pause(1_000));
    expect(popup.result).toBe('no popup');
    expect(worker.result).toMatch(/^refused: /);
    expect(canary.requests.filter((line) => /\/(popup|service-worker)/.test(line))).toEqual([]);
  });
});
