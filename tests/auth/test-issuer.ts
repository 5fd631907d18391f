/**
 * A local token issuer for tests: an RSA key pair (jose), its JWKS served over http on
 * 127.0.0.1, and `mint(claims, options)` signing Cognito-shaped tokens with it. Stands in for
 * Cognito's issuer (and, in the browser test, for the hosted sign-in's token endpoint).
 *
 *   const issuer = await startTestIssuer();
 *   const token = await issuer.mint({ sub: 'u1', email: 'a@example.com', name: 'A B' });     // a valid ID token
 *   await issuer.mint({ sub: 'u1' }, { tokenUse: 'access' });                               // an access token
 *   await issuer.stop();
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from 'jose';

export const TEST_POOL_ID = 'us-east-1_TestPool1';
export const TEST_CLIENT_ID = 'testclient1234567890';

export interface MintOptions {
  tokenUse?: 'id' | 'access';
  /** Seconds from now; negative for a token that has expired. Default 3600. */
  expiresIn?: number;
  /** `nbf` in seconds from now (omitted by default). */
  notBefore?: number;
  issuer?: string;
  audience?: string;
  /** Sign with a key the JWKS does not hold. */
  foreignKey?: boolean;
  /** Leave `exp` out. */
  noExpiry?: boolean;
}

export interface TestIssuer {
  /** e.g. "http://127.0.0.1:40111/us-east-1_TestPool1" */
  issuer: string;
  jwksUrl: string;
  clientId: string;
  userPoolId: string;
  mint(claims: JWTPayload, options?: MintOptions): Promise<string>;
  stop(): Promise<void>;
}

export const startTestIssuer = async (): Promise<TestIssuer> => {
  const [own, foreign] = await Promise.all([generateKeyPair('RS256', { extractable: true }), generateKeyPair('RS256', { extractable: true })]);
  const kid = randomUUID();
  const publicJwk: JWK = { ...(await exportJWK(own.publicKey)), kid, alg: 'RS256', use: 'sig' };
  const server = createServer((req, res) => {
    if (req.url?.endsWith('/.well-known/jwks.json')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [publicJwk] }));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/${TEST_POOL_ID}`;

  const mint = async (claims: JWTPayload, options: MintOptions = {}): Promise<string> => {
    const now = Math.floor(Date.now() / 1000);
    const tokenUse = options.tokenUse ?? 'id';
    const audienceClaims = tokenUse === 'id' ? { aud: options.audience ?? TEST_CLIENT_ID } : { client_id: options.audience ?? TEST_CLIENT_ID };
    const payload: JWTPayload = {
      token_use: tokenUse,
      auth_time: now,
      iat: now,
      ...(options.noExpiry ? {} : { exp: now + (options.expiresIn ?? 3600) }),
      ...(options.notBefore === undefined ? {} : { nbf: now + options.notBefore }),
      iss: options.issuer ?? issuer,
      ...audienceClaims,
      ...claims,
    };
    return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' }).sign(options.foreignKey ? foreign.privateKey : own.privateKey);
  };

  return {
    issuer,
    jwksUrl: `${issuer}/.well-known/jwks.json`,
    clientId: TEST_CLIENT_ID,
    userPoolId: TEST_POOL_ID,
    mint,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
};

/** An unsigned token (`alg: none`) with the given payload. */
export const unsignedToken = (payload: JWTPayload): string =>
  `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.`;
