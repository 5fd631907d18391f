/**
 * The local user pool's token-signing key pair, one per data folder (issue 23.1).
 *
 * cognito-local 5.3.0 signs every token with the RSA key pair in its own package
 * (`lib/keys/cognitoLocal.private.json`, read by `services/tokenGenerator.js`) and serves the
 * matching public key as the pool's JWKS (`lib/keys/cognitoLocal.public.json`, read by
 * `server/server.js`). Both files are published on npm, so anyone could mint a token the local
 * product accepts; it has no setting for another key.
 *
 * `ensureSigningKey(cognitoDir)` makes a fresh 2,048-bit RSA key pair the first time (kept in
 * `<cognitoDir>/signing-key.json`, mode 0600, beside cognito-local's own data; the same key across
 * restarts, so signed-in sessions survive them) and returns the file's path. The cognito-local
 * child is started with `node --require <COGNITO_KEYS_PRELOAD>` and `COGNITO_LOCAL_SIGNING_KEY`
 * naming that file: the preload (cognito-local-keys-preload.cjs) puts the data folder's key pair
 * in Node's require cache under the package's two key files before cognito-local loads them.
 * The key id stays "CognitoLocal" (cognito-local writes it into every token header); a token
 * signed with the published key then fails the signature check against the served JWKS.
 *
 * File shape: `{ private: { pem }, public: { jwk: { kty, n, e, use, kid, alg }, pem } }`, as the
 * package's own files (PEM: PKCS#8 private, SPKI public).
 */
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The preload that swaps cognito-local's published keys for the data folder's. */
export const COGNITO_KEYS_PRELOAD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'cognito-local-keys-preload.cjs');

/** The environment variable naming the key file for the preload. */
export const SIGNING_KEY_ENV = 'COGNITO_LOCAL_SIGNING_KEY';

/** The key id cognito-local writes into every token header. */
const KEY_ID = 'CognitoLocal';

/** The path of `cognitoDir`'s signing key file, made (with a fresh key pair) when it does not exist. */
export const ensureSigningKey = (cognitoDir: string): string => {
  const file = path.join(cognitoDir, 'signing-key.json');
  if (existsSync(file)) return file;
  mkdirSync(cognitoDir, { recursive: true });
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const { kty, n, e } = createPublicKey(publicKey).export({ format: 'jwk' });
  const keys = { private: { pem: privateKey }, public: { jwk: { kty, e, use: 'sig', kid: KEY_ID, alg: 'RS256', n }, pem: publicKey } };
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  return file;
};
