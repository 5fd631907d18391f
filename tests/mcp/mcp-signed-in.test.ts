/**
 * The MCP server's signed-in tools (issue 21) as a subscriber's agent meets them: the local
 * stand-in for API Gateway (infra/local/http-adapter.ts) in front of the real MCP and users
 * functions, on tables of their own in DynamoDB Local, with tokens from a stand-in Cognito issuer
 * (tests/auth/test-issuer.ts). Without a token, with a bad one, with another user's and with
 * the owner's. The jobs are real captured postings (shared/search/real-job-summaries.fixture.ts).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpAdapter, type V2Handler } from '../../infra/local/http-adapter';
import { createJwtAuthorizer } from '../../lambdas/auth/jwt-authorizer';
import { readMcpConfig } from '../../lambdas/config';
import { createMcpHandler } from '../../lambdas/functions/mcp';
import { createUsersHandler } from '../../lambdas/functions/users';
import { SIGNED_IN_TOOLS } from '../../lambdas/mcp/tool-catalog';
import { ROUTES, type FunctionName } from '../../lambdas/http/routes';
import { NO_SUCH_SAVED_SEARCH_MESSAGE } from '../../shared/alerts/saved-search';
import { createJobIndex } from '../../shared/search/job-index';
import { REAL_SUMMARIES } from '../../shared/search/real-job-summaries.fixture';
import { InMemoryJobRepository } from '../support/in-memory-ports';
import { isolatedCatalog, type IsolatedCatalog } from '../support/dynamodb';
import { startTestIssuer, type TestIssuer } from '../auth/test-issuer';

let own: IsolatedCatalog;
let issuer: TestIssuer;
let server: Server;
let site: string;

const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
const index = createJobIndex(REAL_SUMMARIES.map((summary) => ({ ...summary, first_seen_at: hourAgo })));

beforeAll(async () => {
  [own, issuer] = await Promise.all([isolatedCatalog(), startTestIssuer()]);
  const auth = { issuer: issuer.issuer, clientId: issuer.clientId, jwksUrl: issuer.jwksUrl };
  const clock = () => new Date();
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const users = createUsersHandler(
    {
      users: own.storage.users,
      clock,
      savedSearches: own.storage.savedSearches,
      siteUrl: site,
      recentIndex: async () => index,
      authSettings: { configured: true, region: 'us-east-1', userPoolId: issuer.userPoolId, userPoolClientId: issuer.clientId, oauthDomain: null, userPoolEndpoint: null },
    },
    { logger: () => undefined },
  );
  const mcp = createMcpHandler(
    {
      jobs: new InMemoryJobRepository(),
      companies: own.storage.companies,
      searchIndex: async () => index,
      coverage: async () => {
        throw new Error('not used here');
      },
      clock,
      savedSearches: own.storage.savedSearches,
      users: own.storage.users,
      config: readMcpConfig({}, { SITE_URL: site }),
      auth,
      behindCloudFront: false,
      limiter: null,
    },
    { logger: () => undefined },
  );
  const functions = Object.fromEntries(ROUTES.map((route) => [route.fn, async () => ({})])) as unknown as Record<FunctionName, V2Handler>;
  server.on('request', createHttpAdapter({ staticDir: '/nonexistent', logger: () => undefined, authorize: createJwtAuthorizer(auth), functions: { ...functions, users, mcp } }));
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await issuer?.stop();
  await own?.drop();
});

/** A subscriber with an account (POST /users), and their ID token. */
const signUp = async (id: string): Promise<string> => {
  const token = await issuer.mint({ sub: `sub-${id}`, email: `${id}@example.com`, name: `Person ${id}` });
  const response = await fetch(`${site}/api/users`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return token;
};

const connect = async (token?: string): Promise<Client> => {
  const client = new Client({ name: 'signed-in-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', site), { requestInit: { headers: token === undefined ? {} : { authorization: `Bearer ${token}` } } }));
  return client;
};

/** One raw JSON-RPC tools/call, for the HTTP status and headers. */
const rawCall = (name: string, args: object, authorization?: string) =>
  fetch(`${site}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(authorization === undefined ? {} : { authorization }) },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  });

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
const structured = (result: CallToolResult): any => {
  expect(result.isError ?? false, JSON.stringify(result.content).slice(0, 300)).toBe(false);
  return result.structuredContent;
};

const errorText = (result: CallToolResult): string => {
  expect(result.isError).toBe(true);
  return (result.content[0] as { text: string }).text;
};

describe('the signed-in MCP tools', () => {
  it('are listed to anyone, and refused with 401 and the protected-resource metadata without a token', async () => {
    const anonymous = await connect();
    const { tools } = await anonymous.listTools();
    expect(tools.filter((tool) => SIGNED_IN_TOOLS.has(tool.name)).map((tool) => tool.name).sort()).toEqual([...SIGNED_IN_TOOLS].sort());
    // Public tools need no token.
    expect(structured((await anonymous.callTool({ name: 'search_jobs', arguments: { page_size: 1 } })) as CallToolResult).count).toBe(REAL_SUMMARIES.length);
    await anonymous.close();

    for (const name of SIGNED_IN_TOOLS) {
      const response = await rawCall(name, {});
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${site}/.well-known/oauth-protected-resource/mcp"`);
    }
    const metadata = await (await fetch(`${site}/.well-known/oauth-protected-resource/mcp`)).json();
    expect(metadata).toMatchObject({ resource: `${site}/mcp`, authorization_servers: [issuer.issuer] });
  });

  it('refuses a token that is not valid (another key, expired, an access token) with 401 invalid_token', async () => {
    const tokens = [
      await issuer.mint({ sub: 'sub-x', email: 'x@example.com' }, { foreignKey: true }),
      await issuer.mint({ sub: 'sub-x', email: 'x@example.com' }, { expiresIn: -60 }),
      await issuer.mint({ sub: 'sub-x', email: 'x@example.com' }, { tokenUse: 'access' }),
    ];
    for (const token of tokens) {
      const response = await rawCall('list_saved_searches', {}, `Bearer ${token}`);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token", resource_metadata=/);
    }
  });

  it('lets the owner create, list, pause and delete a saved search, and nobody else touch it', async () => {
    const [ada, bob] = await Promise.all([signUp('ada'), signUp('bob')]);
    const owner = await connect(ada);
    const other = await connect(bob);
    try {
      const created = structured(
        (await owner.callTool({ name: 'create_saved_search', arguments: { name: 'Engineering, remote', search: { departments: ['Engineering'], is_remote: ['remote'], page_size: 5 }, frequency: 'weekly' } })) as CallToolResult,
      ).search;
      expect(created).toMatchObject({ name: 'Engineering, remote', search: { departments: ['Engineering'], is_remote: ['remote'] }, frequency: 'weekly', paused: false });
      expect(created.feed.rss.startsWith(`${site}/`)).toBe(true);
      expect(structured((await owner.callTool({ name: 'list_saved_searches', arguments: {} })) as CallToolResult).searches.map((search: { id: string }) => search.id)).toEqual([created.id]);

      // Another user sees none of it and cannot pause or delete it: answered as an unknown id.
      expect(structured((await other.callTool({ name: 'list_saved_searches', arguments: {} })) as CallToolResult).searches).toEqual([]);
      expect(errorText((await other.callTool({ name: 'pause_saved_search', arguments: { id: created.id } })) as CallToolResult)).toBe(NO_SUCH_SAVED_SEARCH_MESSAGE);
      expect(errorText((await other.callTool({ name: 'delete_saved_search', arguments: { id: created.id } })) as CallToolResult)).toBe(NO_SUCH_SAVED_SEARCH_MESSAGE);

      expect(structured((await owner.callTool({ name: 'pause_saved_search', arguments: { id: created.id } })) as CallToolResult).search.paused).toBe(true);
      expect(structured((await owner.callTool({ name: 'pause_saved_search', arguments: { id: created.id, paused: false } })) as CallToolResult).search.paused).toBe(false);
      expect(errorText((await owner.callTool({ name: 'create_saved_search', arguments: { name: '', search: {} } })) as CallToolResult)).toMatch(/name/);
      expect(errorText((await owner.callTool({ name: 'create_saved_search', arguments: { name: 'Bad', search: { seniority: ['wizard'] } } })) as CallToolResult)).toMatch(/seniority/);
      expect(structured((await owner.callTool({ name: 'delete_saved_search', arguments: { id: created.id } })) as CallToolResult)).toEqual({ deleted: created.id });
      expect(structured((await owner.callTool({ name: 'list_saved_searches', arguments: {} })) as CallToolResult).searches).toEqual([]);
    } finally {
      await owner.close();
      await other.close();
    }
  });
});
