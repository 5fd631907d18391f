/**
 * The site's stylesheets, inlined into each server-rendered page so its first paint waits for no
 * CSS request (issue 13.6: LCP at most 1.5 s on a mobile connection, where every render-blocking
 * stylesheet costs a round trip or more).
 *
 *   const styles = readInlineStyles('frontend/dist');
 *   styles.byHref['/assets/index-DPrtRZOV.css'];   // → the file's CSS text, for a <style> element
 *   styles.cspSources;                             // → ["'sha256-…'", …] for the CSP's style-src
 *
 * The Content-Security-Policy keeps `style-src 'self'` (no 'unsafe-inline'): each inlined
 * stylesheet is allowed by the SHA-256 hash of its exact text (CSP Level 2, "hash-source"), which
 * the local server and CloudFront's response-headers policy add from this same reading of the
 * build. A stylesheet whose text could end its own element (`</style`) is left out, so the page
 * links it instead.
 *
 * Sync on purpose: CDK synthesis, which builds the CloudFront policy, is synchronous.
 * @throws when `<siteDir>/assets` cannot be read (run `npm run build:web`).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface InlineStyles {
  /** CSS text by the href the build links it with, e.g. '/assets/index-DPrtRZOV.css'. */
  byHref: Record<string, string>;
  /** One CSP hash-source per stylesheet in `byHref`, e.g. "'sha256-2jmj7l5rSw0yVb/vlWAYkK/YBwk='". */
  cspSources: string[];
}

/** The CSP hash-source of a <style> element's text. */
const hashSource = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

export function readInlineStyles(siteDir: string): InlineStyles {
  const assets = path.join(siteDir, 'assets');
  const byHref: Record<string, string> = {};
  for (const name of readdirSync(assets).filter((file) => file.endsWith('.css')).sort()) {
    const text = readFileSync(path.join(assets, name), 'utf8');
    if (!/<\/style/i.test(text)) byHref[`/assets/${name}`] = text;
  }
  return { byHref, cspSources: Object.values(byHref).map(hashSource) };
}
