/**
 * A lock between processes on one machine: a folder created with `mkdir` (atomic), removed when
 * the task ends. A lock older than `staleMs` (its holder died) is broken. For local tools and
 * tests that must not run a step at the same time (e.g. two SPA builds into frontend/dist).
 */
import { mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const withDirLock = async <T>(lockDir: string, task: () => Promise<T>, staleMs = 180_000): Promise<T> => {
  mkdirSync(path.dirname(lockDir), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      try {
        if (Date.now() - statSync(lockDir).mtimeMs > staleMs) rmSync(lockDir, { recursive: true, force: true });
      } catch {
        // released meanwhile
      }
      await sleep(200);
    }
  }
  try {
    return await task();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
};
