/**
 * The email token secret for local commands (npm start, npm run newsletter) when
 * EMAIL_TOKEN_SECRET is not set: 48 random bytes (base64url) kept in `.data/email-token-secret`
 * (git-ignored) so links in mails sent before a restart keep working; in memory only when no
 * data folder is used (tests). Returns the settings to lay over the environment.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../lambdas/config';

export const LOCAL_EMAIL_SECRET_FILE = path.join(REPO_ROOT, '.data', 'email-token-secret');

export const localEmailSecretEnv = (env: Record<string, string | undefined>, file: string | null = LOCAL_EMAIL_SECRET_FILE): Record<string, string> => {
  if (env.EMAIL_TOKEN_SECRET !== undefined || env.EMAIL_TOKEN_SECRET_ARN !== undefined || env.EMAIL_LINK_KEY_ARN !== undefined) return {};
  if (file === null) return { EMAIL_TOKEN_SECRET: randomBytes(48).toString('base64url') };
  try {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return { EMAIL_TOKEN_SECRET: kept };
  } catch {
    // not made yet
  }
  const made = randomBytes(48).toString('base64url');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${made}\n`, { mode: 0o600 });
  return { EMAIL_TOKEN_SECRET: made };
};
