/**
 * Headless Chromium for browser tests. `launchBrowser()` launches it with playwright-core:
 * the binary is `CHROME_PATH` when set, else the one inside `@sparticuz/chromium`, unpacked
 * (about 200 MB, ~3 s the first time, instant after) into `<repo>/.tmp` rather than the system
 * temp folder. Binary and flags come from lambdas/crawler/career-page/chromium.ts, which the
 * career-page crawler uses too. Launch once per test file (beforeAll) and close it in afterAll.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium as playwright, type Browser, type Page, type Response } from 'playwright-core';
import { chromiumExecutable } from '../../lambdas/crawler/career-page/chromium';
import { LOCAL_CHROMIUM } from '../../infra/local/local-chromium';

/** The project's git-ignored scratch folder. */
export const REPO_TMP = resolve(fileURLToPath(new URL('../../.tmp', import.meta.url)));

/** Options for `chromiumExecutable` / `CareerPageBrowser` in tests: CHROME_PATH, unpacked into .tmp under a lock. */
export const testChromiumOptions = { ...LOCAL_CHROMIUM, executablePath: process.env.CHROME_PATH || undefined };

/**
 * Launches headless Chromium.
 * @throws when the binary cannot be found or unpacked, or Chromium fails to start.
 */
export async function launchBrowser(): Promise<Browser> {
  const { executablePath, args } = await chromiumExecutable(testChromiumOptions);
  return playwright.launch({ executablePath, args, headless: true });
}

/**
 * Goes to `url` and waits until React has hydrated the page (the layout marks
 * `<html data-hydrated>`): a server-rendered control clicked, filled or selected before that
 * is reset by hydration, which made tests that interact at once fail now and then.
 * @returns the navigation's response, as `page.goto` does.
 */
export async function visit(page: Page, url: string): Promise<Response | null> {
  const response = await page.goto(url);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  return response;
}
