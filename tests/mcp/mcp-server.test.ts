/**
 * `/mcp` end to end (issue 21): the local product on the shared seeded catalog
 * (tests/support/product.ts) driven by the SDK's `Client` over Streamable HTTP, its answers
 * compared with the HTTP API's for the same question, every tool called with good and bad
 * arguments; the HTTP edges (405, protected-resource metadata, Host and Origin checks) with
 * plain requests; the per-client limit on tables of its own.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMcpConfig } from '../../lambdas/config';
import { createMcpHandler, mcpDepsFromStorage } from '../../lambdas/functions/mcp';
import { DATA_NOTE, MCP_TOOLS, SIGNED_IN_TOOLS } from '../../lambdas/mcp/tool-catalog';
import { DynamoRateLimiter } from '../../lambdas/storage/rate-limits';
import type { LocalProduct } from '../../infra/local/server';
import { isolatedCatalog } from '../support/dynamodb';
import { startTestProduct } from '../support/product';
import { sampleEvent } from '../support/sample-event';

let product: LocalProduct;
let client: Client;

beforeAll(async () => {
  product = await startTestProduct({ MCP_REQUESTS_PER_MINUTE: '10000' });
  client = new Client({ name: 'mcp-server-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', product.url)));
});

afterAll(async () => {
  await client?.close();
  await product?.stop();
});

const api = async (path: string, body?: object) => {
  const response = await fetch(new URL(`/api${path}`, product.url), body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.status).toBe(200);
  return response.json();
};

const call = async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallToolResult;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
const structured = async (name: string, args: Record<string, unknown>): Promise<any> => {
  const result = await call(name, args);
  expect(result.isError ?? false, JSON.stringify(result.content).slice(0, 300)).toBe(false);
  return result.structuredContent;
};

const errorText = async (name: string, args: Record<string, unknown>): Promise<string> => {
  const result = await call(name, args);
  expect(result.isError).toBe(true);
  return (result.content[0] as { text: string }).text;
};

describe('the tools', () => {
  it('are listed with a description that says crawled text is data, and input and output schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(MCP_TOOLS.map((tool) => tool.name).sort());
    for (const tool of tools) {
      expect(tool.description).toContain(DATA_NOTE);
      expect(tool.outputSchema?.type).toBe('object');
      if (!SIGNED_IN_TOOLS.has(tool.name)) expect(tool.annotations?.readOnlyHint).toBe(true);
    }
    const search = tools.find((tool) => tool.name === 'search_jobs')!;
    // Every POST /jobs field but include_description is an argument (the schema is derived from the body's).
    const body = await (await fetch(new URL('/api/openapi.json', product.url))).json();
    const fields = Object.keys(body.paths['/jobs'].post.requestBody.content['application/json'].schema.properties).filter((field) => field !== 'include_description');
    expect(Object.keys(search.inputSchema.properties ?? {}).sort()).toEqual(fields.sort());
  });

  it('search_jobs answers what POST /jobs answers, as compact summaries', async () => {
    for (const body of [{}, { search: ['engineer'], seniority: ['senior'] }, { countries: ['us'], sort: 'salary', page: 1, page_size: 10 }, { is_remote: ['remote'], departments: ['Engineering'] }]) {
      const [mcp, http] = await Promise.all([structured('search_jobs', body), api('/jobs', body)]);
      expect(mcp.count).toBe(http.count);
      expect(mcp.facets).toEqual(http.facets);
      expect(mcp.jobs.map((job: { company: string; slug: string }) => `${job.company}/${job.slug}`)).toEqual(
        http.jobs.map((job: { company_name: string; slug_url: string }) => `${job.company_name}${job.slug_url}`),
      );
      for (const [at, job] of mcp.jobs.entries()) {
        const source = http.jobs[at];
        expect(job.title).toBe(source.job_title);
        expect(job.apply_url).toBe(source.job_url);
        expect(job.job_page).toBe(new URL(`/jobs/${encodeURIComponent(source.company_name)}${source.slug_url}`, product.url).href);
        expect(job.posted).toBe(source.date_posted.slice(0, 10));
        expect(job.pay === null ? null : { currency: job.pay.currency, period: job.pay.period }).toEqual(
          source.compensation === null ? null : { currency: source.compensation.currency, period: source.compensation.period },
        );
      }
    }
  });

  it('search_jobs keeps a page of 20 with its facets under about 4,000 tokens (4 characters a token)', async () => {
    for (const args of [{}, { search: ['engineer'] }, { is_remote: ['remote'] }, { sort: 'salary' }]) {
      const result = await call('search_jobs', { ...args, page_size: 20 });
      const text = (result.content[0] as { text: string }).text;
      expect((result.structuredContent as { jobs: unknown[] }).jobs).toHaveLength(20);
      expect(text.length / 4).toBeLessThanOrEqual(4_000);
    }
  });

  it('search_jobs answers a bad argument with a tool error naming it', async () => {
    expect(await errorText('search_jobs', { page_size: 0 })).toMatch(/page_size/);
    expect(await errorText('search_jobs', { page_size: 51 })).toMatch(/page_size/);
    expect(await errorText('search_jobs', { countries: ['XX'] })).toMatch(/countries/);
    expect(await errorText('search_jobs', { seniority: ['wizard'] })).toMatch(/seniority/);
    expect(await errorText('search_jobs', { include_description: true })).toMatch(/include_description/);
  });

  it('get_job answers the job GET /jobs/{company}/{slug} answers, its description as Markdown or text', async () => {
    const [first] = (await structured('search_jobs', { companies: ['Cohere'], page_size: 1 })).jobs;
    const http = await api(`/jobs/${encodeURIComponent(first.company)}/${first.slug}`);
    const { job } = await structured('get_job', { company: first.company, slug: first.slug });
    expect(job).toMatchObject({ title: http.job_title, company: http.company_name, apply_url: http.job_url, skills: http.skills, department: http.department, ats: http.source.ats, closed_at: null });
    expect(job.description_format).toBe('markdown');
    expect(job.description).not.toMatch(/<\/?(p|div|ul|li|strong)\b/);
    const text = (await structured('get_job', { company: first.company, slug: first.slug, format: 'text' })).job.description;
    expect(text).not.toMatch(/[<>*#]/);
    expect(await errorText('get_job', { company: first.company })).toMatch(/slug/);
    expect(await errorText('get_job', { company: first.company, slug: 'no-such-job-1' })).toBe(`No job 'no-such-job-1' at company '${first.company}'`);
    expect(await errorText('get_job', { company: first.company, slug: first.slug, format: 'html' })).toMatch(/format/);
  });

  it('similar_jobs answers open jobs of the same department, never the job itself, leaving out its company when asked', async () => {
    const [first] = (await structured('search_jobs', { companies: ['Cohere'], departments: ['Engineering'], page_size: 1 })).jobs;
    const similar = await structured('similar_jobs', { company: first.company, slug: first.slug, limit: 5 });
    expect(similar.of.slug).toBe(first.slug);
    expect(similar.jobs).toHaveLength(5);
    expect(similar.jobs.some((job: { slug: string }) => job.slug === first.slug)).toBe(false);
    const elsewhere = await structured('similar_jobs', { company: first.company, slug: first.slug, exclude_same_company: true });
    expect(elsewhere.jobs.length).toBeGreaterThan(0);
    expect(elsewhere.jobs.every((job: { company: string }) => job.company !== first.company)).toBe(true);
    for (const job of elsewhere.jobs) expect((await api(`/jobs/${encodeURIComponent(job.company)}/${job.slug}`)).department).toBe('Engineering');
    expect(await errorText('similar_jobs', { company: first.company, slug: first.slug, limit: 0 })).toMatch(/limit/);
  });

  it('list_filters answers every allowed value with the board’s counts', async () => {
    const [filters, board] = await Promise.all([structured('list_filters', {}), api('/jobs', {})]);
    expect(filters.open_jobs).toBe(board.count);
    const counts = (list: { value: string; count: number }[]) => Object.fromEntries(list.filter((entry) => entry.count > 0).map((entry) => [entry.value, entry.count]));
    expect(counts(filters.filters.departments)).toEqual(board.facets.department);
    expect(counts(filters.filters.seniority)).toEqual(board.facets.seniority);
    expect(counts(filters.filters.is_remote)).toEqual(board.facets.workplace);
    expect(counts(filters.filters.employment_types)).toEqual(board.facets.employment_type);
    expect(counts(filters.filters.countries)).toEqual(board.facets.country);
    expect(filters.filters.seniority.map((entry: { value: string }) => entry.value)).toContain('staff');
    expect(await errorText('list_filters', { department: 'x' })).toMatch(/department/);
  });

  it('search_companies and get_company answer what /companies answers, with each company’s ATS', async () => {
    const listed = await api('/companies');
    const all = await structured('search_companies', { page_size: 100 });
    expect(all.count).toBe(listed.companies.length);
    expect(all.companies.map((company: { name: string }) => company.name)).toEqual(listed.companies.slice(0, 100).map((company: { company_name: string }) => company.company_name));
    expect(all.companies.every((company: { ats: string | null }) => company.ats !== null)).toBe(true);
    const ashby = await structured('search_companies', { text: 'COHERE', ats: 'ashby' });
    expect(ashby.companies.map((company: { name: string }) => company.name)).toEqual(['Cohere']);
    expect(await errorText('search_companies', { ats: 'no-such-ats' })).toMatch(/ats/);

    const http = await api('/companies/cohere');
    const { company, jobs_by_department: departments, newest_jobs: newest } = await structured('get_company', { name: 'cohere', jobs_limit: 3 });
    expect(company).toMatchObject({ name: http.company_name, open_jobs: http.job_count, ats: 'ashby', board_token: 'cohere' });
    expect(departments).toEqual(http.jobs.map((group: { department: string; jobs: unknown[] }) => ({ department: group.department, open_jobs: group.jobs.length })));
    expect(newest).toHaveLength(3);
    expect(await errorText('get_company', { name: 'No Such Company Inc' })).toBe("No company 'No Such Company Inc'");
    expect(await errorText('get_company', { name: 'Cohere', jobs_limit: 51 })).toMatch(/jobs_limit/);
  });

  it('coverage answers what GET /coverage answers', async () => {
    const [mcp, http] = await Promise.all([structured('coverage', {}), api('/coverage')]);
    const { generated_at: _mcpAt, ...mcpReport } = mcp;
    const { generated_at: _httpAt, ...httpReport } = http;
    expect(mcpReport).toEqual(httpReport);
    expect(await errorText('coverage', { days: 3 })).toMatch(/days/);
  });

  it('answers an unknown tool with a tool error', async () => {
    expect(await errorText('delete_everything', {})).toMatch(/delete_everything/);
  });
});

describe('the HTTP edges of /mcp', () => {
  const initialize = (headers: Record<string, string> = {}) =>
    fetch(new URL('/mcp', product.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } } }),
    });

  it('answers GET and DELETE 405 (no stream, no session), and POST with JSON, also under /api', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(new URL('/mcp', product.url), { method });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    }
    const response = await initialize();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('mcp-session-id')).toBeNull();
    expect((await response.json()).result.serverInfo.name).toBe('latent-jobs');
    const underApi = new Client({ name: 'api-prefix', version: '1' });
    await underApi.connect(new StreamableHTTPClientTransport(new URL('/api/mcp', product.url)));
    expect((await underApi.listTools()).tools.length).toBe(MCP_TOOLS.length);
    await underApi.close();
  });

  it('refuses another Host or Origin (DNS rebinding) with 403', async () => {
    const site = new URL(product.url);
    expect((await initialize({ origin: 'http://evil.example' })).status).toBe(403);
    expect((await initialize({ origin: `http://127.0.0.1:${site.port}` })).status).toBe(200);
    const { request } = await import('node:http');
    const status = await new Promise<number>((resolve, reject) => {
      const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
      const req = request({ host: site.hostname, port: site.port, path: '/mcp', method: 'POST', headers: { host: 'evil.example', 'content-type': 'application/json', accept: 'application/json, text/event-stream' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end(body);
    });
    expect(status).toBe(403);
  });

  it('serves its OAuth protected-resource metadata (RFC 9728) at both addresses', async () => {
    for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp']) {
      const response = await fetch(new URL(path, product.url));
      expect(response.status).toBe(200);
      const metadata = await response.json();
      expect(metadata.resource).toBe(new URL('/mcp', product.url).href);
      expect(metadata.bearer_methods_supported).toEqual(['header']);
    }
  });
});

describe('the API docs page', () => {
  it('has an MCP section with the site’s /mcp address, every tool and configurations to paste', async () => {
    const response = await fetch(new URL('/api-docs', product.url));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('id="mcp"');
    expect(html).toContain(`<code>${new URL('/mcp', product.url).href}</code>`);
    for (const tool of MCP_TOOLS) expect(html).toContain(`<code>${tool.name}</code>`);
    expect(html).toContain('mcpServers');
    expect(html).toContain('latent-jobs-mcp');
  });
});

describe('the per-client limit', () => {
  it('answers 429 with Retry-After past the limit a minute, counted on the rate_limits table', async () => {
    const own = await isolatedCatalog();
    try {
      const handler = createMcpHandler(mcpDepsFromStorage(own.storage, own.config, readMcpConfig({}, { MCP_REQUESTS_PER_MINUTE: '2' }), { limiter: new DynamoRateLimiter(own.storage.clients.doc, own.config.dynamodb.tables.rate_limits) }));
      const ping = () => {
        const event = sampleEvent('POST /mcp', { body: { jsonrpc: '2.0', id: 1, method: 'ping' }, headers: { accept: 'application/json, text/event-stream' } });
        // The captured event's "Bearer foo" would be refused (401) before the limit is reached.
        delete event.headers.authorization;
        return handler(event, { awsRequestId: 'limit' } as Context);
      };
      const statuses = [(await ping()).statusCode, (await ping()).statusCode];
      const refused = await ping();
      expect(statuses).toEqual([200, 200]);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(JSON.parse(refused.body)).toEqual({ message: 'Too many MCP calls from this address; try again in a minute' });
    } finally {
      await own.drop();
    }
  });
});
