/**
 * Headless Chromium for browser tests. `launchBrowser()` launches it with playwright-core:
 * the binary is `CHROME_PATH` when set, else the one inside `@sparticuz/chromium`, unpacked
 * (about 200 MB, ~3 s the first time, instant after) into `<repo>/.tmp` rather than the system
 * temp folder. Launch once per test file (beforeAll) and close it in afterAll.
 */
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { chromium as playwright, type Browser } from 'playwright-core';

/** The project's git-ignored scratch folder. */
export const REPO_TMP = resolve(fileURLToPath(new URL('../../.tmp', import.meta.url)));

const UNPACK_LOCK = join(REPO_TMP, 'chromium-unpack.lock');
const STALE_LOCK_MS = 120_000;

/** Runs `task` while holding a lock folder, so parallel test files do not unpack Chromium over each other. */
async function withUnpackLock<T>(task: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      mkdirSync(UNPACK_LOCK);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      try {
        if (Date.now() - statSync(UNPACK_LOCK).mtimeMs > STALE_LOCK_MS) rmSync(UNPACK_LOCK, { recursive: true, force: true });
      } catch {
        // released meanwhile
      }
      await sleep(100);
    }
  }
  try {
    return await task();
  } finally {
    rmSync(UNPACK_LOCK, { recursive: true, force: true });
  }
}

/** Path of the Chromium binary and the flags it needs here. */
async function chromiumBinary(): Promise<{ executablePath: string; args: string[] }> {
  mkdirSync(REPO_TMP, { recursive: true });
  // @sparticuz/chromium unpacks into os.tmpdir(), which follows TMPDIR: point it at the project before importing it.
  process.env.TMPDIR = REPO_TMP;
  const { default: sparticuz } = await import('@sparticuz/chromium');
  const executablePath = process.env.CHROME_PATH || (await withUnpackLock(() => sparticuz.executablePath()));
  // --single-process suits Lambda but kills the whole browser when a page closes: drop it here.
  const args = sparticuz.args.filter((arg) => arg !== '--single-process');
  return { executablePath, args: [...args, '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking'] };
}

/**
 * Launches headless Chromium.
 * @throws when the binary cannot be found or unpacked, or Chromium fails to start.
 */
export async function launchBrowser(): Promise<Browser> {
  const { executablePath, args } = await chromiumBinary();
  return playwright.launch({ executablePath, args, headless: true });
}
