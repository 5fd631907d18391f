/**
 * The headless Chromium binary and its flags, shared by the career-page crawler (puppeteer-core)
 * and the browser tests (playwright-core, tests/support/browser.ts): one place that knows where
 * the binary is and how it must be started here and on Lambda.
 *
 * `chromiumExecutable({ executablePath?, unpackDir?, singleProcess? })` →
 * `{ executablePath, args }`:
 * - `executablePath` (CHROME_PATH) when given, else the binary inside `@sparticuz/chromium`,
 *   which `executablePath()` unpacks (about 200 MB, ~3 s the first time, instant after) into
 *   the temp folder. With `unpackDir` that folder is used instead of the system one (TMPDIR is
 *   pointed at it for this process: the package reads `os.tmpdir()`); `unpackLock` serialises
 *   unpacks between processes (parallel test files).
 * - `args`: `@sparticuz/chromium`'s flags (headless shell, no sandbox, no zygote: Lambda runs
 *   as root) without `--single-process` unless asked (Lambda needs it; elsewhere it kills the
 *   browser when a page closes), without `--disable-web-security` and
 *   `--allow-running-insecure-content` (a crawler of untrusted pages keeps the same-origin
 *   policy), plus the field notes' flags for this machine: `--disable-dev-shm-usage`,
 *   `--no-first-run`, `--disable-background-networking`, `--disable-component-update`,
 *   `--disable-sync`, `--disable-default-apps`, `--mute-audio`.
 *
 * @throws when the binary cannot be unpacked.
 */
import { mkdirSync } from 'node:fs';

export interface ChromiumOptions {
  /** A Chromium binary to use as is (CHROME_PATH). */
  executablePath?: string | undefined;
  /** Where `@sparticuz/chromium` unpacks its binary (default: the system temp folder). */
  unpackDir?: string | undefined;
  /** Keep `--single-process` (AWS Lambda). Default false. */
  singleProcess?: boolean;
  /**
   * Runs the unpack under a lock between processes (e.g. infra/local/dir-lock.ts `withDirLock`),
   * so parallel test files or commands do not unpack over each other. Default: no lock (Lambda).
   */
  unpackLock?: <T>(task: () => Promise<T>) => Promise<T>;
}

export interface ChromiumBinary {
  executablePath: string;
  args: string[];
}

const DROPPED = new Set(['--disable-web-security', '--allow-running-insecure-content']);

const EXTRA = [
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--mute-audio',
];

export const chromiumExecutable = async (options: ChromiumOptions = {}): Promise<ChromiumBinary> => {
  if (options.unpackDir !== undefined) {
    mkdirSync(options.unpackDir, { recursive: true });
    // @sparticuz/chromium unpacks into os.tmpdir(), which follows TMPDIR.
    process.env.TMPDIR = options.unpackDir;
  }
  const { default: sparticuz } = await import('@sparticuz/chromium');
  const lock = options.unpackLock ?? (<T>(task: () => Promise<T>) => task());
  const executablePath = options.executablePath || (await lock(() => sparticuz.executablePath()));
  const args = sparticuz.args.filter((arg) => !DROPPED.has(arg) && (options.singleProcess === true || arg !== '--single-process'));
  return { executablePath, args: [...args, ...EXTRA] };
};
