/**
 * `npm run checks`: the static checks of `npm test` at once, as three child processes: lint,
 * type-check, and the SPA build followed by the CDK synth (`synth -- --bundle-once`; the
 * integration tests need the build). Each is mostly one thread, so on a 2-core machine running
 * them side by side takes about the time of the longest instead of their sum.
 *
 * Prints each one's output when it ends, with its duration, and a last line of JSON
 * `{ checks: [{ name, seconds, ok }], seconds }`; exits 1 when any failed (after all have ended).
 */
import { spawn } from 'node:child_process';

interface Check {
  name: string;
  /** npm scripts run one after the other. */
  scripts: string[][];
}

const CHECKS: readonly Check[] = [
  { name: 'lint', scripts: [['run', 'lint']] },
  { name: 'typecheck', scripts: [['run', 'typecheck']] },
  { name: 'build:web, synth', scripts: [['run', 'build:web'], ['run', 'synth', '--', '--bundle-once']] },
];

/** Runs one npm script, its stdout and stderr gathered into `output`; resolves to its exit code. */
const runScript = (args: string[], output: string[]): Promise<number> =>
  new Promise((resolve) => {
    const child = spawn('npm', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.on('error', (error) => {
      output.push(`${error.message}\n`);
      resolve(1);
    });
    child.on('close', (code) => resolve(code ?? 1));
  });

const runCheck = async (check: Check): Promise<{ name: string; seconds: number; ok: boolean }> => {
  const started = performance.now();
  const output: string[] = [];
  let ok = true;
  for (const args of check.scripts) {
    ok = (await runScript(args, output)) === 0;
    if (!ok) break;
  }
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  process.stdout.write(`\n── ${check.name}: ${ok ? 'ok' : 'FAILED'} in ${seconds} s\n${output.join('')}`);
  return { name: check.name, seconds, ok };
};

const started = performance.now();
const results = await Promise.all(CHECKS.map(runCheck));
console.log(JSON.stringify({ checks: results, seconds: Math.round((performance.now() - started) / 100) / 10 }));
process.exitCode = results.every((result) => result.ok) ? 0 : 1;
