/**
 * The career-page crawl worker (AWS): crawl-worker.ts's handler for messages of kind
 * 'careers_page', with the headless-Chromium source (lambdas/crawler/career-page) added.
 *
 * Chromium is `@sparticuz/chromium` (shipped beside the bundle as node_modules files, x86_64;
 * infra/aws/constructs/crawler.ts), unpacked into /tmp on the first career page of an
 * instance, started with --single-process (CRAWL_SINGLE_PROCESS=true on Lambda), and closed
 * after every batch so no browser sits in a frozen instance between invocations.
 */
import { createCareerPages } from '../crawler/career-page/career-page-source';
import { crawlWorkerFromEnvironment } from './crawl-worker';
import { onFirstCall } from './on-first-call';

export const handler = onFirstCall(() =>
  crawlWorkerFromEnvironment('careers_page', (crawl) => {
    const careerPages = createCareerPages(crawl, { singleProcess: crawl.singleProcess });
    return { sources: [careerPages.source], afterBatch: () => careerPages.close() };
  }),
);
