/**
 * Makes sure the SPA's build (frontend/dist) is there and current before the local server
 * serves it, and precompresses it.
 *
 * - `ensureSpaBuilt()` builds with Vite's CLI in a child process (`viteBuild`) and frontend/vite.config.ts (the
 *   client build, then the server render's build into dist/server) when frontend/dist/index.html
 *   or the server entry is missing or older than any source under frontend/ (tests and the dist
 *   folder itself left out). Concurrent callers (several test files) take turns through a
 *   lock folder in .tmp/, and a second caller finds the build fresh.
 * - `precompress()` writes `.br` and `.gz` beside each text asset of 1 KB or more that lacks
 *   them (sirv serves those when the browser accepts them).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip as gzipCompress } from 'node:zlib';
import { REPO_ROOT } from '../../lambdas/config';
import { withDirLock } from './dir-lock';

export const FRONTEND_DIR = path.join(REPO_ROOT, 'frontend');
export const SPA_DIST_DIR = path.join(FRONTEND_DIR, 'dist');
const LOCK_DIR = path.join(REPO_ROOT, '.tmp', 'spa-build.lock');

const newestSourceMtime = (dir: string): number => {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'dist' || entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSourceMtime(full));
    else if (!/\.test\.tsx?$/.test(entry.name)) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
};

/** Why the build must be (re)made, or null when frontend/dist is current. */
export const spaBuildReason = (): string | null => {
  const index = path.join(SPA_DIST_DIR, 'index.html');
  if (!existsSync(index)) return 'frontend/dist is missing';
  if (!existsSync(path.join(SPA_DIST_DIR, 'server', 'entry-server.js'))) return 'the server render build is missing';
  return statSync(index).mtimeMs < newestSourceMtime(FRONTEND_DIR) ? 'frontend sources changed since the last build' : null;
};

const VITE_CLI = path.join(path.dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');

/**
 * `vite build` with frontend/vite.config.ts and `args`, in a CHILD process: Vite's build sets
 * NODE_ENV=production for the process it runs in, and in this one React's development JSX
 * runtime may already be loaded; react-dom/server loaded afterwards would be the production
 * build and every server render (the newsletter's confirmation email) would fail with
 * "dispatcher.getOwner is not a function" (field notes, "Traps found by attacking the product").
 * The child gets no NODE_ENV of ours, so Vite builds for production as `npm run build:web` does.
 * @throws when the build fails (Vite's own messages go to this process's stderr).
 */
export const viteBuild = (args: readonly string[], configFile = path.join(FRONTEND_DIR, 'vite.config.ts')): Promise<void> => {
  const env = { ...process.env };
  delete env.NODE_ENV;
  const child = spawn(process.execPath, [VITE_CLI, 'build', '--config', configFile, '--logLevel', 'error', ...args], { cwd: REPO_ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`vite build ${args.join(' ')} failed (${signal ?? `exit code ${code}`})`))));
  });
};

/**
 * Builds the SPA when needed. Returns why it built (null: it was current) and how long the
 * check and build took in ms. Throws Vite's error when the build fails.
 */
export const ensureSpaBuilt = async (): Promise<{ reason: string | null; ms: number }> => {
  const started = performance.now();
  if (spaBuildReason() === null) return { reason: null, ms: performance.now() - started };
  return withDirLock(LOCK_DIR, async () => {
    const reason = spaBuildReason();
    if (reason !== null) {
      await viteBuild([]);
      await viteBuild(['--ssr', 'src/entry-server.tsx']);
    }
    return { reason, ms: performance.now() - started };
  });
};

const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|txt|xml|map|webmanifest)$/i;
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCompress);

/**
 * Writes missing or stale `.br` (quality 9) and `.gz` (level 9) siblings of the text assets in
 * `dir` (compressing on libuv's thread pool, each file written under a temporary name outside
 * `dir` and then renamed into place, so a server listing `dir` meanwhile never meets a half-written
 * or vanishing file). Returns how many files it wrote.
 */
export const precompress = async (dir: string = SPA_DIST_DIR): Promise<number> => {
  if (!existsSync(dir)) return 0;
  await mkdir(path.join(REPO_ROOT, '.tmp'), { recursive: true });
  const scratch = await mkdtemp(path.join(REPO_ROOT, '.tmp', 'precompress-'));
  try {
    return await precompressInto(dir, scratch);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
};

const precompressInto = async (dir: string, scratch: string): Promise<number> => {
  let written = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const source = statSync(file);
    if (source.size < MIN_BYTES) continue;
    const content = await readFile(file);
    const fresh = (sibling: string) => existsSync(sibling) && statSync(sibling).mtimeMs >= source.mtimeMs;
    const variants: [string, () => Promise<Buffer>][] = [
      [`${file}.br`, () => brotli(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } })],
      [`${file}.gz`, () => gzip(content, { level: 9 })],
    ];
    for (const [sibling, compress] of variants) {
      if (fresh(sibling)) continue;
      const temporary = path.join(scratch, `${written}-${path.basename(sibling)}`);
      await writeFile(temporary, await compress());
      await rename(temporary, sibling);
      written += 1;
    }
  }
  return written;
};
