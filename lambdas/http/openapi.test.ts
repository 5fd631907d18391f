import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config';
import { z } from 'zod';
import { SEARCH_FILTERS } from '../../shared/search/filters/search-filters';
import { JobQuerySchema } from '../../shared/search/job-query';
import { OPERATIONS, openApiDocument } from './openapi';
import { ROUTES, routeKey } from './routes';

interface Document {
  openapi: string;
  paths: Record<string, Record<string, { parameters: { name: string; in: string }[]; security: Record<string, string[]>[]; requestBody?: { content: Record<string, { schema: unknown }> } }>>;
}
const document = openApiDocument() as Document;

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(document as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it('describes every route: public ones with no security, signed-in ones with the bearer JWT', () => {
    const described = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    expect(described.sort()).toEqual(ROUTES.map(routeKey).sort());
    expect(described.every((key) => OPERATIONS[key] !== undefined)).toBe(true);
    for (const route of ROUTES) {
      expect(document.paths[route.path]![route.method.toLowerCase()]!.security, routeKey(route)).toEqual(route.auth ? [{ cognitoJwt: [] }] : []);
    }
  });

  it('describes every API path the web app calls (frontend/src)', async () => {
    const calls = await apiPathsTheSpaCalls();
    expect(calls.length).toBeGreaterThan(15);
    const documented = Object.keys(document.paths).map((documentedPath) => new RegExp(`^${documentedPath.replace(/\{\w+\}/g, '[^/]+')}$`));
    expect(calls.filter((call) => !documented.some((pattern) => pattern.test(call)))).toEqual([]);
    expect(calls).toEqual(expect.arrayContaining(['/users', '/users/subscribe', '/payments/checkout', '/payments/confirm', '/payments/portal', '/jobs/x/x']));
  });

  it("passes Redocly's recommended rules with no error", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'openapi-lint-'));
    try {
      await writeFile(path.join(folder, 'openapi.json'), JSON.stringify(document));
      await writeFile(path.join(folder, 'redocly.yaml'), 'extends:\n  - recommended\n');
      const { stdout } = await promisify(execFile)(path.join(REPO_ROOT, 'node_modules', '.bin', 'redocly'), ['lint', 'openapi.json', '--format=json'], {
        cwd: folder,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      });
      const report = JSON.parse(stdout) as { totals: { errors: number }; problems: { ruleId: string; severity: string; message: string }[] };
      expect(report.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
      expect(report.totals.errors).toBe(0);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 60_000);

  it('takes its shapes from the handlers’ own schemas', () => {
    expect(document.paths['/jobs']!.post!.requestBody!.content['application/json']!.schema).toEqual(z.toJSONSchema(JobQuerySchema, { io: 'input', unrepresentable: 'any' }));
    for (const [path, methods] of Object.entries(document.paths)) {
      const placeholders = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      for (const operation of Object.values(methods)) {
        expect(operation.parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name)).toEqual(placeholders);
      }
    }
  });

  it('describes every declared search filter as a POST /jobs field and a feed parameter, in its declaration’s words', () => {
    const body = document.paths['/jobs']!.post!.requestBody!.content['application/json']!.schema as { properties: Record<string, { description?: string }> };
    for (const path of ['/feeds/jobs.rss', '/feeds/jobs.json']) {
      const feed = document.paths[path]!.get!.parameters as unknown as { name: string; schema: { description?: string } }[];
      for (const filter of SEARCH_FILTERS) {
        expect(body.properties[filter.name]?.description).toBe(filter.description);
        expect(feed.find((parameter) => parameter.name === filter.url.param)?.schema.description).toContain(filter.description);
      }
    }
  });
});

/**
 * The API paths the SPA's code names (frontend/src, tests left out): the first argument of its
 * request helpers (getJson, postJson, authedPost) and any '/users' or '/payments' literal handed
 * on to them, with `${...}` parts as one path segment and the query left out.
 */
async function apiPathsTheSpaCalls(): Promise<string[]> {
  const root = path.join(REPO_ROOT, 'frontend', 'src');
  const files = (await readdir(root, { recursive: true })).filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
  const paths = new Set<string>();
  for (const file of files) {
    const text = await readFile(path.join(root, file), 'utf8');
    const calls = [...text.matchAll(/\b(?:getJson|postJson|authedPost)(?:<[^(]*>)?\(\s*(?=['`]\/)/g)].map((match) => pathLiteralAt(text, match.index + match[0].length));
    const handedOn = [...text.matchAll(/'(\/(?:users|payments)(?:\/[\w-]+)*)'/g)].map((match) => match[1]!);
    for (const literal of [...calls, ...handedOn]) paths.add(literal.replace(/\?.*$/, '').replace(/(.)\/$/, '$1'));
  }
  return [...paths].sort();
}

/** The string or template literal starting at `start`, each `${...}` (braces balanced) written as 'x'. */
function pathLiteralAt(text: string, start: number): string {
  const quote = text[start]!;
  let literal = '';
  for (let at = start + 1; at < text.length && text[at] !== quote; at += 1) {
    if (quote === '`' && text.startsWith('${', at)) {
      at += 1;
      let depth = 0;
      do {
        if (text[at] === '{') depth += 1;
        else if (text[at] === '}') depth -= 1;
        at += 1;
      } while (depth > 0 && at < text.length);
      at -= 1;
      literal += 'x';
    } else literal += text[at];
  }
  return literal;
}
