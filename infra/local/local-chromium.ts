/**
 * Where local commands unpack `@sparticuz/chromium` (the git-ignored `.tmp/` of the repo, not the
 * system temp folder), under a lock so two commands or test files do not unpack at once.
 * Pass to `CareerPageBrowser` / `createCareerPages` / `chromiumExecutable`.
 */
import path from 'node:path';
import { REPO_ROOT } from '../../lambdas/config';
import type { ChromiumOptions } from '../../lambdas/crawler/career-page/chromium';
import { withDirLock } from './dir-lock';

const TMP = path.join(REPO_ROOT, '.tmp');

export const LOCAL_CHROMIUM: Required<Pick<ChromiumOptions, 'unpackDir' | 'unpackLock'>> = {
  unpackDir: TMP,
  unpackLock: (task) => withDirLock(path.join(TMP, 'chromium-unpack.lock'), task),
};
