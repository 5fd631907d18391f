import { decodeHTML } from 'entities';
import { Parser } from 'htmlparser2';
import JSON5 from 'json5';
import { z } from 'zod';
import type { Compensation, Workplace } from '../jobs/job';
import { resolveWorkplace, type WorkplaceEvidence } from '../normalise/workplace';
import { buildJob, compensationOf, readPostings, toEmploymentType, toPayPeriod, toUtcIso, type SourceParseContext, type SourceParseResult } from './build-job';
import { canonicalJobUrl } from './canonical-url';
import { addressLocation, textLocations, type SourceLocation } from './places';

/**
 * schema.org JobPosting in JSON-LD: career-page HTML → the postings it carries → domain `Job`s.
 * Pure (no fetching): the career-page adapter (lambdas/crawler/career-page) hands it the HTML
 * a browser rendered.
 *
 * Source format: schema.org's JobPosting type (https://schema.org/JobPosting; its own examples
 * are in ../shared/data/jsonld/schemaorg-examples, schemaorg/schemaorg@cc71c8e0) as Google
 * reads it (../shared/data/jsonld/GOOGLE-JOBPOSTING.md), inside
 * `<script type="application/ld+json">` blocks.
 *
 * Finding postings (`extractJsonLd`):
 * - every `<script type="application/ld+json">` block outside HTML comments (a commented-out
 *   block is not read); HTML comment and CDATA markers around a block's JSON are removed;
 * - each block is read as JSON, else, with raw control characters escaped inside strings and
 *   blanked outside them, as JSON5 (which allows comments, trailing commas, single quotes); a
 *   block neither reads is counted in
 *   `brokenBlocks` and skipped, the other blocks still count;
 * - inside a block every node is visited (arrays, `@graph`, `itemListElement` / `item`,
 *   `mainEntity`, any nesting up to 32 levels): a node whose `@type` (a string or an array;
 *   "JobPosting", "schema:JobPosting", "https://schema.org/JobPosting") names JobPosting is a
 *   posting.
 *
 * Mapping a posting to a Job (`parseJobPostings`), through the shared build-job helpers:
 * - title = `title`, else `name`; a posting with neither is skipped ("no title").
 * - `job_url` = `url` resolved against the page, canonical (`canonicalJobUrl`), else the page.
 * - source job id = `identifier` (a string or number, or a PropertyValue's `value`), else the
 *   canonical job URL; when several postings of one page would share an id this way, the
 *   title is added after "#".
 * - `date_posted` = `datePosted` in UTC; when it is missing or no date, when we first saw the posting.
 * - `validThrough` in the past (before `ctx.clock()`) → skipped ("expired: validThrough ...").
 * - description = `description` (HTML; entity-escaped HTML is decoded once), sanitised.
 * - employment type = the first of `employmentType` (string, comma list or array: FULL_TIME,
 *   PART_TIME, CONTRACTOR, TEMPORARY, INTERN; VOLUNTEER, PER_DIEM, OTHER → none) we know.
 * - places: each `jobLocation` Place's PostalAddress (`addressLocality`, `addressRegion`,
 *   `addressCountry` as a code, a name or a Country) → places with ISO 3166-1 alpha-2
 *   countries; `applicantLocationRequirements` (Country / State / AdministrativeArea names)
 *   → "Remote (...)" places when the job is remote or names no jobLocation.
 * - workplace: `jobLocationType` TELECOMMUTE → remote; else from the place texts
 *   (`resolveWorkplace`), on-site by default.
 * - compensation = `baseSalary` as a MonetaryAmount: `currency` (else the posting's
 *   `salaryCurrency`) and a QuantitativeValue `value` with `value` or `minValue`/`maxValue`
 *   and `unitText` HOUR | DAY | WEEK | MONTH | YEAR; amounts in whole currency units. A bare
 *   number (no period) is not a compensation.
 * - `hiringOrganization` (`name`, `sameAs`/`url`, `logo`): its URL and logo fill the
 *   company's when the registry has none.
 * - department from the title (JSON-LD has no department field we trust).
 */

/** One JSON-LD node: a plain object. */
export type JsonLdNode = Record<string, unknown>;

export interface JsonLdDocument {
  /** The JobPosting nodes, in document order. */
  postings: JsonLdNode[];
  /** Number of JSON-LD script blocks found (outside comments). */
  blocks: number;
  /** Blocks that were not JSON even after the tolerant reading; skipped. */
  brokenBlocks: number;
}

/** A career page's context: the company (as for every source) and the page the HTML came from. */
export interface CareerPageParseContext extends SourceParseContext {
  /** Absolute http(s) URL of the page, for relative `url`s and postings without their own. */
  pageUrl: string;
}

const MAX_DEPTH = 32;
const MAX_NODES = 20_000;
const MAX_BLOCK_CHARS = 5_000_000;

const isNode = (value: unknown): value is JsonLdNode => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The text of every `<script type="application/ld+json">` outside comments (htmlparser2 tokenises). */
export const jsonLdBlocks = (html: string): string[] => {
  if (typeof html !== 'string' || !/application\/ld\+json/i.test(html)) return [];
  const blocks: string[] = [];
  let current: string[] | null = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'script' && /^\s*application\/ld\+json\s*(?:;|$)/i.test(attributes.type ?? '')) current = [];
      },
      ontext(text) {
        current?.push(text);
      },
      onclosetag(name) {
        if (name === 'script' && current !== null) {
          blocks.push(current.join(''));
          current = null;
        }
      },
    },
    { decodeEntities: false, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return blocks;
};

/** Removes what pages wrap JSON in: a BOM, HTML comment markers, CDATA markers. */
const unwrap = (text: string): string =>
  text
    .replace(/^\uFEFF/, '')
    .trim()
    .replace(/^(?:<!--|\/\/\s*<!\[CDATA\[|\/\*\s*<!\[CDATA\[\s*\*\/|<!\[CDATA\[)\s*/, '')
    .replace(/\s*(?:-->|\/\/\s*-->|\/\/\s*\]\]>|\/\*\s*\]\]>\s*\*\/|\]\]>)$/, '')
    .trim();

const ESCAPES: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * Control characters made readable: inside string literals ("..." or '...') a raw line break
 * or tab becomes its escape and any other control character a space; outside strings, control
 * characters other than JSON's own white space become spaces (so `//` comments still end at
 * their line break).
 */
const escapeControlCharacters = (text: string): string => {
  let out = '';
  let quote: string | null = null;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charAt(i);
    const code = char.charCodeAt(0);
    if (quote !== null) {
      if (char === '\\') {
        out += char + text.charAt(i + 1);
        i += 1;
      } else if (char === quote) {
        quote = null;
        out += char;
      } else {
        out += code < 0x20 || code === 0x7f ? (ESCAPES[char] ?? ' ') : char;
      }
    } else {
      if (char === '"' || char === "'") quote = char;
      out += (code < 0x20 && !ESCAPES[char]) || code === 0x7f ? ' ' : char;
    }
  }
  return out;
};

/**
 * One block's JSON value, read tolerantly (see the module doc), or undefined when it is not
 * JSON even so. Never throws.
 */
export const readJsonLdBlock = (block: string): unknown => {
  const text = unwrap(block);
  if (text === '' || text.length > MAX_BLOCK_CHARS) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // fall through to the tolerant reading
  }
  try {
    return JSON5.parse(escapeControlCharacters(text)) as unknown;
  } catch {
    return undefined;
  }
};

const JOB_POSTING_TYPE = /(?:^|[/:#])JobPosting$/;

/** Whether a node's `@type` (string or array) names JobPosting. */
export const isJobPosting = (node: JsonLdNode): boolean => {
  const type = node['@type'];
  const types = Array.isArray(type) ? type : [type];
  return types.some((t) => typeof t === 'string' && JOB_POSTING_TYPE.test(t.trim()));
};

/** Every JobPosting node inside a JSON-LD value (arrays, `@graph`, lists, any nesting), in order. Never throws. */
export const findJobPostings = (value: unknown): JsonLdNode[] => {
  const found: JsonLdNode[] = [];
  let visited = 0;
  const visit = (node: unknown, depth: number): void => {
    if (depth > MAX_DEPTH || visited >= MAX_NODES) return;
    visited += 1;
    if (Array.isArray(node)) {
      for (const item of node) visit(item, depth + 1);
      return;
    }
    if (!isNode(node)) return;
    if (isJobPosting(node)) {
      found.push(node);
      return;
    }
    for (const child of Object.values(node)) if (typeof child === 'object' && child !== null) visit(child, depth + 1);
  };
  visit(value, 0);
  return found;
};

/** The JobPosting nodes of an HTML document's JSON-LD, and how many blocks were broken. Never throws. */
export const extractJsonLd = (html: string): JsonLdDocument => {
  const blocks = jsonLdBlocks(html);
  const postings: JsonLdNode[] = [];
  let brokenBlocks = 0;
  for (const block of blocks) {
    const value = readJsonLdBlock(block);
    if (value === undefined) brokenBlocks += 1;
    else postings.push(...findJobPostings(value));
  }
  return { postings, blocks: blocks.length, brokenBlocks };
};

// ---- reading a posting's properties ----

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]);

/** A property's text: a non-blank string, a finite number, or a `{ "@value": ... }` / `{ name }` holding one. */
const textOf = (value: unknown): string | null => {
  if (typeof value === 'string') return value.replace(/\s+/g, ' ').trim() || null;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (isNode(value)) return textOf(value['@value']) ?? textOf(value.name);
  if (Array.isArray(value)) {
    for (const item of value) {
      const text = textOf(item);
      if (text) return text;
    }
  }
  return null;
};

const stringOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** `identifier`: a string or number, or a PropertyValue's `value` (never its `name`, the organisation). */
const identifierOf = (value: unknown): string | null => {
  for (const item of listOf(value)) {
    if (isNode(item)) {
      const id = textOf(item.value) ?? textOf(item['@value']) ?? textOf(item['@id']);
      if (id) return id;
    } else {
      const id = textOf(item);
      if (id) return id;
    }
  }
  return null;
};

const ESCAPED_TAG = /&lt;\/?[a-z][a-z0-9]*[\s/&]/i;
const REAL_TAG = /<\/?[a-z][a-z0-9]*[\s/>]/i;

/** Description HTML: entity-escaped HTML ("&lt;p&gt;...") decoded once; real HTML as is. */
const descriptionHtmlOf = (value: unknown): string | null => {
  const html = stringOf(value);
  if (!html) return null;
  return !REAL_TAG.test(html) && ESCAPED_TAG.test(html) ? decodeHTML(html) : html;
};

const urlOf = (value: unknown): string | null => {
  for (const item of listOf(value)) {
    const text = isNode(item) ? (stringOf(item.url) ?? stringOf(item.contentUrl) ?? stringOf(item['@id'])) : stringOf(item);
    const url = canonicalJobUrl(text);
    if (url) return url;
  }
  return null;
};

/** The country of an address: a code or a name, or a Country node's `name` / `identifier`. */
const countryOf = (value: unknown): string | null => (isNode(value) ? (textOf(value.name) ?? textOf(value.identifier)) : textOf(value));

/** One `jobLocation` entry (a Place with an address, a PostalAddress, or text) as a SourceLocation. */
const locationOf = (value: unknown): SourceLocation | null => {
  if (!isNode(value)) {
    const text = textOf(value);
    return text ? { text, postalAddress: null } : null;
  }
  const address = isNode(value.address) ? value.address : /PostalAddress/.test(String(value['@type'])) ? value : null;
  const name = textOf(value.name);
  if (address === null) {
    const text = name ?? textOf(value.address);
    return text ? { text, postalAddress: null } : null;
  }
  const city = textOf(address.addressLocality);
  const region = textOf(address.addressRegion);
  const country = countryOf(address.addressCountry);
  if (country) return addressLocation({ text: name, city, region, country });
  // No country: read "Kirkland, WA" as text, so a US state or a Canadian province still gives one.
  const text = [city, region].filter(Boolean).join(', ') || name;
  return text ? { text, postalAddress: null } : null;
};

/** `applicantLocationRequirements` names (Country, State, AdministrativeArea or text). */
const requirementNames = (value: unknown): string[] =>
  listOf(value)
    .map((item) => (isNode(item) ? (textOf(item.name) ?? countryOf(item.address)) : textOf(item)))
    .filter((name): name is string => name !== null);

const isTelecommute = (value: unknown): boolean => listOf(value).some((item) => typeof item === 'string' && /telecommute/i.test(item));

const employmentTypeOf = (value: unknown) => {
  for (const item of listOf(value)) {
    if (typeof item !== 'string') continue;
    for (const part of item.split(',')) {
      const type = toEmploymentType(part);
      if (type) return type;
    }
  }
  return null;
};

const numberOf = (value: unknown): number | null => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value.replace(/[,\s]/g, '')) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

/** `baseSalary` (MonetaryAmount with a QuantitativeValue, or several) → pay as posted, or null. */
const compensationFrom = (baseSalary: unknown, salaryCurrency: unknown): Compensation | null => {
  for (const amount of listOf(baseSalary)) {
    if (!isNode(amount)) continue;
    const currency = stringOf(amount.currency) ?? stringOf(salaryCurrency);
    const value = amount.value;
    const quantity = isNode(value) ? value : null;
    const exact = quantity ? numberOf(quantity.value) : numberOf(value);
    const min = quantity ? (numberOf(quantity.minValue) ?? exact) : exact;
    const max = quantity ? (numberOf(quantity.maxValue) ?? exact) : exact;
    const period = toPayPeriod(stringOf(quantity?.unitText) ?? stringOf(amount.unitText));
    const compensation = compensationOf({ min, max, currency, period });
    if (compensation) return compensation;
  }
  return null;
};

/** A posting as found: any object, kept as the same reference (every property is read tolerantly below). */
const JsonLdPostingSchema = z.custom<JsonLdNode>(isNode, 'not an object');
type JsonLdPosting = JsonLdNode;

interface Identified {
  posting: JsonLdPosting;
  jobId: string;
  jobUrl: string;
}

/** Gives every posting its job URL and source id, making ids shared by two postings of the page unique by title. */
const identify = (postings: readonly unknown[], pageUrl: string): Identified[] => {
  const page = canonicalJobUrl(pageUrl) ?? pageUrl;
  const items = postings.filter(isNode).map((posting) => {
    const jobUrl = canonicalJobUrl(stringOf(posting.url) ?? '', page) ?? page;
    return { posting, jobId: identifierOf(posting.identifier), jobUrl };
  });
  const byUrl = new Map<string, number>();
  for (const item of items) if (item.jobId === null) byUrl.set(item.jobUrl, (byUrl.get(item.jobUrl) ?? 0) + 1);
  return items.map((item) => {
    if (item.jobId !== null) return { ...item, jobId: item.jobId };
    const title = textOf(item.posting.title) ?? textOf(item.posting.name) ?? '';
    return { ...item, jobId: (byUrl.get(item.jobUrl) ?? 0) > 1 ? `${item.jobUrl}#${title}` : item.jobUrl };
  });
};

/** The first `hiringOrganization` node, or null. */
const organisationOf = (posting: JsonLdPosting): JsonLdNode | null => listOf(posting.hiringOrganization).find(isNode) ?? null;

const workplaceOf = (posting: JsonLdPosting, texts: readonly (string | null)[]): Workplace =>
  isTelecommute(posting.jobLocationType) ? 'remote' : resolveWorkplace({ locationTexts: texts });

/**
 * The locations of a posting (its jobLocation addresses, then "Remote (X)" per applicant
 * location requirement of a remote posting), "Remote" when those give no place and it is remote,
 * and what its workplace type is read from: remote when TELECOMMUTE or when it names
 * requirements but no location, else the location texts.
 */
const placesOf = (posting: JsonLdPosting): { places: SourceLocation[]; fallbackPlaces: SourceLocation[]; workplace: WorkplaceEvidence } => {
  const located = listOf(posting.jobLocation)
    .map(locationOf)
    .filter((l): l is SourceLocation => l !== null);
  const texts = located.map((l) => l.text);
  const workplace = workplaceOf(posting, texts);
  const requirements = workplace === 'remote' || located.length === 0 ? requirementNames(posting.applicantLocationRequirements) : [];
  const remote = requirements.length > 0 ? textLocations(requirements.map((name) => `Remote (${name})`)) : [];
  return {
    places: [...located, ...remote],
    fallbackPlaces: workplace === 'remote' ? textLocations(['Remote']) : [],
    workplace: { workplaceType: isTelecommute(posting.jobLocationType) || (requirements.length > 0 && located.length === 0) ? 'remote' : null, locationTexts: texts },
  };
};

/**
 * JobPosting nodes (from `extractJsonLd`) of one page → jobs of `ctx.company` (ats
 * "careers_page", board token `ctx.boardToken`). Total: a posting that cannot make a valid
 * Job (no title, expired, ...) is in `skipped` with its reason; `jobs.length +
 * skipped.length === postings.length`. Never throws.
 */
export const parseJobPostings = (postings: readonly unknown[], ctx: CareerPageParseContext): SourceParseResult => {
  const byPosting = new Map(identify(postings, ctx.pageUrl).map((item) => [item.posting, item]));
  const nowMs = ctx.clock().getTime();
  return readPostings(
    postings,
    ctx,
    {
      schema: JsonLdPostingSchema,
      idKey: 'identifier',
      toJob: (posting, now) => {
        const item = byPosting.get(posting);
        if (!item) return { skip: 'not a posting' };
        const title = textOf(posting.title) ?? textOf(posting.name);
        if (!title) return { skip: 'no title' };
        const validThrough = toUtcIso(stringOf(posting.validThrough));
        if (validThrough !== null && Date.parse(validThrough) < nowMs) return { skip: `expired: validThrough ${validThrough}` };
        const { places, fallbackPlaces, workplace } = placesOf(posting);
        const hiring = organisationOf(posting);
        const company = {
          ...ctx.company,
          company_url: ctx.company.company_url ?? (hiring ? (urlOf(hiring.sameAs) ?? urlOf(hiring.url)) : null),
          company_logo: ctx.company.company_logo ?? (hiring ? urlOf(hiring.logo) : null),
        };
        return buildJob(
          {
            ats: 'careers_page',
            jobId: item.jobId,
            title,
            department: null,
            team: null,
            datePosted: toUtcIso(stringOf(posting.datePosted)),
            workplace,
            workplaceStated: isTelecommute(posting.jobLocationType),
            employmentType: employmentTypeOf(posting.employmentType),
            places,
            fallbackPlaces,
            compensation: compensationFrom(posting.baseSalary, posting.salaryCurrency),
            jobUrl: item.jobUrl,
            descriptionHtml: descriptionHtmlOf(posting.description),
          },
          { ...ctx, company },
          now,
        );
      },
    },
  );
};

/** `extractJsonLd` then `parseJobPostings`: the jobs of one page's HTML, with the count of broken blocks. Never throws. */
export const parseJsonLdJobs = (html: string, ctx: CareerPageParseContext): SourceParseResult & { brokenBlocks: number; postings: number } => {
  const document = extractJsonLd(html);
  return { ...parseJobPostings(document.postings, ctx), brokenBlocks: document.brokenBlocks, postings: document.postings.length };
};
