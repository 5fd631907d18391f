/**
 * The local user pool signs with a key pair of its data folder's own (issue 23.1): a token signed
 * with the key pair published in cognito-local's npm package (lib/keys/cognitoLocal.private.json)
 * is refused by the product's verifier (lambdas/auth/jwt-verifier.ts, as the local product wires
 * it), a token from a real sign-in is accepted, and the key survives a restart on the same folder
 * while another folder gets another key. cognito-local runs as the local start runs it.
 */
import { createPrivateKey } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJwtVerifier } from '../../lambdas/auth/jwt-verifier';
import { REPO_ROOT } from '../../lambdas/config';
import { cognitoCall, startCognitoLocal, type CognitoLocal } from '../../infra/local/cognito-local';
import { ensureLocalAccount } from '../../infra/local/cognito-local-sign-in';

const published = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('cognito-local/lib/keys/cognitoLocal.private.json'), 'utf8')) as { pem: string };
const dataDir = mkdtempSync(path.join(REPO_ROOT, '.tmp', 'cognito-keys-'));
const otherDir = mkdtempSync(path.join(REPO_ROOT, '.tmp', 'cognito-keys-'));
let pool: CognitoLocal;

const jwks = async (url: string): Promise<string> => ((await (await fetch(url)).json()) as { keys: { n: string }[] }).keys[0]!.n;

beforeAll(async () => {
  pool = await startCognitoLocal({ dataDir });
}, 60_000);

afterAll(async () => {
  await pool?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(otherDir, { recursive: true, force: true });
});

const signIn = async (email: string): Promise<string> => {
  const { username, password } = await ensureLocalAccount(pool, Buffer.from('test-secret'), { name: 'Ada Lovelace', email });
  const out = await cognitoCall<{ AuthenticationResult: { IdToken: string } }>(pool.endpoint, 'InitiateAuth', {
    ClientId: pool.clientId,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: username, PASSWORD: password },
  });
  return out.AuthenticationResult.IdToken;
};

describe("the local user pool's signing key", () => {
  it('accepts a signed-in token and refuses one minted with the key published in cognito-local', async () => {
    const verify = createJwtVerifier({ issuer: pool.issuer, audience: [pool.clientId], jwksUrl: pool.jwksUrl });
    const token = await signIn('ada@example.com');
    const claims = await verify(token);
    expect(claims).toMatchObject({ email: 'ada@example.com', token_use: 'id' });

    const forged = await new SignJWT({ ...claims, sub: 'someone-else', email: 'victim@example.com' })
      .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
      .sign(createPrivateKey(published.pem));
    await expect(verify(forged)).rejects.toThrow(/signature verification failed/);
    const publishedPublic = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('cognito-local/lib/keys/cognitoLocal.public.json'), 'utf8')) as { jwk: { n: string } };
    expect(await jwks(pool.jwksUrl)).not.toBe(publishedPublic.jwk.n);
  });

  it('is kept in the data folder (owner-only) across restarts; another folder has another', async () => {
    const before = await jwks(pool.jwksUrl);
    const file = path.join(dataDir, '.cognito', 'signing-key.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    await pool.stop();
    pool = await startCognitoLocal({ dataDir });
    expect(await jwks(pool.jwksUrl)).toBe(before);
    const other = await startCognitoLocal({ dataDir: otherDir });
    try {
      expect(await jwks(other.jwksUrl)).not.toBe(before);
    } finally {
      await other.stop();
    }
  }, 90_000);
});
