/**
 * The desktop entry of the MCP server (issue 21): an MCP server on stdio for clients that do not
 * speak HTTP, proxying the tools of a Latent Jobs site's `/mcp` (the same tools, schemas and
 * answers: it forwards `tools/list` and `tools/call` with the SDK's Streamable HTTP client).
 *
 * `npm run mcp` or `npx latent-jobs-mcp` (bin/latent-jobs-mcp.js) from the repository; settings
 * in lambdas/config.ts `readMcpClientConfig` (LATENT_JOBS_URL, default the local product;
 * LATENT_JOBS_TOKEN, a Cognito ID token for the signed-in tools).
 *
 * `startStdioProxy(config, streams?)` → the running proxy (`close()`). The site is reached on the
 * first request, not at start, so a client's `initialize` answers even while the site is down;
 * a call the site cannot answer (down, 401 without a token, 429) is a tool error saying why.
 * Logs go to stderr only: stdout carries the protocol.
 */
import type { Readable, Writable } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { McpClientConfig } from '../../lambdas/config';
import { MCP_INSTRUCTIONS, MCP_SERVER_INFO } from '../../lambdas/mcp/tool-catalog';

export interface StdioProxy {
  close(): Promise<void>;
}

/** Why a call to the site failed, for the tool error an agent reads. */
const failure = (endpoint: URL, error: unknown): CallToolResult => {
  const message = error instanceof Error ? error.message : String(error);
  const hint = /\b401\b|unauthori[sz]ed/i.test(message) ? ' Sign in: set LATENT_JOBS_TOKEN to a Latent Jobs ID token.' : '';
  return { content: [{ type: 'text', text: `The Latent Jobs site at ${endpoint.href} did not answer the call: ${message}.${hint}` }], isError: true };
};

export const startStdioProxy = async (config: McpClientConfig, streams: { stdin?: Readable; stdout?: Writable } = {}): Promise<StdioProxy> => {
  let remote: Promise<Client> | null = null;
  // One connection to the site, made on first use and made again after a failure.
  const site = (): Promise<Client> => {
    remote ??= (async () => {
      const client = new Client({ name: 'latent-jobs-mcp', version: MCP_SERVER_INFO.version });
      const headers: Record<string, string> = config.token === null ? {} : { authorization: `Bearer ${config.token}` };
      await client.connect(new StreamableHTTPClientTransport(config.endpoint, { requestInit: { headers } }));
      return client;
    })();
    remote.catch(() => {
      remote = null;
    });
    return remote;
  };
  const server = new Server(MCP_SERVER_INFO, { capabilities: { tools: {} }, instructions: MCP_INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, async (request) => (await site()).listTools(request.params));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    try {
      return (await (await site()).callTool(request.params)) as CallToolResult;
    } catch (error) {
      return failure(config.endpoint, error);
    }
  });
  await server.connect(new StdioServerTransport(streams.stdin, streams.stdout));
  return {
    close: async () => {
      await server.close();
      await (await remote?.catch(() => null))?.close();
    },
  };
};
