/**
 * robots.txt for the career-page crawler: every page the browser is sent to is checked first.
 *
 * `createRobotsGate(fetcher, userAgent)` → `{ check(url) }`. Per origin, `/robots.txt` is
 * fetched once through the crawler's guarded `Fetcher` (same User-Agent, pacing, size cap and
 * address guard as every other request) and read with `robots-parser` 3.0.1 (Google's
 * matching: longest rule wins, `*` and `$` wildcards), for the User-Agent's product token
 * ("LatentJobsBot" of "LatentJobsBot/1.0 (+https://...)"), falling back to `*` groups.
 *
 * When robots.txt cannot be read (RFC 9309, section 2.3.1):
 * - 4xx (none published, e.g. 404) → everything allowed;
 * - 5xx, a timeout, a network error, a refused address → everything disallowed for that origin
 *   this crawl ("robots.txt unreachable"), so an outage never makes us crawl what a site forbids.
 *
 * `check(url)` → `{ allowed: true }` or `{ allowed: false, reason }`. Never throws.
 */
import robotsParser from 'robots-parser';
import { FetchFailure, type Fetcher } from '../../../shared/sources/source';

export type RobotsVerdict = { allowed: true } | { allowed: false; reason: string };

export interface RobotsGate {
  check(url: string): Promise<RobotsVerdict>;
}

type Rules = { kind: 'parsed'; robots: ReturnType<typeof robotsParser> } | { kind: 'allow-all' } | { kind: 'deny-all'; reason: string };

/** "LatentJobsBot/1.0 (+https://x)" → "LatentJobsBot". */
export const productToken = (userAgent: string): string => userAgent.trim().split(/[/\s]/)[0] || userAgent;

const rulesFor = async (fetcher: Fetcher, robotsUrl: string): Promise<Rules> => {
  try {
    const response = await fetcher.get(robotsUrl, { accept: 'text/plain' });
    return { kind: 'parsed', robots: robotsParser(robotsUrl, response.body) };
  } catch (error) {
    if (error instanceof FetchFailure && (error.kind === 'not-found' || (error.kind === 'http' && error.status !== undefined && error.status >= 400 && error.status < 500))) {
      return { kind: 'allow-all' };
    }
    return { kind: 'deny-all', reason: `robots.txt unreachable (${error instanceof Error ? error.message : String(error)})` };
  }
};

export const createRobotsGate = (fetcher: Fetcher, userAgent: string): RobotsGate => {
  const byOrigin = new Map<string, Promise<Rules>>();
  const token = productToken(userAgent);
  return {
    async check(url) {
      let parsed: URL;
      try {
        parsed = new URL(url);
      } catch {
        return { allowed: false, reason: `not a URL: ${url.slice(0, 200)}` };
      }
      const robotsUrl = `${parsed.origin}/robots.txt`;
      let rules = byOrigin.get(parsed.origin);
      if (rules === undefined) {
        rules = rulesFor(fetcher, robotsUrl);
        byOrigin.set(parsed.origin, rules);
      }
      const found = await rules;
      if (found.kind === 'allow-all') return { allowed: true };
      if (found.kind === 'deny-all') return { allowed: false, reason: found.reason };
      return found.robots.isAllowed(parsed.href, token) === false ? { allowed: false, reason: `disallowed by ${robotsUrl}` } : { allowed: true };
    },
  };
};
