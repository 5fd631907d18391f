/**
 * The observability middlewares every middy chain starts with (lambdas/http/http-handler.ts for
 * HTTP, lambdas/events/* for SQS, SNS and scheduled events), all from Powertools for AWS Lambda:
 *
 * 1. Logger: the invocation's context (`function_request_id`, `cold_start`, function name) and
 *    a `correlation_id` taken from the event on every line; keys appended during an invocation
 *    are cleared after it (`injectLambdaContext` with `resetKeys`). Only for loggers made by
 *    `createLogger` (lambdas/observability/log.ts); a plain function (tests) is left as it is.
 * 2. Tracer: the handler as an X-Ray subsegment (`captureLambdaHandler`; responses are not
 *    recorded, they may hold personal data). Off outside Lambda.
 * 3. Metrics: what the handler added to `metrics` is written as one EMF line when it ends,
 *    failed or not; nothing is written when it added none.
 */
import type { Metrics } from '@aws-lambda-powertools/metrics';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import type middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { powertoolsOf, type Logger } from './log';
import { processTracer } from './tracer';

export interface ObserveOptions<Event> {
  logger: Logger;
  /** The id that ties this invocation's lines to the request or message that caused it. */
  correlationId(event: Event): string | undefined;
  /** The function's metrics, written at the end of each invocation. */
  metrics?: Metrics | undefined;
}

/** The middlewares, in the order they go first into a chain. */
export const observe = <Event, Result>(options: ObserveOptions<Event>): middy.MiddlewareObj<Event, Result>[] => {
  const powertools = powertoolsOf(options.logger);
  const middlewares: middy.MiddlewareObj<Event, Result>[] = [];
  if (powertools !== undefined) {
    middlewares.push(
      {
        // Callers outside Lambda (the local server, tests) may invoke without a context.
        before: (request) => {
          request.context ??= {} as Context;
        },
      },
      injectLambdaContext(powertools, { resetKeys: true }) as middy.MiddlewareObj<Event, Result>,
      {
        before: (request) => {
          const id = options.correlationId(request.event);
          if (id !== undefined && id !== '') powertools.setCorrelationId(id);
        },
      },
    );
  }
  middlewares.push(captureLambdaHandler(processTracer(), { captureResponse: false }) as middy.MiddlewareObj<Event, Result>);
  const metrics = options.metrics;
  if (metrics !== undefined) {
    const publish = () => {
      if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
    };
    middlewares.push({ after: publish, onError: publish });
  }
  return middlewares;
};
