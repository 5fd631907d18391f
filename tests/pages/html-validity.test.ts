/**
 * Every server-rendered page passes an HTML validator we did not write: html-validate's
 * `html-validate:standard` rules (the standard's content models, nesting, attributes and ids;
 * style rules left out), on the pages as the local product serves them from the run's seeded
 * catalog (jobs from stapply-ai/ats-scrapers@43ece6fd: ashby/companies/*.json).
 */
import { HtmlValidate } from 'html-validate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalProduct } from '../../infra/local/server';
import { PUBLIC_PAGE_PATHS, companyPagePath } from '../../shared/seo/page-paths';
import { startTestProduct } from '../support/product';

const JOB_PATH = '/jobs/Replit/software-engineer-product-infrastructure-typescript-devex-34afefd8';

let product: LocalProduct;
let articlePath: string;

beforeAll(async () => {
  product = await startTestProduct();
  const { articles } = (await (await fetch(new URL('/api/blog/posts', product.url))).json()) as { articles: { slug: string }[] };
  if (!articles[0]) throw new Error('GET /api/blog/posts returned no article');
  articlePath = `/blog/${encodeURIComponent(articles[0].slug)}`;
});

afterAll(async () => {
  await product?.stop();
});

const validator = new HtmlValidate({ extends: ['html-validate:standard'] });

/** The validator's findings on the page at `path`, as "line:column rule: message" (empty when valid). */
async function findings(path: string, status = 200): Promise<string[]> {
  const response = await fetch(new URL(path, product.url));
  expect(response.status).toBe(status);
  const report = await validator.validateString(await response.text());
  return report.results.flatMap((result) => result.messages.map((message) => `${message.line}:${message.column} ${message.ruleId}: ${message.message}`));
}

describe('server-rendered pages pass html-validate:standard', () => {
  it.each(Object.entries(PUBLIC_PAGE_PATHS))('%s (%s)', async (_, path) => {
    expect(await findings(path)).toEqual([]);
  });

  it('a company page', async () => {
    expect(await findings(companyPagePath('Replit'))).toEqual([]);
  });

  it('a job page', async () => {
    expect(await findings(JOB_PATH)).toEqual([]);
  });

  it('a blog article', async () => {
    expect(await findings(articlePath)).toEqual([]);
  });

  it('the Page Not Found page', async () => {
    expect(await findings('/no-such-page', 404)).toEqual([]);
  });
});
