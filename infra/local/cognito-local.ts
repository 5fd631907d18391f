/**
 * The local user pool: `cognito-local` 5.3.0 (a devDependency) as a child Node process, for the
 * local product when no real pool is configured (COGNITO_USER_POOL_ID unset).
 *
 * `startCognitoLocal({ dataDir?, port?, host? })` → `{ endpoint, userPoolId, clientId, issuer, jwksUrl, stop() }`:
 * - data in `dataDir` (cognito-local keeps it in `<dataDir>/.cognito`), kept across restarts;
 *   without `dataDir` a temporary folder removed by `stop()`;
 * - tokens signed with the data folder's own RSA key pair (`<dataDir>/.cognito/signing-key.json`,
 *   made on first start; cognito-local-keys.ts), never the pair published in cognito-local's package;
 * - listens on `host` (default 127.0.0.1; the local start gives it HOST, infra/local/listen-address.ts),
 *   `port`, else a free one; tokens say `iss: http://127.0.0.1:PORT/<pool>` (the address this
 *   machine reaches it at) and the keys are at `<iss>/.well-known/jwks.json`;
 * - creates (once) the pool "latent-jobs-local" (email as user name) and the app client
 *   "latent-jobs-web" (USER_PASSWORD_AUTH and refresh, no secret), as the SPA uses them;
 * - cognito-local puts only `sub`, `email` and custom attributes into ID tokens; real Cognito
 *   also puts the standard `name`. A pre-token-generation trigger answered in-process (a tiny
 *   stand-in for the Lambda Invoke API) adds `name` from the user's attributes, so local ID
 *   tokens carry the claims AWS's do.
 * Rejects with `CognitoLocalError` when the process exits early or does not answer within
 * `timeoutMs` (default 30 s). `stop()` ends the process (SIGTERM, then SIGKILL after 5 s).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import getPort from 'get-port';
import { REPO_ROOT } from '../../lambdas/config';
import { endChildProcess, exited } from './child-process';
import { COGNITO_KEYS_PRELOAD, ensureSigningKey, SIGNING_KEY_ENV } from './cognito-local-keys';
import { LOOPBACK, localUrl } from './listen-address';

export class CognitoLocalError extends Error {
  override name = 'CognitoLocalError';
}

export interface CognitoLocalOptions {
  dataDir?: string;
  port?: number;
  /** The address it (and its trigger stand-in) listens on (default 127.0.0.1: this machine only). */
  host?: string;
  timeoutMs?: number;
}

export interface CognitoLocal {
  /** e.g. "http://127.0.0.1:9229" (the user pool API; Amplify's `userPoolEndpoint`). */
  endpoint: string;
  userPoolId: string;
  clientId: string;
  issuer: string;
  jwksUrl: string;
  stop(): Promise<void>;
}

export const LOCAL_POOL_NAME = 'latent-jobs-local';
export const LOCAL_CLIENT_NAME = 'latent-jobs-web';
const TRIGGER_FUNCTION = 'latent-jobs-standard-claims';

/** Calls one action of the Cognito user pool JSON API (cognito-local checks no signature). */
export const cognitoCall = async <T>(endpoint: string, action: string, input: object): Promise<T> => {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${action}` },
    body: JSON.stringify(input),
  });
  const body = (await response.json().catch(() => ({}))) as T & { __type?: string; message?: string };
  if (!response.ok) {
    const error = new CognitoLocalError(`${action} failed: ${body.__type ?? response.status} ${body.message ?? ''}`.trim());
    (error as { code?: string }).code = body.__type?.split('#').pop();
    throw error;
  }
  return body;
};

/** Answers cognito-local's PreTokenGeneration invocations: add `name` (and `email`) from the user's attributes. */
const startTriggerStandIn = async (host: string): Promise<Server> => {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let attributes: Record<string, string> = {};
      try {
        attributes = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { request?: { userAttributes?: Record<string, string> } }).request?.userAttributes ?? {};
      } catch {
        // not an invocation we know: add nothing
      }
      const claimsToAddOrOverride = Object.fromEntries(['name'].flatMap((claim) => (attributes[claim] === undefined ? [] : [[claim, attributes[claim]]])));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ response: { claimsOverrideDetails: { claimsToAddOrOverride } } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return server;
};

const ensurePoolAndClient = async (endpoint: string): Promise<{ userPoolId: string; clientId: string }> => {
  const pools = await cognitoCall<{ UserPools?: { Id: string; Name: string }[] }>(endpoint, 'ListUserPools', { MaxResults: 60 });
  const userPoolId =
    pools.UserPools?.find((pool) => pool.Name === LOCAL_POOL_NAME)?.Id ??
    (await cognitoCall<{ UserPool: { Id: string } }>(endpoint, 'CreateUserPool', { PoolName: LOCAL_POOL_NAME, UsernameAttributes: ['email'] })).UserPool.Id;
  const clients = await cognitoCall<{ UserPoolClients?: { ClientId: string; ClientName: string }[] }>(endpoint, 'ListUserPoolClients', {
    UserPoolId: userPoolId,
    MaxResults: 60,
  });
  const clientId =
    clients.UserPoolClients?.find((client) => client.ClientName === LOCAL_CLIENT_NAME)?.ClientId ??
    (
      await cognitoCall<{ UserPoolClient: { ClientId: string } }>(endpoint, 'CreateUserPoolClient', {
        UserPoolId: userPoolId,
        ClientName: LOCAL_CLIENT_NAME,
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      })
    ).UserPoolClient.ClientId;
  return { userPoolId, clientId };
};


export const startCognitoLocal = async (options: CognitoLocalOptions = {}): Promise<CognitoLocal> => {
  const temporary = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(REPO_ROOT, '.tmp', 'cognito-'));
  mkdirSync(path.join(dataDir, '.cognito'), { recursive: true });
  const port = options.port ?? (await getPort());
  const host = options.host ?? LOOPBACK;
  const endpoint = localUrl(host, port);
  const trigger = await startTriggerStandIn(host);
  writeFileSync(
    path.join(dataDir, '.cognito', 'config.json'),
    JSON.stringify(
      {
        TriggerFunctions: { PreTokenGeneration: TRIGGER_FUNCTION },
        // The issuer the verifier expects (cognito-local would say http://HOST:PORT, e.g. 0.0.0.0).
        TokenConfig: { IssuerDomain: endpoint },
        LambdaClient: {
          endpoint: localUrl(host, (trigger.address() as AddressInfo).port),
          region: 'local',
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        },
      },
      null,
      2,
    ),
  );
  const bin = createRequire(import.meta.url).resolve('cognito-local/lib/bin/start.js');
  // Tokens are signed with this data folder's own key pair, not the one published in the package (cognito-local-keys.ts).
  const signingKey = ensureSigningKey(path.join(dataDir, '.cognito'));
  const child = spawn(process.execPath, ['--require', COGNITO_KEYS_PRELOAD, bin], {
    cwd: dataDir,
    env: { ...process.env, PORT: String(port), HOST: host, [SIGNING_KEY_ENV]: signingKey },
    stdio: 'pipe',
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-4_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const killNow = () => {
    if (!exited(child)) child.kill('SIGKILL');
  };
  process.on('exit', killNow);

  const stop = async (): Promise<void> => {
    process.off('exit', killNow);
    trigger.close();
    await endChildProcess(child);
    if (temporary) rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const deadline = Date.now() + (options.timeoutMs ?? 30_000);
    for (;;) {
      if (exited(child)) throw new CognitoLocalError(`cognito-local exited (code ${String(child.exitCode ?? child.signalCode)}):\n${output}`);
      if (Date.now() > deadline) throw new CognitoLocalError(`cognito-local did not answer on ${endpoint}:\n${output}`);
      try {
        await cognitoCall(endpoint, 'ListUserPools', { MaxResults: 1 });
        break;
      } catch (error) {
        if (error instanceof CognitoLocalError) throw error;
        await sleep(100);
      }
    }
    const { userPoolId, clientId } = await ensurePoolAndClient(endpoint);
    const issuer = `${endpoint}/${userPoolId}`;
    return { endpoint, userPoolId, clientId, issuer, jwksUrl: `${issuer}/.well-known/jwks.json`, stop };
  } catch (error) {
    await stop();
    throw error;
  }
};
