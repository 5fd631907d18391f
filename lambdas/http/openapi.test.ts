import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SEARCH_FILTERS } from '../../shared/search/filters/search-filters';
import { JobQuerySchema } from '../../shared/search/job-query';
import { OPERATIONS, openApiDocument } from './openapi';
import { ROUTES, routeKey } from './routes';

interface Document {
  openapi: string;
  paths: Record<string, Record<string, { parameters: { name: string; in: string }[]; requestBody?: { content: Record<string, { schema: unknown }> } }>>;
}
const document = openApiDocument() as Document;

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(document as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it('describes every public route and no route behind the authorizer', () => {
    const described = Object.entries(document.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    expect(described.sort()).toEqual(ROUTES.filter((route) => !route.auth).map(routeKey).sort());
    expect(described.every((key) => OPERATIONS[key] !== undefined)).toBe(true);
  });

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
