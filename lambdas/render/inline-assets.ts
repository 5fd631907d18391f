/**
 * What the server render writes inline into every page, and the CSP sources that allow it.
 *
 * - The site's stylesheets, so a page's first paint waits for no CSS request (issue 13.6: LCP at
 *   most 1.5 s on a mobile connection, where every render-blocking stylesheet costs a round trip).
 * - The built index.html's inline scripts: the hydration loader that imports the modules after the
 *   first paint (frontend/src/app/hydration-loader.ts).
 *
 *   const inline = readInlineAssets('frontend/dist');
 *   inline.styles['/assets/style-DPrtRZOV.css'];   // → the file's CSS text, for a <style> element
 *   inline.csp;   // → { 'style-src': ["'sha256-…'"], 'script-src': ["'sha256-…'"] }
 *
 * The Content-Security-Policy keeps `style-src 'self'` and `script-src 'self'` (no
 * 'unsafe-inline'): each inlined stylesheet and script is allowed by the SHA-256 hash of its exact
 * text (CSP Level 2, "hash-source"), which the local server and CloudFront's response-headers
 * policy add from this same reading of the build. A stylesheet whose text could end its own
 * element (`</style`) is left out, so the page links it instead.
 *
 * Sync on purpose: CDK synthesis, which builds the CloudFront policy, is synchronous.
 * @throws when `<siteDir>/assets` or `<siteDir>/index.html` cannot be read (run `npm run build:web`).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface InlineAssets {
  /** CSS text by the href the build links it with, e.g. '/assets/style-DPrtRZOV.css'. */
  styles: Record<string, string>;
  /** The CSP hash-sources of the inlined styles and scripts, e.g. "'sha256-2jmj7l5rSw0yVb/vlWAYkK/YBwk='". */
  csp: { 'style-src': string[]; 'script-src': string[] };
}

/** The CSP hash-source of an inline element's text. */
const hashSource = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The texts of index.html's executable inline scripts (no `src`, no data `type`). */
const inlineScripts = (html: string): string[] =>
  [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes = '']) => !/\ssrc=/.test(attributes) && !/\stype="application\/(?:ld\+)?json"/.test(attributes))
    .map(([, , text]) => text!);

export function readInlineAssets(siteDir: string): InlineAssets {
  const assets = path.join(siteDir, 'assets');
  const styles: Record<string, string> = {};
  for (const name of readdirSync(assets).filter((file) => file.endsWith('.css')).sort()) {
    const text = readFileSync(path.join(assets, name), 'utf8');
    if (!/<\/style/i.test(text)) styles[`/assets/${name}`] = text;
  }
  const scripts = inlineScripts(readFileSync(path.join(siteDir, 'index.html'), 'utf8'));
  return { styles, csp: { 'style-src': Object.values(styles).map(hashSource), 'script-src': scripts.map(hashSource) } };
}
