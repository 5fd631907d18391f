/**
 * The MCP server as the ecosystem's own clients see it (issue 21), against the local product on
 * the shared seeded catalog (tests/support/product.ts), all offline from what `npm ci` installs:
 *
 * - the MCP Inspector's command line (`@modelcontextprotocol/inspector-cli`) lists the tools and
 *   calls each one over Streamable HTTP;
 * - the protocol's conformance suite (`@modelcontextprotocol/conformance`, which needs Node 22:
 *   run by the `node` package's binary, node_modules/.bin/node) passes the server scenarios that
 *   apply to a server of this kind: initialize, ping, tools list, DNS-rebinding protection;
 * - the desktop entry (bin/latent-jobs-mcp.js, stdio) driven by the SDK's stdio client answers
 *   the same tools as `/mcp`.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../lambdas/config';
import { MCP_TOOLS } from '../../lambdas/mcp/tool-catalog';
import type { LocalProduct } from '../../infra/local/server';
import { startTestProduct } from '../support/product';

const run = promisify(execFile);
const NODE_22 = path.join(REPO_ROOT, 'node_modules', 'node', 'bin', 'node');
const INSPECTOR_CLI = path.join(REPO_ROOT, 'node_modules', '@modelcontextprotocol', 'inspector-cli', 'build', 'index.js');
const CONFORMANCE = path.join(REPO_ROOT, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');

/** Arguments that make each tool answer (a Cohere job of the seeded catalog, found first). */
const goodArguments = (job: { company: string; slug: string }): Record<string, Record<string, unknown>> => ({
  search_jobs: { search: ['engineer'], page_size: 3 },
  get_job: { company: job.company, slug: job.slug, format: 'text' },
  similar_jobs: { company: job.company, slug: job.slug, limit: 3 },
  list_filters: {},
  search_companies: { text: 'co', page_size: 5 },
  get_company: { name: job.company, jobs_limit: 2 },
  coverage: {},
});

let product: LocalProduct;
let mcpUrl: string;
let job: { company: string; slug: string };

beforeAll(async () => {
  product = await startTestProduct({ MCP_REQUESTS_PER_MINUTE: '10000' });
  mcpUrl = new URL('/mcp', product.url).href;
  const client = new Client({ name: 'ecosystem-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(mcpUrl)));
  const found = await client.callTool({ name: 'search_jobs', arguments: { companies: ['Cohere'], page_size: 1 } });
  job = (found.structuredContent as { jobs: { company: string; slug: string }[] }).jobs[0]!;
  await client.close();
});

afterAll(async () => {
  await product?.stop();
});

describe('the MCP Inspector CLI', () => {
  // 1.0.3 looks for its package.json at "../package.json" from the working folder: run it in its own build folder.
  const inspect = async (...args: string[]) =>
    JSON.parse((await run(process.execPath, [INSPECTOR_CLI, mcpUrl, '--transport', 'http', ...args], { timeout: 60_000, cwd: path.dirname(INSPECTOR_CLI) })).stdout);

  it('lists every tool with its input and output schema', async () => {
    const listed = await inspect('--method', 'tools/list');
    expect(listed.tools.map((tool: { name: string }) => tool.name).sort()).toEqual(MCP_TOOLS.map((tool) => tool.name).sort());
    for (const tool of listed.tools) {
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema.type).toBe('object');
    }
  });

  it('calls each tool and gets structured content with its text', async () => {
    for (const [name, args] of Object.entries(goodArguments(job))) {
      const pairs = Object.entries(args).map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
      const result = await inspect('--method', 'tools/call', '--tool-name', name, ...(pairs.length === 0 ? [] : ['--tool-arg', ...pairs]));
      expect(result.isError ?? false, `${name}: ${JSON.stringify(result).slice(0, 300)}`).toBe(false);
      expect(typeof result.structuredContent).toBe('object');
      expect(result.content[0].text).toContain(JSON.stringify(result.structuredContent));
    }
  });
});

describe('the MCP conformance suite (Node 22)', () => {
  it.each(['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'])('passes %s', async (scenario) => {
    const { stdout } = await run(NODE_22, [CONFORMANCE, 'server', '--url', mcpUrl, '--scenario', scenario], { timeout: 90_000 }).catch((error: { stdout?: string; stderr?: string }) => {
      throw new Error(`conformance ${scenario} failed:\n${error.stdout ?? ''}\n${error.stderr ?? ''}`);
    });
    expect(stdout).toMatch(/Passed:\s*\d+\/\d+, 0 failed/);
  });
});

/** The SDK's stdio client on the desktop entry (`npx latent-jobs-mcp`) for the site at `siteUrl`. */
const stdioClient = async (siteUrl: string): Promise<Client> => {
  const stdio = new Client({ name: 'stdio-test', version: '1.0.0' });
  await stdio.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [path.join(REPO_ROOT, 'bin', 'latent-jobs-mcp.js')],
      env: { PATH: process.env.PATH ?? '', LATENT_JOBS_URL: siteUrl },
      cwd: REPO_ROOT,
      stderr: 'pipe',
    }),
  );
  return stdio;
};

describe('the desktop entry (stdio)', () => {
  it('serves the same tools and answers as /mcp', async () => {
    const stdio = await stdioClient(product.url);
    const http = new Client({ name: 'http-test', version: '1.0.0' });
    await http.connect(new StreamableHTTPClientTransport(new URL(mcpUrl)));
    try {
      expect((await stdio.listTools()).tools).toEqual((await http.listTools()).tools);
      const args = goodArguments(job);
      for (const name of ['search_jobs', 'get_job', 'get_company'] as const) {
        const [viaStdio, viaHttp] = await Promise.all([stdio.callTool({ name, arguments: args[name] }), http.callTool({ name, arguments: args[name] })]);
        expect(viaStdio.structuredContent).toEqual(viaHttp.structuredContent);
      }
      const bad = await stdio.callTool({ name: 'search_jobs', arguments: { page_size: 0 } });
      expect(bad.isError).toBe(true);
      expect(JSON.stringify(bad.content)).toMatch(/page_size/);
    } finally {
      await stdio.close();
      await http.close();
    }
  });

  it('answers initialize while the site is down, and says so on a call', async () => {
    const stdio = await stdioClient('http://127.0.0.1:9');
    try {
      expect(stdio.getServerVersion()?.name).toBe('latent-jobs');
      const result = await stdio.callTool({ name: 'coverage', arguments: {} });
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result.content)).toContain('http://127.0.0.1:9/mcp');
    } finally {
      await stdio.close();
    }
  });
});
