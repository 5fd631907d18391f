/**
 * `npm start`: the whole product on this machine (see server.ts): DynamoDB Local, tables, the
 * seed on first run, the web app built when needed, the API under /api and the site on one
 * port (PORT, default 3000). Prints the URL and what it started; Ctrl-C (or SIGTERM) stops
 * everything it started.
 *
 * Options: `--data-dir DIR` keeps DynamoDB Local's data in DIR instead of .data/dynamodb;
 * `--in-memory` keeps it in memory (seeded afresh, gone on exit).
 */
import './sdk-notices';
import { parseArgs } from 'node:util';
import { startLocalProduct } from './server';

const started = performance.now();
const { values: args } = parseArgs({ options: { 'data-dir': { type: 'string' }, 'in-memory': { type: 'boolean' } } });
const dataDir = args['in-memory'] ? null : args['data-dir'];
const onListening = (url: string) => console.log(`Serving ${url} (the data is still loading)...`);
const product = await startLocalProduct({ ...(dataDir === undefined ? {} : { dataDir }), onListening }).catch((error: unknown) => {
  console.error(`Could not start Latent Jobs: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

for (const note of product.notes) console.log(`  ${note}`);
console.log(`  Start-up steps (ms): ${Object.entries(product.timings).map(([step, ms]) => `${step} ${ms}`).join(', ')}`);
console.log(`\nLatent Jobs is running at ${product.url} (ready in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
console.log(`  API: ${product.url}api/jobs (POST), ${product.url}api/companies/, ${product.url}api/departments`);
console.log('  Press Ctrl-C to stop.');

let stopping = false;
const shutdown = (signal: NodeJS.Signals) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping...`);
  product.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
