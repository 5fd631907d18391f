/**
 * `npm run synth`: synthesises every stage (dev, prod) offline into cdk.out/<stage>, in one
 * process through the same composeApp the CDK CLI runs (`npx cdk synth -c stage=...` gives the
 * same templates; in-process is about twice as fast: the CLI starts tsx and aws-cdk-lib once per
 * stage). Builds the SPA first when frontend/dist is missing.
 *
 * Fails (exit 1) when a stage does not synthesise, when cdk-nag or CloudFormation's validation
 * reports any finding nobody acknowledged, or when a function bundle does not export `handler`.
 * CloudFormation's own template validation (which catches dependency cycles) runs on prod only:
 * both stages build the same constructs, and it costs about 3 s a stage.
 *
 * `--bundle-once` (what `npm test` runs): the functions are bundled for the first stage only and
 * the other stages are synthesised with bundling skipped (CDK's `aws:cdk:bundling-stacks`
 * context): the bundles do not depend on the stage (service-function.ts), and bundling was most
 * of each stage's time. Their cdk.out folders then hold placeholder assets; deploys synthesise
 * anew (`npx cdk deploy`), so they do not use them.
 *
 * Prints one line per stage and ends with one JSON line: { stages: [{ stage, seconds }], seconds }.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { composeApp } from './compose';
import { REPO_ROOT } from './constructs/service-function';
import { STAGE_NAMES } from './stage';

interface Violation {
  ruleName: string;
  severity: string;
  description: string;
  violatingConstructs: { constructPath: string }[];
}

/** Unacknowledged findings of every validation plugin, from an assembly's report. */
const readViolations = (outdir: string): string[] => {
  const file = path.join(outdir, 'validation-report.json');
  if (!existsSync(file)) return [];
  const report = JSON.parse(readFileSync(file, 'utf8')) as { pluginReports: { pluginName: string; violations: Violation[] }[] };
  return report.pluginReports.flatMap((plugin) =>
    plugin.violations.flatMap((violation) =>
      violation.violatingConstructs.map(
        (where) => `${violation.severity.toUpperCase()} ${plugin.pluginName} ${violation.ruleName} at ${where.constructPath}: ${violation.description}`,
      ),
    ),
  );
};

/** Imports each bundled function (asset folders holding index.mjs) in a fresh Node process. */
const checkBundles = (outdir: string): string[] => {
  const bundles = readdirSync(outdir)
    .map((name) => path.join(outdir, name, 'index.mjs'))
    .filter((file) => existsSync(file));
  return bundles.flatMap((file) => {
    const probe = `const m = await import(${JSON.stringify(file)}); if (typeof m.handler !== 'function') { console.error('no handler export'); process.exit(1); }`;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', probe], { encoding: 'utf8' });
    return result.status === 0 ? [] : [`bundle ${file} does not load: ${result.stderr.trim()}`];
  });
};

const main = (args: readonly string[]): number => {
  const bundleOnce = args.includes('--bundle-once');
  const started = performance.now();
  if (!existsSync(path.join(REPO_ROOT, 'frontend', 'dist', 'index.html'))) {
    console.log('frontend/dist is missing: building the SPA (npm run build:web)');
    const build = spawnSync('npm', ['run', 'build:web'], { cwd: REPO_ROOT, stdio: 'inherit' });
    if (build.status !== 0) return 1;
  }
  const stages: { stage: string; seconds: number }[] = [];
  let failed = false;
  for (const stage of STAGE_NAMES) {
    const stageStarted = performance.now();
    const outdir = path.join(REPO_ROOT, 'cdk.out', stage);
    rmSync(outdir, { recursive: true, force: true });
    const skipBundling = bundleOnce && stage !== STAGE_NAMES[0];
    const app = new App({ outdir, context: { stage, ...(skipBundling ? { 'aws:cdk:bundling-stacks': [] } : {}) }, builtinCloudFormationValidation: stage === 'prod' });
    let problems: string[] = [];
    try {
      composeApp(app);
      app.synth();
    } catch (error) {
      problems.push(`synth failed: ${(error as Error).message}`);
    }
    problems = [...problems, ...readViolations(outdir)];
    if (stage === STAGE_NAMES[0] && problems.length === 0) problems = checkBundles(outdir);
    const seconds = Math.round((performance.now() - stageStarted) / 100) / 10;
    stages.push({ stage, seconds });
    console.log(`${stage}: ${problems.length === 0 ? 'ok' : 'FAILED'} in ${seconds} s -> ${path.relative(REPO_ROOT, outdir)}${skipBundling ? ' (bundling skipped)' : ''}`);
    for (const problem of problems) console.log(`  ${problem}`);
    failed ||= problems.length > 0;
  }
  console.log(JSON.stringify({ stages, seconds: Math.round((performance.now() - started) / 100) / 10 }));
  return failed ? 1 : 0;
};

process.exitCode = main(process.argv.slice(2));
