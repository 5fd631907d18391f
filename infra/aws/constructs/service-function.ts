/**
 * One Lambda function of the product, the way every function here is built: its TypeScript
 * entry bundled by local esbuild (no Docker) into one minified ESM file, Node.js 22 on arm64,
 * X-Ray tracing, its own log group with the stage's retention, and its own role that starts
 * with nothing but writing to that log group. Callers add exactly the access it needs (e.g.
 * `Data.grantRead`). Used by the API now; the crawler and alerts constructs reuse it.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Validations } from 'aws-cdk-lib';
import type { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';

/** The repository root (this file lives in infra/aws/constructs/). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/**
 * ESM bundles that contain CommonJS dependencies (the AWS SDK) call `require` for Node built-ins;
 * without this banner the first SDK call fails with "Dynamic require of node:https".
 */
export const ESM_REQUIRE_BANNER = "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);";

/**
 * Packages every bundle gets in a leaner form (infra/aws/bundle/, each file says what it leaves
 * out and why): zod without its message catalogues (46 KB gzipped per function), the AWS SDK's
 * credential chain cut to the environment variables Lambda sets (about 38 KB gzipped per
 * function), react-dom's streaming renderer without the legacy one, nothing for the prettier
 * and html-to-text code @react-email/render loads but never runs here; and axios (the
 * `contentful` SDK's HTTP client) in its own fetch build, dist/esm/axios.js (what its
 * package.json gives browsers: the `fetch` adapter on Node's global fetch, without the `http`
 * adapter's follow-redirects, proxy-from-env and form-data with mime-db; about 44 KB gzipped).
 */
export const BUNDLE_ALIASES: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    Object.entries({
      zod: 'zod-without-locales.ts',
      '@aws-sdk/credential-provider-node': 'credentials-from-environment.ts',
      'react-dom/server': 'react-dom-server-streaming.ts',
      'prettier/standalone': 'react-email-unused.ts',
      'prettier/plugins/html': 'react-email-unused.ts',
      'html-to-text': 'react-email-unused.ts',
    }).map(([name, file]) => [name, path.join(REPO_ROOT, 'infra', 'aws', 'bundle', file)]),
  ),
  axios: path.join(REPO_ROOT, 'node_modules', 'axios', 'dist', 'esm', 'axios.js'),
  // zod's subpath entry points as they are (the MCP SDK imports zod/v3, zod/v4, zod/v4-mini and
  // zod/v4/core): the alias of `zod` above would otherwise send them below its file.
  ...Object.fromEntries(['v3', 'v4', 'v4-mini', 'v4/core'].map((entry) => [`zod/${entry}`, path.join(REPO_ROOT, 'node_modules', 'zod', entry, 'index.js')])),
};

export interface ServiceFunctionProps {
  /** Entry file relative to the repository root, exporting `handler`. */
  entry: string;
  description: string;
  memorySize: number;
  timeout: Duration;
  environment: Record<string, string>;
  logRetention: RetentionDays;
  removalPolicy: RemovalPolicy;
  /** Folders (relative to the repository root) copied into the bundle, e.g. data files the code reads at run time. */
  copyIntoBundle?: readonly { from: string; to: string }[];
  /** Instruction set (default arm64); x86_64 for a dependency built only for it (@sparticuz/chromium). */
  architecture?: Architecture;
  /**
   * Packages left out of the bundle and shipped beside it as files in `node_modules/` with their
   * dependencies, copied from the installed tree (package-lock.json's versions; no npm install,
   * so synth stays offline): for packages that read their own files at run time.
   */
  nodeModules?: readonly string[];
  /**
   * This function's own esbuild aliases on top of BUNDLE_ALIASES: package name → file in
   * infra/aws/bundle/ standing in for a package its code loads but never runs (the file says why).
   */
  bundleAliases?: Readonly<Record<string, string>>;
  /**
   * Files made at synth time and written into the bundle: path in the bundle → a function
   * returning the file's text (e.g. data rendered from the repository's sources).
   */
  bundleFiles?: Readonly<Record<string, () => string>>;
}

/**
 * Writes `text` to a file of its own under the temporary folder, named by its SHA-256 (one file
 * however often synth runs), and returns that file's absolute path.
 */
const stageFile = (text: string): string => {
  const file = path.join(tmpdir(), 'latent-jobs-bundle-files', createHash('sha256').update(text).digest('hex'));
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
};

/**
 * The installed packages `packages` need at run time: themselves and everything they depend on
 * (dependencies, and optional ones that are installed), resolved as Node does (the package's own
 * node_modules first, then upwards). Returns top-level folder names under node_modules to copy;
 * nested node_modules travel inside their parent's folder. @throws for a package not installed.
 */
export const dependencyClosure = (packages: readonly string[], root = REPO_ROOT): string[] => {
  const top = path.join(root, 'node_modules');
  const seen = new Set<string>();
  const resolve = (name: string, from: string): string | null => {
    for (let dir = from; ; dir = path.dirname(dir)) {
      const candidate = path.join(dir, 'node_modules', name);
      if (existsSync(path.join(candidate, 'package.json'))) return candidate;
      if (dir === root || dir === path.dirname(dir)) return null;
    }
  };
  const visit = (name: string, from: string, optional: boolean) => {
    const folder = resolve(name, from);
    if (folder === null) {
      if (optional) return;
      throw new Error(`${name} is not installed in node_modules`);
    }
    if (seen.has(folder)) return;
    seen.add(folder);
    const json = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8')) as { dependencies?: Record<string, string>; optionalDependencies?: Record<string, string> };
    for (const dependency of Object.keys(json.dependencies ?? {})) visit(dependency, folder, false);
    for (const dependency of Object.keys(json.optionalDependencies ?? {})) visit(dependency, folder, true);
  };
  for (const name of packages) visit(name, root, false);
  return [...seen]
    .map((folder) => path.relative(top, folder))
    .filter((relative) => !relative.includes(`${path.sep}node_modules${path.sep}`))
    .sort();
};

/**
 * The function's name in its logs, traces and metrics (Powertools' POWERTOOLS_SERVICE_NAME):
 * its construct's parent and own id in kebab case, e.g. "api-jobs", "crawler-json-worker".
 */
export const serviceNameOf = (parentId: string, id: string): string =>
  `${parentId}-${id.replace(/Function$/, '')}`
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();

export class ServiceFunction extends Construct {
  readonly fn: NodejsFunction;
  readonly role: Role;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: ServiceFunctionProps) {
    super(scope, id);
    this.logGroup = new LogGroup(this, 'Logs', { retention: props.logRetention, removalPolicy: props.removalPolicy });
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs ${props.description}`,
    });
    // In place of the AWS-managed AWSLambdaBasicExecutionRole: this function's log group only.
    this.role.addToPolicy(
      new PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [this.logGroup.logGroupArn] }),
    );
    const copies = [
      ...(props.copyIntoBundle ?? []),
      ...dependencyClosure(props.nodeModules ?? []).map((name) => ({ from: `node_modules/${name}`, to: `node_modules/${name}` })),
    ];
    // Made only when the bundle is built (synth skips bundling for stacks it does not bundle).
    const bundleFiles = Object.entries(props.bundleFiles ?? {});
    const made = () => bundleFiles.map(([to, text]) => ({ from: stageFile(text()), to }));
    const aliases = {
      ...BUNDLE_ALIASES,
      ...Object.fromEntries(Object.entries(props.bundleAliases ?? {}).map(([name, file]) => [name, path.join(REPO_ROOT, 'infra', 'aws', 'bundle', file)])),
    };
    this.fn = new NodejsFunction(this, 'Function', {
      entry: path.join(REPO_ROOT, props.entry),
      handler: 'handler',
      projectRoot: REPO_ROOT,
      depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
      description: props.description,
      runtime: Runtime.NODEJS_22_X,
      architecture: props.architecture ?? Architecture.ARM_64,
      memorySize: props.memorySize,
      timeout: props.timeout,
      tracing: Tracing.ACTIVE,
      role: this.role,
      logGroup: this.logGroup,
      environment: { POWERTOOLS_SERVICE_NAME: serviceNameOf(scope.node.id, id), ...props.environment, NODE_OPTIONS: '--enable-source-maps' },
      bundling: {
        format: OutputFormat.ESM,
        target: 'node22',
        mainFields: ['module', 'main'],
        banner: ESM_REQUIRE_BANNER,
        esbuildArgs: {
          ...Object.fromEntries(Object.entries(aliases).map(([name, file]) => [`--alias:${name}`, file])),
          // Node.js 22 has \p{...} in regexes, but esbuild's node22 target would still rewrite each
          // such literal into `new RegExp(...)` where it stands: compiled again on every call of a function.
          '--supported:regexp-unicode-property-escapes': 'true',
        },
        // Production builds of dependencies that choose by NODE_ENV (react, react-dom): the
        // development ones are larger and slower, and Lambda sets no NODE_ENV.
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        minify: true,
        sourceMap: true,
        sourcesContent: false,
        // Bundle the AWS SDK too: the deployed code runs the version package-lock.json pins,
        // not whatever the runtime happens to ship.
        externalModules: [...(props.nodeModules ?? [])],
        forceDockerBundling: false,
        ...(copies.length + bundleFiles.length > 0
          ? {
              commandHooks: {
                beforeBundling: () => [],
                beforeInstall: () => [],
                afterBundling: (inputDir: string, outputDir: string) =>
                  [...copies, ...made()].map(({ from, to }) => `mkdir -p "${path.dirname(path.join(outputDir, to))}" && cp -R "${path.resolve(inputDir, from)}" "${path.join(outputDir, to)}"`),
              },
            }
          : {}),
      },
    });
    Validations.of(this.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'X-Ray tracing: xray:PutTraceSegments and xray:PutTelemetryRecords support no resource-level permissions.',
    });
    const runtimeReason =
      'Node.js 22 is the runtime the product targets (issue 7): the code is developed on Node 20 and must run on both; moving to Node 24 is a deliberate upgrade, not a default.';
    Validations.of(this.fn).acknowledge({ id: 'AwsSolutions-L1', reason: runtimeReason });
    Validations.of(this.fn).acknowledge({ id: 'Serverless-LambdaLatestVersion', reason: runtimeReason });
  }
}
