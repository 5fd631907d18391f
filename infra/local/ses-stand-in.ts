/**
 * The local SES: aws-ses-v2-local 2.10.2 (an SES v2 API stand-in that keeps sent mail in memory)
 * run inside this process. `startSesStandIn({ port?, host?, stateDir? })` → `{ endpoint, inboxUrl, stop() }`:
 * - listens on `host` (default 127.0.0.1; the local start gives it HOST, infra/local/listen-address.ts);
 * - `endpoint`: give it to the SES client as SES_ENDPOINT (lambdas/config.ts readMailConfig);
 * - `inboxUrl`: its inbox page (`GET /`); `GET /store` lists the mail as JSON, `POST
 *   /clear-store` empties it. It does not keep custom headers (List-Unsubscribe): those are
 *   checked on the message we build (tests/alerts/digest-message.test.ts).
 * - `stateDir` (e.g. `.data/ses`): writes `endpoint.json` there once listening and removes it on
 *   stop, so another command (`npm run digest` while `npm start` runs) sends to the same inbox
 *   through `findRunningSesStandIn(stateDir)` instead of starting its own.
 * One stand-in per process (the package keeps its store in a module-level variable).
 * Rejects when the port is taken.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import getPort from 'get-port';
import sesLocal from 'aws-ses-v2-local';
import { readMailConfig, REPO_ROOT } from '../../lambdas/config';
import { browserUrl, LOOPBACK, localUrl } from './listen-address';
import { findRunningService, nameRunningService, type ServiceFile } from './running-service';

/** Where the local start's SES stand-in names its endpoint for the other commands. */
export const LOCAL_SES_DIR = path.join(REPO_ROOT, '.data', 'ses');

export interface SesStandIn {
  /** e.g. "http://127.0.0.1:8005" */
  endpoint: string;
  /** e.g. "http://localhost:8005/" (the endpoint's own address when it listens elsewhere than loopback) */
  inboxUrl: string;
  stop(): Promise<void>;
}

/** The file naming the endpoint of the stand-in another process runs for `stateDir` (infra/local/running-service.ts). */
const endpointFile = (stateDir: string): ServiceFile => ({ stateDir, file: 'endpoint.json' });

// From ESM the CommonJS module arrives whole: its `default` is the server factory (field notes).
type StartServer = (config?: { host?: string; port?: number }) => Promise<Server>;
const startServer: StartServer = ((sesLocal as unknown as { default?: StartServer }).default ?? (sesLocal as unknown as StartServer));

export const startSesStandIn = async (options: { port?: number; host?: string; stateDir?: string } = {}): Promise<SesStandIn> => {
  const host = options.host ?? LOOPBACK;
  const port = options.port ?? (await getPort({ port: 8005 }));
  const server = await startServer({ host, port });
  if (!server.listening) {
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
  }
  const actual = (server.address() as AddressInfo).port;
  const endpoint = localUrl(host, actual);
  const unname = options.stateDir === undefined ? () => undefined : nameRunningService(endpointFile(options.stateDir), endpoint);
  let stopped = false;
  return {
    endpoint,
    inboxUrl: `${browserUrl(host, actual)}/`,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      unname();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
};

/** The endpoint of a stand-in another process runs for `stateDir`, when it answers; else null. */
export const findRunningSesStandIn = (stateDir: string): Promise<string | null> =>
  findRunningService(endpointFile(stateDir), `/store?since=${Math.floor(Date.now() / 1000)}`);

/** The mail the stand-in holds (GET /store), optionally since an epoch second. */
export const readSesStore = async (endpoint: string, since?: number): Promise<SesStoredEmail[]> => {
  const response = await fetch(`${endpoint}/store${since === undefined ? '' : `?since=${since}`}`);
  if (!response.ok) throw new Error(`SES stand-in answered ${response.status} for /store`);
  return ((await response.json()) as { emails: SesStoredEmail[] }).emails;
};

/** One stored email as aws-ses-v2-local 2.10.2 keeps it. */
export interface SesStoredEmail {
  messageId: string;
  from: string;
  destination: { to: string[]; cc: string[]; bcc: string[] };
  subject: string;
  body: { html?: string; text?: string };
  headers?: { name: string; value: string }[];
  /** Epoch seconds. */
  at: number;
}

/**
 * The local start's stand-in: none when SES_ENDPOINT is configured (`env` laid over the process
 * environment, read by lambdas/config.ts readMailConfig); else one on `host` (LocalConfig.host), port
 * 8005 (or a free one), that names itself in `<dataDir>/../ses` (`.data/ses` for the default data folder; nothing
 * written when the data is in memory).
 */
export const startLocalSesStandIn = async (env: Record<string, string | undefined>, dataDir: string | null, host = LOOPBACK): Promise<SesStandIn | null> => {
  if (readMailConfig(undefined, env).sesEndpoint !== undefined) return null;
  return startSesStandIn({ host, ...(dataDir === null ? {} : { stateDir: path.join(path.dirname(path.resolve(dataDir)), 'ses') }) });
};
