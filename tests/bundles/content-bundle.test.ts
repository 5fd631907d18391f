/**
 * The content function's bundle as deployed (cdk.out/dev, `npm run synth`), imported and invoked
 * as the Lambda runtime does (tests/bundles/lambda-invoke.ts) on both of its sources. Its bundle
 * is built lean (infra/aws/constructs/service-function.ts, api.ts): axios in its fetch build,
 * no semver, the Markdown articles rendered at synth. This proves what is left out is never
 * reached: the articles shipped in the bundle are served, and the real `contentful` SDK in the
 * bundle reads the local Content Delivery API stand-in (tests/support/contentful-stand-in.ts)
 * and its Rich Text still comes out sanitised.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BLOCKS, INLINES, type Document } from '@contentful/rich-text-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../lambdas/config';
import { startContentfulStandIn, type ContentfulStandIn } from '../support/contentful-stand-in';
import { sampleEvent } from '../support/sample-event';
import { invokeBundle } from './lambda-invoke';

const ASSEMBLY = path.join(REPO_ROOT, 'cdk.out', 'dev');
const ORIGIN_SECRET = 'content-bundle-origin-verify-secret-0123456789';

interface Bundled {
  dir: string;
  handler: string;
  variables: Record<string, unknown>;
}

/** The content function of the synthesized dev assembly. @throws when it is not there (run `npm run synth`). */
const contentFunction = (): Bundled => {
  const template = JSON.parse(readFileSync(path.join(ASSEMBLY, 'LatentJobs-dev.template.json'), 'utf8')) as {
    Resources: Record<string, { Type: string; Properties: Record<string, unknown> }>;
  };
  const found = Object.entries(template.Resources).find(([id, resource]) => resource.Type === 'AWS::Lambda::Function' && id.startsWith('ApicontentFunction'));
  if (found === undefined) throw new Error(`No content function in ${ASSEMBLY}: run npm run synth`);
  const { Properties: p } = found[1];
  return {
    dir: path.join(ASSEMBLY, `asset.${(p.Code as { S3Key: string }).S3Key.replace(/\.zip$/, '')}`),
    handler: p.Handler as string,
    variables: (p.Environment as { Variables: Record<string, unknown> }).Variables,
  };
};

const text = (value: string) => ({ nodeType: 'text' as const, value, marks: [], data: {} });
const HOSTILE: Document = {
  nodeType: BLOCKS.DOCUMENT,
  data: {},
  content: [
    {
      nodeType: BLOCKS.PARAGRAPH,
      data: {},
      content: [
        { nodeType: INLINES.HYPERLINK, data: { uri: 'https://www.levels.fyi/' }, content: [text('published ranges')] },
        { nodeType: INLINES.HYPERLINK, data: { uri: 'javascript:alert(1)' }, content: [text('this trap')] },
        text(' <img src=x onerror=alert(2)><script>alert(3)</script>'),
      ],
    },
  ],
};

describe('the content function bundle', () => {
  const fn = contentFunction();
  let standIn: ContentfulStandIn;

  beforeAll(async () => {
    standIn = await startContentfulStandIn({
      entries: [{ id: 'entry-hostile', headline: 'Links Worth Reading', slug: 'links-worth-reading', content: HOSTILE, createdAt: '2026-10-01T09:00:00.000Z', updatedAt: '2026-10-02T09:00:00.000Z' }],
    });
  });

  afterAll(() => standIn?.stop());

  /** GET `path` on the bundle with the template's environment, the given variables laid over it. */
  const get = async (route: string, slug: string | undefined, variables: Record<string, string> = {}) => {
    const environment: Record<string, string> = { ORIGIN_VERIFY_SECRET: ORIGIN_SECRET, ...variables };
    for (const [name, value] of Object.entries(fn.variables)) {
      if (typeof value === 'string') environment[name] ??= value.replace(/^\/var\/task(?=\/|$)/, fn.dir);
    }
    const event = sampleEvent(route, {
      headers: { 'x-origin-verify': ORIGIN_SECRET },
      ...(slug === undefined ? {} : { rawPath: `/blog/posts/${slug}`, pathParameters: { slug } }),
    });
    const { result } = await invokeBundle({ dir: fn.dir, environment, event, timeoutMs: 20_000, memoryMb: 256, name: 'LatentJobs-dev-content-bundle', handler: fn.handler });
    const answer = result as { statusCode: number; body: string };
    return { status: answer.statusCode, body: JSON.parse(answer.body) as Record<string, unknown> };
  };

  it('serves the Markdown articles rendered into the bundle at synth', async () => {
    const listed = await get('GET /blog/posts', undefined);
    expect(listed.status).toBe(200);
    expect((listed.body.articles as unknown[]).length).toBeGreaterThanOrEqual(5);
    const article = await get('GET /blog/posts/{slug}', 'how-to-read-an-ai-job-posting');
    expect(article.status).toBe(200);
    expect(article.body.html).toContain('<h2>Start with the verbs, not the title</h2>');
  });

  it('reads Contentful through the bundled SDK and sanitises the Rich Text', async () => {
    const contentful = { CONTENTFUL_SPACE_ID: standIn.space, CONTENTFUL_ACCESS_TOKEN: standIn.accessToken, CONTENTFUL_HOST: standIn.host };
    const listed = await get('GET /blog/posts', undefined, contentful);
    expect(listed.status).toBe(200);
    expect(listed.body.articles).toEqual([expect.objectContaining({ slug: 'links-worth-reading', headline: 'Links Worth Reading' })]);
    const article = await get('GET /blog/posts/{slug}', 'links-worth-reading', contentful);
    expect(article.status).toBe(200);
    const html = article.body.html as string;
    expect(html).toContain('<a href="https://www.levels.fyi/" rel="noopener noreferrer nofollow" target="_blank">published ranges</a>');
    expect(html).toContain('this trap');
    expect(html).not.toMatch(/javascript:|<script|<img/i);
  });

  it('answers 502 with a plain message when Contentful refuses the token', async () => {
    const wrongToken = await get('GET /blog/posts', undefined, { CONTENTFUL_SPACE_ID: standIn.space, CONTENTFUL_ACCESS_TOKEN: 'not-the-token', CONTENTFUL_HOST: standIn.host });
    expect(wrongToken.status).toBe(502);
    expect(wrongToken.body).toEqual({ message: 'The blog could not be loaded' });
  });
});
