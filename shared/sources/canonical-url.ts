/**
 * `canonicalJobUrl`: the one form of a posting's URL used to recognise the same posting when
 * it has no source job id (career pages): http(s) only, host lower case, default port, fragment,
 * tracking parameters and a trailing slash removed, remaining query parameters sorted.
 *
 * Tracking parameters: `utm_*`, `gclid`, `gbraid`, `wbraid`, `fbclid`, `msclkid`, `mc_cid`,
 * `mc_eid`, `_hsenc`, `_hsmi`, `ref`, `referrer`, `source`, `src`, `gh_src`, `lever-source`,
 * `lever-origin`, `trk`.
 *
 * Examples:
 *   canonicalJobUrl('https://Example.com/careers/ml-engineer/?utm_source=x#apply')
 *     → 'https://example.com/careers/ml-engineer'
 *   canonicalJobUrl('https://example.com/jobs?id=42&gh_src=abc') → 'https://example.com/jobs?id=42'
 *   canonicalJobUrl('/jobs/1', 'https://example.com/careers') → 'https://example.com/jobs/1'
 *   canonicalJobUrl('mailto:jobs@example.com') → null
 *
 * Never throws: a value that is not an http(s) URL (relative ones resolved against `base`) → null.
 */

const TRACKING = /^(?:utm_.*|gclid|gbraid|wbraid|fbclid|msclkid|mc_cid|mc_eid|_hsenc|_hsmi|ref|referrer|source|src|gh_src|lever-source|lever-origin|trk)$/i;

export const canonicalJobUrl = (value: unknown, base?: string): string | null => {
  if (typeof value !== 'string' || value.trim() === '') return null;
  let url: URL;
  try {
    url = base === undefined ? new URL(value.trim()) : new URL(value.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.hash = '';
  url.username = '';
  url.password = '';
  const kept = [...url.searchParams].filter(([name]) => !TRACKING.test(name)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  url.search = new URLSearchParams(kept).toString();
  if (url.pathname.length > 1) url.pathname = url.pathname.replace(/\/+$/, '') || '/';
  const text = url.toString();
  return url.pathname === '/' && url.search === '' ? text.replace(/\/$/, '') : text;
};
