/**
 * The blog API (`GET /blog/posts`, `GET /blog/posts/{slug}`) through the real content function:
 * (a) with no Contentful configured, serving the Markdown articles shipped in
 *     lambdas/content/articles; (b) with the real `contentful` SDK talking to the local stand-in
 *     (tests/support/contentful-stand-in.ts), including the Content Delivery API's own error
 *     bodies from ../shared/data/contentful (contentful/contentful.rb@ba141b51:
 *     spec/fixtures/json_responses, MIT): outages, rate limits, unparsable bodies, a wrong token.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Context } from 'aws-lambda';
import { BLOCKS, INLINES, MARKS, type Document } from '@contentful/rich-text-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../lambdas/config';
import { createContentfulRepository } from '../lambdas/content/contentful-repository';
import { createMarkdownRepository, readArticleFiles } from '../lambdas/content/markdown-repository';
import { createRenderedArticlesRepository, renderArticles, RENDERED_ARTICLES_FILE } from '../lambdas/content/rendered-articles';
import { createContentFunction, createContentHandler } from '../lambdas/functions/content';
import type { HttpHandler } from '../lambdas/http/http-handler';
import type { LogFields } from '../lambdas/observability/log';
import { sampleEvent } from './support/sample-event';
import { startContentfulStandIn, type ContentfulStandIn, type MicroblogInput } from './support/contentful-stand-in';

const context = { awsRequestId: 'content-test' } as Context;
const list = (handler: HttpHandler) => handler(sampleEvent('GET /blog/posts'), context);
const one = (handler: HttpHandler, slug: string) =>
  handler(sampleEvent('GET /blog/posts/{slug}', { rawPath: `/blog/posts/${slug}`, pathParameters: { slug } }), context);
const json = (result: { body: string }) => JSON.parse(result.body);

const captured = (name: string): string => readFileSync(path.join(readConfig({}).sharedDataDir, 'contentful', name), 'utf8');

describe('the blog API on the Markdown articles shipped in the repo', () => {
  const handler = createContentFunction(readConfig({}, { LOG_LEVEL: 'error' }), createMarkdownRepository);

  it('lists at least five dated articles, newest update first, without their bodies', async () => {
    const result = await list(handler);
    expect(result.statusCode).toBe(200);
    expect(result.headers['cache-control']).toContain('public');
    const { articles } = json(result) as { articles: { slug: string; headline: string; description: string; updated_at: string; html?: string }[] };
    expect(articles.length).toBeGreaterThanOrEqual(5);
    const updated = articles.map((article) => article.updated_at);
    expect(updated).toEqual([...updated].sort().reverse());
    for (const article of articles) {
      expect(article.headline.length).toBeGreaterThan(10);
      expect(article.description.length).toBeGreaterThan(60);
      expect(article.html).toBeUndefined();
    }
    expect(articles.map((article) => article.slug)).toContain('how-to-read-an-ai-job-posting');
  });

  it('answers one article with its Markdown rendered to sanitised HTML', async () => {
    const result = await one(handler, 'how-to-read-an-ai-job-posting');
    expect(result.statusCode).toBe(200);
    const article = json(result);
    expect(article).toMatchObject({ slug: 'how-to-read-an-ai-job-posting', headline: 'How to Read an AI Job Posting (and What the Titles Really Mean)' });
    expect(article.html).toContain('<h2>Start with the verbs, not the title</h2>');
    expect(article.html).toContain('<table>');
    expect(article.html).toContain('<strong>Train, fine-tune, evaluate, run experiments</strong>');
  });

  it('answers 404 naming an unknown article and 400 naming a malformed slug', async () => {
    const missing = await one(handler, 'no-such-article');
    expect(missing.statusCode).toBe(404);
    expect(json(missing)).toEqual({ message: "No article 'no-such-article'" });
    const bad = await one(handler, 'Not A Slug!');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toMatch(/^slug: /);
  });
});

describe('the blog API on the articles rendered when the bundle is built (the deployed function)', () => {
  const config = readConfig({}, { LOG_LEVEL: 'error' });
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'rendered-articles-'));
    writeFileSync(path.join(dir, RENDERED_ARTICLES_FILE), renderArticles(readArticleFiles(config.content.articlesDir)));
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers the list and every article exactly as the Markdown articles do', async () => {
    const rendered = createContentFunction({ ...config, content: { ...config.content, articlesDir: dir } }, createRenderedArticlesRepository);
    const markdown = createContentFunction(config, createMarkdownRepository);
    const [renderedList, markdownList] = await Promise.all([list(rendered), list(markdown)]);
    expect(renderedList.statusCode).toBe(200);
    expect(renderedList.body).toBe(markdownList.body);
    for (const { slug } of json(markdownList).articles as { slug: string }[]) {
      const [fromFile, fromMarkdown] = await Promise.all([one(rendered, slug), one(markdown, slug)]);
      expect(fromFile.statusCode).toBe(200);
      expect(fromFile.body).toBe(fromMarkdown.body);
    }
  });

  it('fails the blog alone, with a plain 500-class answer, when the rendered file is missing', async () => {
    const missing = createContentFunction({ ...config, content: { ...config.content, articlesDir: path.join(dir, 'nowhere') } }, createRenderedArticlesRepository);
    const result = await list(missing);
    expect(result.statusCode).toBeGreaterThanOrEqual(500);
    expect(result.body).not.toContain('nowhere');
  });
});

const document = (...content: Document['content']): Document => ({ nodeType: BLOCKS.DOCUMENT, data: {}, content });
const text = (value: string, marks: string[] = []) => ({ nodeType: 'text' as const, value, marks: marks.map((type) => ({ type })), data: {} });

const ENTRIES: MicroblogInput[] = [
  {
    id: 'entry-negotiation',
    headline: 'Negotiating Your First AI Offer',
    metadescriptions: 'Base, equity and sign-on: what to ask for.',
    slug: 'negotiating-your-first-ai-offer',
    createdAt: '2026-08-01T09:00:00.000Z',
    updatedAt: '2026-09-10T16:45:00.000Z',
    image: { id: 'asset-offer', title: 'Offer letter', description: 'An offer letter on a desk', url: '//images.ctfassets.net/standinspace/asset-offer/abc/offer.jpg' },
    content: document(
      { nodeType: BLOCKS.HEADING_2, data: {}, content: [text('Know the parts')] },
      {
        nodeType: BLOCKS.PARAGRAPH,
        data: {},
        content: [
          text('Base salary is '),
          text('fixed', [MARKS.BOLD]),
          text('. Read '),
          { nodeType: INLINES.HYPERLINK, data: { uri: 'https://www.levels.fyi/' }, content: [text('published ranges')] },
          text(' and '),
          { nodeType: INLINES.HYPERLINK, data: { uri: 'javascript:alert(1)' }, content: [text('this trap')] },
          text(' <script>alert(2)</script>'),
        ],
      },
      {
        nodeType: BLOCKS.UL_LIST,
        data: {},
        content: [{ nodeType: BLOCKS.LIST_ITEM, data: {}, content: [{ nodeType: BLOCKS.PARAGRAPH, data: {}, content: [text('Equity vests over time')] }] }],
      },
    ),
  },
  {
    id: 'entry-portfolio',
    headline: 'Portfolio Projects That Stand Out',
    metadescriptions: 'Two finished projects beat ten notebooks.',
    slug: 'portfolio-projects-that-stand-out',
    createdAt: '2026-10-01T09:00:00.000Z',
    updatedAt: '2026-10-02T08:05:00.000Z',
    content: document({ nodeType: BLOCKS.PARAGRAPH, data: {}, content: [text('Finish what you start.')] }),
  },
  // Not shown: an entry an editor left without a slug.
  { id: 'entry-draft', headline: 'Half-finished draft', slug: '', createdAt: '2026-11-01T09:00:00.000Z', updatedAt: '2026-11-01T09:00:00.000Z' },
];

describe('the blog API on Contentful (real SDK, local stand-in)', () => {
  let standIn: ContentfulStandIn;
  let configured: HttpHandler;
  let direct: HttpHandler;
  const logged: LogFields[] = [];

  beforeAll(async () => {
    standIn = await startContentfulStandIn({ entries: ENTRIES });
    configured = createContentFunction(
      readConfig({}, { CONTENTFUL_SPACE_ID: standIn.space, CONTENTFUL_ACCESS_TOKEN: standIn.accessToken, CONTENTFUL_HOST: standIn.host, LOG_LEVEL: 'error' }),
      createMarkdownRepository,
    );
    // The same adapter without the SDK's retry, for the failure matrix.
    direct = createContentHandler(
      {
        content: createContentfulRepository({
          space: standIn.space,
          environment: standIn.environment,
          host: standIn.host,
          accessToken: async () => standIn.accessToken,
          retryLimit: 0,
        }),
      },
      { logger: (_level, _message, fields) => logged.push(fields ?? {}) },
    );
  });

  afterAll(() => standIn?.stop());

  it('lists microblog entries as articles, newest first, with https images, skipping unusable entries', async () => {
    const result = await list(configured);
    expect(result.statusCode).toBe(200);
    expect(json(result)).toEqual({
      articles: [
        {
          slug: 'portfolio-projects-that-stand-out',
          headline: 'Portfolio Projects That Stand Out',
          description: 'Two finished projects beat ten notebooks.',
          image: null,
          published_at: '2026-10-01T09:00:00.000Z',
          updated_at: '2026-10-02T08:05:00.000Z',
        },
        {
          slug: 'negotiating-your-first-ai-offer',
          headline: 'Negotiating Your First AI Offer',
          description: 'Base, equity and sign-on: what to ask for.',
          image: { url: 'https://images.ctfassets.net/standinspace/asset-offer/abc/offer.jpg', alt: 'An offer letter on a desk' },
          published_at: '2026-08-01T09:00:00.000Z',
          updated_at: '2026-09-10T16:45:00.000Z',
        },
      ],
    });
    const asked = new URL(standIn.requests.at(-1)!, 'http://x');
    expect(asked.pathname).toBe(`/spaces/${standIn.space}/environments/master/entries`);
    expect(asked.searchParams.get('content_type')).toBe('microblog');
  });

  it('renders an entry\'s Rich Text to sanitised HTML', async () => {
    const result = await one(configured, 'negotiating-your-first-ai-offer');
    expect(result.statusCode).toBe(200);
    const { html } = json(result) as { html: string };
    expect(html).toContain('<h2>Know the parts</h2>');
    expect(html).toContain('<b>fixed</b>');
    expect(html).toContain('<a href="https://www.levels.fyi/" rel="noopener noreferrer nofollow" target="_blank">published ranges</a>');
    expect(html).toContain('<li><p>Equity vests over time</p></li>');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;script&gt;');
  });

  it('answers 404 for a slug Contentful does not have', async () => {
    const result = await one(configured, 'gone-article');
    expect(result.statusCode).toBe(404);
    expect(json(result)).toEqual({ message: "No article 'gone-article'" });
  });

  it('retries a 503 once, then answers 503 with a plain message', async () => {
    standIn.fail({ status: 503, body: captured('default_503.json') });
    const before = standIn.requests.length;
    try {
      const result = await list(configured);
      expect(result.statusCode).toBe(503);
      expect(json(result)).toEqual({ message: 'The blog is unavailable right now; please try again in a few minutes' });
      expect(standIn.requests.length - before).toBe(2);
    } finally {
      standIn.fail(null);
    }
  });

  const failures: [string, number, string, number][] = [
    ['a 500 ServerError', 500, 'default_500.json', 502],
    ['a 502 BadGateway', 502, 'default_502.json', 502],
    ['a 503 ServiceUnavailable', 503, 'default_503.json', 503],
    ['a 429 RateLimitExceeded', 429, 'default_429.json', 503],
    ['a 401 Unauthorized', 401, 'default_401.json', 502],
    ['a 403 AccessDenied', 403, '403_reasons.json', 502],
    ['a 400 BadRequest', 400, '400_details_errors_object.json', 502],
    ['a 404 NotFound (space)', 404, '404_sys_type.json', 404],
    ['a 500 with an unparsable body', 500, 'unparsable.json', 502],
    ['a 200 with an unparsable body', 200, 'unparsable.json', 502],
    ['an unknown error id', 500, 'other_error_nothing.json', 502],
  ];

  for (const [what, status, file, expected] of failures) {
    it(`answers ${what} from Contentful with ${expected} and { message }, details only in the log`, async () => {
      standIn.fail({ status, body: captured(file), contentType: 'application/json' });
      logged.length = 0;
      try {
        for (const result of [await list(direct), await one(direct, 'negotiating-your-first-ai-offer')]) {
          expect(result.statusCode).toBe(expected);
          const body = json(result) as Record<string, unknown>;
          expect(Object.keys(body)).toEqual(['message']);
          expect(String(body.message)).not.toMatch(/85f-351076632|standin|Bearer|127\.0\.0\.1/);
        }
        if (expected !== 404) expect(JSON.stringify(logged)).toContain('"cause"');
      } finally {
        standIn.fail(null);
      }
    });
  }

  it('answers 502 when the token is wrong and 502 when Contentful cannot be reached', async () => {
    const wrongToken = createContentHandler(
      { content: createContentfulRepository({ space: standIn.space, environment: 'master', host: standIn.host, accessToken: async () => 'revoked', retryLimit: 0 }) },
      { logger: () => undefined },
    );
    expect((await list(wrongToken)).statusCode).toBe(502);
    const unreachable = createContentHandler(
      { content: createContentfulRepository({ space: standIn.space, environment: 'master', host: '127.0.0.1:9', accessToken: async () => standIn.accessToken, retryLimit: 0 }) },
      { logger: () => undefined },
    );
    const result = await list(unreachable);
    expect(result.statusCode).toBe(502);
    expect(json(result)).toEqual({ message: 'The blog could not be loaded' });
  });
});
