/**
 * A career page's own job list, read from its rendered HTML (pure): which links are postings,
 * which of them the crawler follows, and jobs guessed from the list when the site publishes no
 * JSON-LD.
 *
 * A link is a posting link (`jobLinks`) when it is an http(s) link on the SAME site as the page
 * (same host, "www." ignored), not the page itself nor a file (.pdf, images...), its text is
 * not navigation ("Apply", "View all jobs", "Next", "Careers"...), and either
 * - its URL looks like a posting: a path segment after jobs / job / careers / positions /
 *   openings / roles / vacancies / opportunities / postings / join-us / apply
 *   ("/careers/ml-engineer", "/jobs/4012345"), or a posting id parameter (`gh_jid`, `jobId`,
 *   `job_id`, `jid`, `reqId`, `requisitionId`); or
 * - its text reads as a job title: 4–150 characters naming a role ("Engineer", "Scientist",
 *   "Manager", "Designer", "Recruiter", "Intern", "Counsel", ...), and its path is not a blog,
 *   news, press, about or team page.
 *
 * Guessed from the list (`jobListJobs`), for each posting link (first one per URL):
 * - title: the link's first text line (a heading inside the link when there is one);
 * - location: the text of an element whose class or id names a location (location, city,
 *   office, place, region) inside the link or its list item, else the first other line of
 *   the link or its list item (`li`, `tr`, `article`, or an element whose class names a job /
 *   posting / opening / role / card) that reads as a place with a country or as remote/hybrid;
 * - source job id and job URL: the link's canonical URL (`canonicalJobUrl`);
 * - date posted: when we first saw it (a list states none); workplace from the location text and title;
 *   no description, pay or employment type.
 */
import { DomUtils, ElementType, parseDocument } from 'htmlparser2';
import { z } from 'zod';
import { parseLocation } from '../../../shared/normalise/location';
import { buildJob, readPostings, type SourceParseResult } from '../../../shared/sources/build-job';
import { canonicalJobUrl } from '../../../shared/sources/canonical-url';
import type { CareerPageParseContext } from '../../../shared/sources/jsonld';
import { textLocations } from '../../../shared/sources/places';

type DomElement = ReturnType<typeof DomUtils.getElementsByTagName>[number];
type DomNode = DomElement['children'][number];

/** A posting link of a page: where it goes and what the page says around it. */
export interface JobLink {
  /** Canonical absolute URL (`canonicalJobUrl`). */
  url: string;
  /** The link's text lines. */
  lines: string[];
  /** Text lines of its list item (the link's own lines first), when it sits in one. */
  itemLines: string[];
  /** Text of an element named like a location inside the link or its item, or null. */
  locationText: string | null;
}

const MAX_HTML = 5_000_000;
const MAX_LINKS = 2_000;

const BLOCK = new Set(['p', 'div', 'br', 'li', 'tr', 'td', 'th', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'section', 'article', 'header', 'footer', 'ul', 'ol', 'dl', 'dt', 'dd', 'span', 'small', 'time']);
const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'svg']);
const SEPARATOR = /\s+[·•|–—]\s+/;

const isElement = (node: DomNode): node is DomElement => ElementType.isTag(node as { type: ElementType.ElementType });
const textOf = (node: DomNode): string | null => (node.type === ElementType.Text ? (node as { data: string }).data : null);

/** Text lines of a node: block elements and inline labels (span, small, time) break lines; separators " · ", " • ", " | ", " – " too ("Remote - US" stays one line). */
const linesOf = (root: DomNode): string[] => {
  const lines: string[] = [];
  let current = '';
  const flush = () => {
    for (const part of current.replace(/\s+/g, ' ').trim().split(SEPARATOR)) if (part.trim()) lines.push(part.trim());
    current = '';
  };
  const walk = (node: DomNode) => {
    const text = textOf(node);
    if (text !== null) {
      current += text;
      return;
    }
    if (!isElement(node) || SKIPPED.has(node.name)) return;
    const block = BLOCK.has(node.name);
    if (block) flush();
    for (const child of node.children) walk(child);
    if (block) flush();
  };
  walk(root);
  flush();
  return lines;
};

const attrText = (element: DomElement): string => `${element.attribs.class ?? ''} ${element.attribs.id ?? ''} ${element.attribs['data-testid'] ?? ''}`;

const ITEM_CLASS = /job|position|opening|posting|role|vacanc|listing|card/i;
const LOCATION_CLASS = /location|city|office|place|region/i;
const MAX_ITEM_TEXT = 400;

/** The list item a link sits in (li, tr, article, or an element named like a job card), if small. */
const itemOf = (link: DomElement): DomElement | null => {
  let node = link.parent;
  for (let depth = 0; node && depth < 6; depth += 1) {
    if (isElement(node)) {
      if (['body', 'main', 'ul', 'ol', 'table', 'tbody', 'section'].includes(node.name)) return null;
      if (['li', 'tr', 'article'].includes(node.name) || ITEM_CLASS.test(attrText(node))) {
        return DomUtils.textContent(node).length <= MAX_ITEM_TEXT ? node : null;
      }
    }
    node = node.parent;
  }
  return null;
};

const locationElementText = (root: DomElement): string | null => {
  const found = DomUtils.findOne((element) => LOCATION_CLASS.test(attrText(element)) && !ITEM_CLASS.test(element.attribs.class ?? ''), root.children, true);
  const text = found ? DomUtils.textContent(found).replace(/\s+/g, ' ').trim() : '';
  return text || null;
};

const sameSite = (a: URL, b: URL): boolean => a.hostname.replace(/^www\./, '') === b.hostname.replace(/^www\./, '');

const NAVIGATION =
  /^(?:apply(?: now| here)?|view(?: (?:job|role|details|opening|position|all(?: jobs| openings| roles| positions)?))?|learn more|read more|see (?:all|more)(?: jobs| roles| openings)?|more|details|careers?|jobs?|open (?:roles|positions|jobs)|all (?:jobs|roles|openings|positions)|next|previous|prev|back|home|about(?: us)?|blog|contact(?: us)?|privacy(?: policy)?|terms|log ?in|sign (?:in|up)|menu|skip to (?:main )?content|\d+|[<>«»›‹→←]+)$/i;

const POSTING_PATH = /\/(?:jobs?|careers?|positions?|openings?|roles?|vacanc(?:y|ies)|opportunit(?:y|ies)|postings?|join(?:-us)?|apply)\/[^/?#]+/i;
const POSTING_PARAM = /[?&](?:gh_jid|jobid|job_id|jid|reqid|requisitionid|posting_id)=/i;
const NOT_POSTING_PATH = /\/(?:blog|news|press|about|team|people|events?|stories|podcast|legal|privacy|terms)(?:\/|$)/i;
const FILE = /\.(?:pdf|docx?|png|jpe?g|gif|svg|webp|zip|mp4|ics)$/i;
const ROLE =
  /\b(?:engineer|engineering manager|developer|scientist|researcher|research|manager|designer|analyst|architect|lead|director|head of|intern|internship|specialist|consultant|coordinator|recruiter|representative|executive|officer|counsel|attorney|lawyer|accountant|administrator|associate|technician|writer|editor|strategist|partner|advocate|operator|programmer|sre|devops|staff|principal|vp|vice president|assistant|fellow|apprentice|trainee|member of technical staff)\b/i;

/** Whether a link (URL + text) is a posting link of a page at `page` (see the module doc). */
export const isPostingLink = (url: URL, title: string, page: URL): boolean => {
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !sameSite(url, page) || FILE.test(url.pathname)) return false;
  if (title === '' || title.length > 150 || NAVIGATION.test(title)) return false;
  const path = `${url.pathname}${url.search}`;
  if (POSTING_PATH.test(url.pathname) || POSTING_PARAM.test(path)) return true;
  return ROLE.test(title) && title.length >= 4 && !NOT_POSTING_PATH.test(url.pathname);
};

/** The posting links of a page (see the module doc), first per canonical URL, in page order. Never throws. */
export const jobLinks = (html: string, pageUrl: string): JobLink[] => {
  let page: URL;
  try {
    page = new URL(pageUrl);
  } catch {
    return [];
  }
  const pageKey = canonicalJobUrl(page.href);
  const document = parseDocument(typeof html === 'string' ? html.slice(0, MAX_HTML) : '');
  const found = new Map<string, JobLink>();
  for (const anchor of DomUtils.getElementsByTagName('a', document, true, MAX_LINKS * 5)) {
    if (found.size >= MAX_LINKS) break;
    const href = anchor.attribs.href;
    if (!href) continue;
    const url = canonicalJobUrl(href, page.href);
    if (url === null || url === pageKey || found.has(url)) continue;
    const heading = DomUtils.findOne((element) => /^h[1-6]$/.test(element.name), anchor.children, true);
    const lines = linesOf(anchor);
    const title = (heading ? DomUtils.textContent(heading).replace(/\s+/g, ' ').trim() : lines[0]) ?? '';
    if (!isPostingLink(new URL(url), title, page)) continue;
    const item = itemOf(anchor);
    const ownLines = title && lines[0] !== title ? [title, ...lines.filter((line) => line !== title)] : lines;
    const itemLines = item ? [...ownLines, ...linesOf(item).filter((line) => !ownLines.includes(line))] : ownLines;
    found.set(url, { url, lines: ownLines, itemLines, locationText: locationElementText(anchor) ?? (item ? locationElementText(item) : null) });
  }
  return [...found.values()];
};

/** A text line that reads as a place: some place with a country, or remote / hybrid. */
const readsAsPlace = (line: string): boolean =>
  line.length <= 80 && parseLocation(line).some((place) => place.country !== null || place.workplace === 'remote' || place.workplace === 'hybrid');

/** The location a list states for a link (see the module doc), or null. */
export const locationOfLink = (link: JobLink): string | null => link.locationText ?? link.itemLines.slice(1).find(readsAsPlace) ?? null;

const ListedPostingSchema = z.object({ title: z.string().trim().min(1), url: z.string().min(1), location: z.string().nullable() });

/**
 * Jobs guessed from a page's own job list (see the module doc), of `ctx.company`, ats
 * "careers_page". `jobs.length + skipped.length` = the number of posting links. Never throws.
 */
export const jobListJobs = (html: string, ctx: CareerPageParseContext): SourceParseResult => {
  const listed = jobLinks(html, ctx.pageUrl).map((link) => ({ title: link.lines[0] ?? '', url: link.url, location: locationOfLink(link) }));
  return readPostings(listed, ctx, {
    schema: ListedPostingSchema,
    idKey: 'url',
    toJob: (posting, now) =>
      buildJob(
        {
          ats: 'careers_page',
          jobId: posting.url,
          title: posting.title,
          department: null,
          team: null,
          datePosted: null,
          workplace: { locationTexts: [posting.location, posting.title] },
          employmentType: null,
          places: posting.location ? textLocations([posting.location]) : [],
          compensation: null,
          jobUrl: posting.url,
          descriptionHtml: null,
          descriptionPlain: '',
        },
        ctx,
        now,
      ),
  });
};
