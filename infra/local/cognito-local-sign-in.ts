/**
 * The local sign-in's account step, for the one-machine product only (never deployed):
 * `POST /local-auth/account` `{ name, email }` creates the person in cognito-local on first use
 * (or updates their name) and answers `{ username, password }`, with which the SPA signs in
 * through aws-amplify against cognito-local (USER_PASSWORD_AUTH). Identity on the API still
 * comes only from the ID token cognito-local then signs; this step stands in for Google.
 *
 * The password is HMAC-SHA256(secret, email), the secret random per data folder
 * (`<dataDir>/local-sign-in.secret`), so nobody types one and it is stable across restarts.
 * Bad input → 400 `{ message }` naming the field; cognito-local failures → 502, logged.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { z } from 'zod';
import { describeError, type Logger } from '../../lambdas/observability/log';
import { cognitoCall, type CognitoLocal } from './cognito-local';

export const LOCAL_ACCOUNT_PATH = '/local-auth/account';

const AccountRequest = z.strictObject({
  name: z.string().trim().min(1, 'Enter your name').max(100),
  email: z.email('Enter a valid email address').trim().toLowerCase().max(254),
});

const secretIn = (dataDir: string): Buffer => {
  const file = path.join(dataDir, 'local-sign-in.secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
};

/** Creates the account on first use (or refreshes its name); returns its sign-in credentials. */
export const ensureLocalAccount = async (
  pool: Pick<CognitoLocal, 'endpoint' | 'userPoolId'>,
  secret: Buffer,
  person: { name: string; email: string },
): Promise<{ username: string; password: string }> => {
  const password = `${createHmac('sha256', secret).update(person.email).digest('base64url')}Aa1!`;
  const attributes = [
    { Name: 'name', Value: person.name },
    { Name: 'email', Value: person.email },
    { Name: 'email_verified', Value: 'true' },
  ];
  try {
    await cognitoCall(pool.endpoint, 'AdminGetUser', { UserPoolId: pool.userPoolId, Username: person.email });
    await cognitoCall(pool.endpoint, 'AdminUpdateUserAttributes', { UserPoolId: pool.userPoolId, Username: person.email, UserAttributes: attributes.slice(0, 1) });
  } catch (error) {
    if ((error as { code?: string }).code !== 'UserNotFoundException') throw error;
    await cognitoCall(pool.endpoint, 'AdminCreateUser', { UserPoolId: pool.userPoolId, Username: person.email, MessageAction: 'SUPPRESS', UserAttributes: attributes });
  }
  await cognitoCall(pool.endpoint, 'AdminSetUserPassword', { UserPoolId: pool.userPoolId, Username: person.email, Password: password, Permanent: true });
  return { username: person.email, password };
};

const reply = (res: ServerResponse, status: number, body: unknown): void => {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'content-length': String(Buffer.byteLength(text)) });
  res.end(text);
};

const readJson = (req: IncomingMessage): Promise<unknown> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 16_384) reject(new Error('too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch (error) {
        reject(error as Error);
      }
    });
    req.on('error', reject);
  });

/** The request handler for LOCAL_ACCOUNT_PATH, on the pool `pool()` resolves to. */
export const createLocalAccountHandler =
  (pool: () => Promise<CognitoLocal>, dataDir: () => string, logger: Logger) =>
  async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method !== 'POST') return reply(res, 405, { message: 'Method Not Allowed' });
    let body: unknown;
    try {
      body = await readJson(req);
    } catch {
      return reply(res, 400, { message: 'Request body is not valid JSON' });
    }
    const parsed = AccountRequest.safeParse(body);
    if (!parsed.success) {
      return reply(res, 400, { message: parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ') });
    }
    try {
      const ready = await pool();
      reply(res, 200, await ensureLocalAccount(ready, secretIn(dataDir()), parsed.data));
    } catch (error) {
      logger('error', 'Local sign-in account failed', { error: describeError(error) });
      reply(res, 502, { message: 'The local user pool failed' });
    }
  };
