/**
 * The load client of bench/mcp.ts, in its own process: connects the SDK's Streamable HTTP client
 * to the `/mcp` URL given as argument, warms up, then calls `search_jobs` once per query of a
 * list of distinct searches, one after another, timing each call (client side, request to parsed
 * answer). Prints one line of JSON: `{ "calls": n, "ms": [durations...], "errors": n }`.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const WORDS = ['engineer', 'research', 'python', 'sales', 'product', 'design', 'data', 'ml', 'infrastructure', 'security', 'frontend', 'backend', 'manager', 'recruiter', 'account', 'marketing', 'legal', 'finance', 'platform', 'scientist', 'applied', 'go', 'rust', 'kubernetes', 'gpu'];
const SENIORITY = [null, 'junior', 'mid', 'senior', 'staff', 'manager', 'director'];
const WORKPLACE = [null, 'remote', 'hybrid', 'onsite'];
const WARM_UP = 50;

/** Distinct `search_jobs` arguments: every word × seniority × workplace, on the first two pages. */
const queries = (): Record<string, unknown>[] =>
  WORDS.flatMap((word) =>
    SENIORITY.flatMap((seniority) =>
      WORKPLACE.map((workplace, at) => ({
        search: [word],
        ...(seniority === null ? {} : { seniority: [seniority] }),
        ...(workplace === null ? {} : { is_remote: [workplace] }),
        page: at % 2,
        page_size: 20,
      })),
    ),
  );

const main = async (): Promise<void> => {
  const url = new URL(process.argv[2] ?? 'http://localhost:3000/mcp');
  const client = new Client({ name: 'bench-mcp', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url));
  const all = queries();
  for (let at = 0; at < WARM_UP; at += 1) await client.callTool({ name: 'search_jobs', arguments: { search: [WORDS[at % WORDS.length]!], page: 3 } });
  const ms: number[] = [];
  let errors = 0;
  for (const args of all) {
    const started = performance.now();
    const result = await client.callTool({ name: 'search_jobs', arguments: args });
    ms.push(performance.now() - started);
    if (result.isError === true) errors += 1;
  }
  await client.close();
  process.stdout.write(`${JSON.stringify({ calls: ms.length, ms, errors })}\n`);
};

await main();
