/**
 * Invokes one function bundle of the synthesized assembly as the Lambda Node.js runtime does: a
 * fresh Node process whose working directory is the bundle's folder (LAMBDA_TASK_ROOT), the
 * runtime's own environment variables plus the function's, the V8 heap limits the runtime sets
 * for the function's memory, `import()` of `index.mjs`, then its exported `handler(event, context)`
 * once. Module state never leaks between functions.
 *
 * `invokeBundle({ dir, environment, event, ... })` → `{ result, logs, usage }`: the handler's
 * answer (JSON), what the process wrote, and what the process spent from the start of the import
 * to the answer (Lambda's init plus the invocation: wall ms; CPU ms of the whole process, user +
 * system; peak RSS in MB). @throws Error naming the bundle and the process's output when the
 * import or the handler throws, or the process ends without an answer.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

/** The line the child prints its handler's answer on, last. */
const ANSWER_MARK = '@@bundle-answer@@';

// Runs inside the child. The context carries the fields the Lambda runtime passes
// (https://docs.aws.amazon.com/lambda/latest/dg/nodejs-context.html).
const CHILD = `
import { pathToFileURL } from 'node:url';
const input = JSON.parse(await new Promise((resolve) => { let text = ''; process.stdin.on('data', (c) => (text += c)); process.stdin.on('end', () => resolve(text)); }));
const started = Date.now();
const importedAt = performance.now();
const context = {
  callbackWaitsForEmptyEventLoop: true,
  functionName: process.env.AWS_LAMBDA_FUNCTION_NAME,
  functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:' + process.env.AWS_REGION + ':000000000000:function:' + process.env.AWS_LAMBDA_FUNCTION_NAME,
  memoryLimitInMB: process.env.AWS_LAMBDA_FUNCTION_MEMORY_SIZE,
  awsRequestId: 'c6af9ac6-7b61-11e6-9a41-93e812345678',
  logGroupName: process.env.AWS_LAMBDA_LOG_GROUP_NAME,
  logStreamName: process.env.AWS_LAMBDA_LOG_STREAM_NAME,
  getRemainingTimeInMillis: () => Math.max(0, input.timeoutMs - (Date.now() - started)),
  done() {}, fail() {}, succeed() {},
};
const module = await import(pathToFileURL(process.cwd() + '/index.mjs').href);
const result = await module.handler(input.event, context);
const cpu = process.cpuUsage();
const usage = { wall_ms: Math.round(performance.now() - importedAt), cpu_ms: Math.round((cpu.user + cpu.system) / 1000), peak_rss_mb: Math.round(process.resourceUsage().maxRSS / 1024) };
process.stdout.write('\\n${ANSWER_MARK}' + JSON.stringify({ result: result ?? null, usage }) + '\\n');
process.exit(0);
`;

export interface BundleInvocation {
  /** The asset folder holding index.mjs. */
  dir: string;
  /** The function's environment (template values with the local stand-ins put in). */
  environment: Record<string, string>;
  event: unknown;
  /** The function's timeout (template), in ms. */
  timeoutMs: number;
  memoryMb: number;
  name: string;
  /** The handler setting, e.g. "index.handler". */
  handler: string;
  /** A command the Node process is started through, e.g. `['taskset', '-c', '0']` to pin it to one core as one vCPU. */
  wrapper?: readonly string[];
}

/** What the function's process spent from the import of its bundle to the handler's answer. */
export interface BundleUsage {
  wall_ms: number;
  /** CPU time of the whole process (user + system), its start included. */
  cpu_ms: number;
  peak_rss_mb: number;
}

/**
 * The V8 heap limits AWS Lambda's Node.js runtime gives a function of `memoryMb` (its bootstrap,
 * /var/runtime/bootstrap: a tenth of the memory is new space, in two semi-spaces; the rest old space).
 */
export const lambdaHeapArgs = (memoryMb: number): string[] => [`--max-semi-space-size=${Math.floor(memoryMb / 10 / 2)}`, `--max-old-space-size=${memoryMb - Math.floor(memoryMb / 10)}`];

/** The variables the Lambda runtime sets for every function (docs: "Defined runtime environment variables"). */
const runtimeEnvironment = (invocation: BundleInvocation): Record<string, string> => ({
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  LANG: 'en_US.UTF-8',
  TZ: ':UTC',
  LAMBDA_TASK_ROOT: invocation.dir,
  LAMBDA_RUNTIME_DIR: invocation.dir,
  _HANDLER: invocation.handler,
  AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
  AWS_REGION: 'us-east-1',
  AWS_DEFAULT_REGION: 'us-east-1',
  AWS_LAMBDA_FUNCTION_NAME: invocation.name,
  AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
  AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(invocation.memoryMb),
  AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
  AWS_LAMBDA_LOG_GROUP_NAME: `/aws/lambda/${invocation.name}`,
  AWS_LAMBDA_LOG_STREAM_NAME: '2026/11/24/[$LATEST]bundles',
  // The role's temporary credentials; DynamoDB Local and the SES stand-in accept any.
  AWS_ACCESS_KEY_ID: 'ASIABUNDLETEST',
  AWS_SECRET_ACCESS_KEY: 'bundle-test-secret',
  AWS_SESSION_TOKEN: 'bundle-test-session',
  // Active tracing: the trace header of the invocation and the daemon's UDP address (nothing
  // listens; segments are dropped as they would be without the daemon).
  _X_AMZN_TRACE_ID: 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1',
  AWS_XRAY_DAEMON_ADDRESS: '127.0.0.1:2000',
  AWS_XRAY_CONTEXT_MISSING: 'LOG_ERROR',
});

export const invokeBundle = (invocation: BundleInvocation): Promise<{ result: unknown; logs: string; usage: BundleUsage }> =>
  new Promise((resolve, reject) => {
    const [command, ...args] = [...(invocation.wrapper ?? []), process.execPath, ...lambdaHeapArgs(invocation.memoryMb), '--input-type=module', '-e', CHILD];
    const child = spawn(command!, args, {
      cwd: invocation.dir,
      env: { ...runtimeEnvironment(invocation), ...invocation.environment },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), invocation.timeoutMs + 5_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      const at = out.lastIndexOf(ANSWER_MARK);
      if (code !== 0 || at < 0) {
        reject(new Error(`${invocation.name} (${path.basename(invocation.dir)}) ended with code ${code} and no answer:\n${out.slice(-4000)}`));
        return;
      }
      const { result, usage } = JSON.parse(out.slice(at + ANSWER_MARK.length).trim()) as { result: unknown; usage: BundleUsage };
      resolve({ result, logs: out.slice(0, at), usage });
    });
    child.stdin.end(JSON.stringify({ event: invocation.event, timeoutMs: invocation.timeoutMs }));
  });
