import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../shared/errors';
import { JobQuerySchema } from '../../shared/search/job-query';
import { createHttpHandler, type ApiEvent } from './http-handler';
import type { LogFields, Logger, LogLevel } from '../observability/log';
import { sampleEvent } from '../../tests/support/sample-event';

const eventFor = (routeKey: string, changes: Partial<APIGatewayProxyEventV2> = {}): APIGatewayProxyEventV2 => ({
  ...sampleEvent(routeKey),
  ...changes,
});
const sample = sampleEvent('GET /');

const context = { awsRequestId: 'test-request' } as Context;

const recordingLogger = (): Logger & { lines: { level: LogLevel; message: string; fields?: LogFields }[] } => {
  const lines: { level: LogLevel; message: string; fields?: LogFields }[] = [];
  const logger: Logger = (level, message, fields) => lines.push({ level, message, fields });
  return Object.assign(logger, { lines });
};

const echo = (event: ApiEvent) => ({ received: event.body ?? null });

const setup = () => {
  const logger = recordingLogger();
  const handler = createHttpHandler(
    {
      'POST /echo': { cache: 'none', handle: echo },
      'POST /query': { cache: 'none', handle: (event) => JobQuerySchema.parse(event.body ?? {}) },
      'GET /public': { cache: 'public', handle: () => ({ items: ['Engineering'] }) },
      'GET /missing': {
        cache: 'public',
        handle: () => {
          throw new NotFoundError("No job 'x' at company 'y'");
        },
      },
      'GET /broken': {
        cache: 'public',
        handle: async () => {
          throw new Error('ECONNREFUSED 127.0.0.1:8000 at DynamoDBClient.send');
        },
      },
    },
    { logger },
  );
  return { handler, logger };
};

const bodyOf = (result: { body: string }): unknown => JSON.parse(result.body);

describe('the HTTP chain', () => {
  it('answers a route result as 200 JSON with the route cache policy', async () => {
    const { handler } = setup();
    const result = await handler(eventFor('GET /public'), context);
    expect(result.statusCode).toBe(200);
    expect(result.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(result.headers['cache-control']).toContain('max-age=60');
    expect(bodyOf(result)).toEqual({ items: ['Engineering'] });
  });

  it('parses a JSON body, plain or base64, with or without a JSON content type', async () => {
    const { handler } = setup();
    const plain = await handler(eventFor('POST /echo', { body: '{"page":2}', headers: {} }), context);
    expect(bodyOf(plain)).toEqual({ received: { page: 2 } });
    expect(plain.headers['cache-control']).toBe('no-store');
    const encoded = await handler(
      eventFor('POST /echo', { body: Buffer.from('{"page":3}').toString('base64'), isBase64Encoded: true }),
      context,
    );
    expect(bodyOf(encoded)).toEqual({ received: { page: 3 } });
  });

  it('leaves an absent or empty body undefined', async () => {
    const { handler } = setup();
    expect(bodyOf(await handler(eventFor('POST /echo', { body: '' }), context))).toEqual({ received: null });
    expect(bodyOf(await handler(eventFor('POST /echo'), context))).toEqual({ received: null });
  });

  it('answers malformed JSON with 400 "Request body is not valid JSON"', async () => {
    const { handler } = setup();
    const result = await handler(eventFor('POST /echo', { body: '{"page": 1,' }), context);
    expect(result.statusCode).toBe(400);
    expect(bodyOf(result)).toEqual({ message: 'Request body is not valid JSON' });
  });

  it('answers a validation failure with 400 naming the field', async () => {
    const { handler } = setup();
    const tooBig = await handler(eventFor('POST /query', { body: '{"page_size": 500}' }), context);
    expect(tooBig.statusCode).toBe(400);
    expect(bodyOf(tooBig)).toEqual({ message: 'page_size: Too big: expected number to be <=240' });
    const unknown = await handler(eventFor('POST /query', { body: '{"pagesize": 5}' }), context);
    expect(bodyOf(unknown)).toEqual({ message: 'body: Unrecognized key: "pagesize"' });
    const wrongType = await handler(eventFor('POST /query', { body: '{"page": "2", "search": "gpu"}' }), context);
    expect(bodyOf(wrongType)).toEqual({
      message: 'page: Invalid input: expected number, received string; search: Invalid input: expected array, received string',
    });
  });

  it('answers NotFoundError with 404 and its message', async () => {
    const { handler } = setup();
    const result = await handler(eventFor('GET /missing'), context);
    expect(result.statusCode).toBe(404);
    expect(result.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(bodyOf(result)).toEqual({ message: "No job 'x' at company 'y'" });
  });

  it('answers a route key the function does not serve with 404 "Not Found"', async () => {
    const { handler } = setup();
    const result = await handler(eventFor('DELETE /echo'), context);
    expect(result.statusCode).toBe(404);
    expect(bodyOf(result)).toEqual({ message: 'Not Found' });
  });

  it('answers any other failure with 500 "Internal server error", logging the details only', async () => {
    const { handler, logger } = setup();
    const result = await handler(eventFor('GET /broken'), context);
    expect(result.statusCode).toBe(500);
    expect(result.body).toBe('{"message":"Internal server error"}');
    expect(result.headers['cache-control']).toBe('no-store');
    const line = logger.lines.find((entry) => entry.level === 'error');
    expect(line?.fields).toMatchObject({
      routeKey: 'GET /broken',
      requestId: sample.requestContext.requestId,
      awsRequestId: 'test-request',
      status: 500,
      error: { name: 'Error', message: 'ECONNREFUSED 127.0.0.1:8000 at DynamoDBClient.send' },
    });
    expect(JSON.stringify(line?.fields)).toContain('http-handler.test.ts');
  });
});

describe('body limits', () => {
  const deepArray = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
  const deepObject = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

  it('answers a body nested thousands deep with 400 before the route runs, on every JSON route', async () => {
    const { handler } = setup();
    for (const [routeKey, body] of [
      ['POST /echo', deepArray(4_500)],
      ['POST /query', `{"search": ${deepArray(4_500)}}`],
      ['POST /echo', deepObject(5_000)],
      ['POST /echo', Buffer.from(deepArray(40)).toString('base64')],
    ] as const) {
      const result = await handler(eventFor(routeKey, { body, isBase64Encoded: body.startsWith('W') }), context);
      expect(result.statusCode, routeKey).toBe(400);
      expect(bodyOf(result)).toEqual({ message: 'Request body is nested too deeply: at most 32 levels of arrays and objects' });
    }
  });

  it('passes 32 levels and does not count brackets inside strings', async () => {
    const { handler } = setup();
    expect((await handler(eventFor('POST /echo', { body: deepArray(32) }), context)).statusCode).toBe(200);
    const text = JSON.stringify({ note: '['.repeat(100) + '\\"{'.repeat(100) });
    const result = await handler(eventFor('POST /echo', { body: text }), context);
    expect(result.statusCode).toBe(200);
    expect(bodyOf(result)).toEqual({ received: JSON.parse(text) });
  });

  it('answers a body over 64 KiB with 400 on JSON and raw routes alike; a route may allow more', async () => {
    const logger = recordingLogger();
    let reached = 0;
    const handler = createHttpHandler(
      {
        'POST /echo': { cache: 'none', handle: echo },
        'POST /raw': { cache: 'none', kind: 'raw', handle: () => (reached += 1) },
        'POST /big': { cache: 'none', kind: 'raw', maxBodyBytes: 1024 * 1024, handle: () => (reached += 1) },
      },
      { logger },
    );
    const big = JSON.stringify({ text: 'x'.repeat(70_000) });
    for (const routeKey of ['POST /echo', 'POST /raw']) {
      const result = await handler(eventFor(routeKey, { body: big }), context);
      expect(result.statusCode, routeKey).toBe(400);
      expect(bodyOf(result)).toEqual({ message: 'Request body is too large: at most 65536 bytes' });
    }
    const encoded = await handler(eventFor('POST /raw', { body: Buffer.from(big).toString('base64'), isBase64Encoded: true }), context);
    expect(encoded.statusCode).toBe(400);
    expect(reached).toBe(0);
    expect((await handler(eventFor('POST /big', { body: big }), context)).statusCode).toBe(200);
    expect(reached).toBe(1);
    expect(logger.lines.filter((line) => line.level === 'error')).toEqual([]);
  });
});
