/**
 * Per-site pacing and concurrency for the crawler's requests (p-queue 9.3.5, one queue per
 * site): at most `concurrency` requests in flight to a site and at least `intervalMs` between
 * two request starts (0 = no pacing). A site is the host's last two labels with the port
 * (boards-api.greenhouse.io → "greenhouse.io", acme.recruitee.com → "recruitee.com",
 * api.eu.lever.co → "lever.co"; an IP address stays whole), so every board of one ATS shares
 * one budget. `delaySite(url, ms)` holds back every later request to the site (Retry-After).
 */
import PQueue from 'p-queue';

export interface PacingOptions {
  /** Requests in flight per site. */
  concurrency: number;
  /** Least time between two request starts to one site, in ms (0 = no pacing). */
  intervalMs: number;
}

/** "https://boards-api.greenhouse.io/v1/..." → "greenhouse.io"; "http://127.0.0.1:4010/x" → "127.0.0.1:4010". */
export const siteOf = (url: URL): string => {
  const host = url.hostname.toLowerCase();
  const isIp = /^[\d.]+$/.test(host) || host.includes(':') || host.startsWith('[');
  const site = isIp ? host : host.split('.').slice(-2).join('.');
  return url.port ? `${site}:${url.port}` : site;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class HostPacer {
  private readonly queues = new Map<string, PQueue>();
  private readonly notBefore = new Map<string, number>();

  constructor(private readonly options: PacingOptions) {}

  private queueFor(site: string): PQueue {
    let queue = this.queues.get(site);
    if (queue === undefined) {
      const { concurrency, intervalMs } = this.options;
      queue = intervalMs > 0 ? new PQueue({ concurrency, interval: intervalMs, intervalCap: 1 }) : new PQueue({ concurrency });
      this.queues.set(site, queue);
    }
    return queue;
  }

  /** Runs `task` within the site's budget of `url`, after any delay set by `delaySite`. */
  async schedule<T>(url: URL, task: () => Promise<T>): Promise<T> {
    const site = siteOf(url);
    return this.queueFor(site).add(async () => {
      const wait = (this.notBefore.get(site) ?? 0) - Date.now();
      if (wait > 0) await sleep(wait);
      return task();
    }) as Promise<T>;
  }

  /** No request to the site of `url` starts before `ms` from now. */
  delaySite(url: URL, ms: number): void {
    const site = siteOf(url);
    this.notBefore.set(site, Math.max(this.notBefore.get(site) ?? 0, Date.now() + ms));
  }
}
