/**
 * Our sanitiser (sanitize.ts) checked against a well-kept one: every output of ours, for a public
 * corpus of XSS payloads and for every captured description in ../shared/data, is sanitised
 * again by DOMPurify (3.4, through isomorphic-dompurify on jsdom, a browser's HTML parser) under
 * the same allowlist, and DOMPurify must find nothing to remove: no element, no attribute, no
 * link scheme. A browser-grade parse of our output that differs from htmlparser2's (mutation XSS)
 * shows up here as an element or attribute DOMPurify takes out.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import DOMPurify from 'isomorphic-dompurify';
import { decodeHTML } from 'entities/decode';
import { describe, expect, it } from 'vitest';
import { sanitizeDescription } from './sanitize';
import owasp from './fixtures/owasp-xss-filter-evasion.json';

/** Our allowlist (sanitize.ts's module doc), written as DOMPurify's configuration. */
const OUR_ALLOWLIST = {
  ALLOWED_TAGS: ['p', 'br', 'h2', 'h3', 'h4', 'strong', 'em', 'b', 'i', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'hr', 'a', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption'],
  ALLOWED_ATTR: ['href', 'rel', 'target', 'colspan', 'rowspan'],
  // DOMPurify's own default expression with only our schemes: http, https, mailto, or no scheme.
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

/** The wrappers DOMPurify itself parses into and reports as removed. */
const WRAPPERS = new Set(['BODY', 'HTML', 'HEAD']);

/** What DOMPurify would take out of `html`, e.g. ['<img>', 'a href="javascript:..."']; empty when it allows all of it. */
function whatDomPurifyRemoves(html: string): string[] {
  DOMPurify.sanitize(html, OUR_ALLOWLIST);
  return DOMPurify.removed.flatMap((item) => {
    if ('element' in item) return WRAPPERS.has(item.element.nodeName) ? [] : [`<${item.element.nodeName.toLowerCase()}>`];
    return [`${item.from.nodeName.toLowerCase()} ${item.attribute?.name}="${item.attribute?.value}"`];
  });
}

/** Published mutation-XSS payloads (namespace and parser confusion), each with where it was described. */
const MUTATION_XSS = [
  // Michał Bentkowski, "Write-up of DOMPurify 2.0.0 bypass using mutation XSS" (securitum, 2019).
  '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  // Michał Bentkowski, "Mutation XSS via namespace confusion – DOMPurify < 2.0.17 bypass" (securitum, 2020).
  '<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img&Tab;src=1&Tab;onerror=alert(1)&gt;">',
  // Masato Kinugawa's Google Search mXSS (2019), as retold in the write-ups above.
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  // DOMPurify 2.2.2 bypass (2020), nested forms and MathML.
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
];

/** Every captured HTML description in the reference data: Ashby `descriptionHtml`, Greenhouse `content` (entity-escaped there). */
function capturedDescriptions(): string[] {
  const atsDir = fileURLToPath(new URL('../../../shared/data/ats/', import.meta.url));
  const descriptions: string[] = [];
  const collect = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(collect);
    else if (value !== null && typeof value === 'object') {
      for (const [key, field] of Object.entries(value)) {
        if (key === 'descriptionHtml' && typeof field === 'string') descriptions.push(field);
        else if (key === 'content' && typeof field === 'string' && field.includes('&lt;')) descriptions.push(decodeHTML(field));
        else collect(field);
      }
    }
  };
  for (const file of readdirSync(atsDir, { recursive: true, encoding: 'utf8' })) {
    if (file.endsWith('.json')) collect(JSON.parse(readFileSync(path.join(atsDir, file), 'utf8')));
  }
  return descriptions;
}

describe('sanitizeDescription against DOMPurify under the same allowlist', () => {
  it('DOMPurify itself removes what the allowlist does not allow (the check can fail)', () => {
    expect(whatDomPurifyRemoves('<p onclick="x()">a<img src=x><a href="javascript:alert(1)">b</a></p>')).toEqual(['p onclick="x()"', '<img>', 'a href="javascript:alert(1)"']);
  });

  it.each([
    ['the OWASP XSS filter evasion vectors', owasp.vectors],
    ['published mutation-XSS payloads', MUTATION_XSS],
  ])('leaves nothing for DOMPurify to remove from %s', (_, vectors) => {
    const findings = vectors.flatMap((vector) => {
      const ours = sanitizeDescription(vector);
      const removed = ours === null ? [] : whatDomPurifyRemoves(ours);
      return removed.length === 0 ? [] : [{ vector, ours, removed }];
    });
    expect(vectors.length).toBeGreaterThan(0);
    expect(findings).toEqual([]);
  });

  it('leaves nothing for DOMPurify to remove from any captured description', () => {
    const descriptions = capturedDescriptions();
    expect(descriptions.length).toBeGreaterThan(1_300);
    const outputs = descriptions.flatMap((description) => sanitizeDescription(description) ?? []);
    // jsdom builds a document per call: our outputs (every element closed) go 100 to a call, and
    // a batch with a finding is looked at output by output to name it.
    const findings: { ours: string; removed: string[] }[] = [];
    for (let start = 0; start < outputs.length; start += 100) {
      const batch = outputs.slice(start, start + 100);
      if (whatDomPurifyRemoves(batch.join('\n')).length === 0) continue;
      for (const ours of batch) {
        const removed = whatDomPurifyRemoves(ours);
        if (removed.length > 0) findings.push({ ours, removed });
      }
    }
    expect(findings).toEqual([]);
  }, 120_000);
});
