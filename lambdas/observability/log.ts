/**
 * Structured logging for the handlers and local tools, written by Powertools for AWS Lambda's
 * Logger (@aws-lambda-powertools/logger): one JSON object a line (errors and warnings on stderr),
 * which CloudWatch Logs and `npm start`'s terminal keep as is.
 * Shape: `{ "level": "ERROR", "message": "...", "timestamp": "<UTC ISO-8601>", "service": "...",
 * ...fields }`; inside a middy chain (lambdas/observability/observe.ts) every line also carries
 * the invocation's `function_request_id`, `cold_start` and `correlation_id`.
 *
 * Code logs through the `Logger` function type, so tests can pass a plain function; the chains
 * reach the Powertools instance behind a logger made by `createLogger` with `powertoolsOf`.
 */
import { Logger as PowertoolsLogger } from '@aws-lambda-powertools/logger';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export type LogFields = Record<string, unknown>;

export type Logger = (level: LogLevel, message: string, fields?: LogFields) => void;

/** A Logger backed by a Powertools Logger, whose invocation context the middy chains fill in. */
export type PowertoolsBackedLogger = Logger & { readonly powertools: PowertoolsLogger };

/** Serialisable details of a thrown value: name, message, stack and cause. */
export const describeError = (error: unknown): LogFields =>
  error instanceof Error
    ? {
        name: error.name,
        message: error.message,
        stack: error.stack,
        ...(error.cause === undefined ? {} : { cause: describeError(error.cause) }),
      }
    : { value: String(error) };

/**
 * A logger writing lines at `minLevel` and above (LOG_LEVEL, lambdas/config.ts). The service name
 * is Powertools' POWERTOOLS_SERVICE_NAME (set per function by infra/aws) unless `serviceName` is given.
 */
export const createLogger = (minLevel: LogLevel = 'info', serviceName?: string): PowertoolsBackedLogger => {
  const powertools = new PowertoolsLogger({ logLevel: minLevel, ...(serviceName === undefined ? {} : { serviceName }) });
  const log: Logger = (level, message, fields = {}) => powertools[level](message, fields);
  return Object.assign(log, { powertools });
};

/** The Powertools Logger behind a logger made by `createLogger`, or undefined for any other function. */
export const powertoolsOf = (logger: Logger): PowertoolsLogger | undefined => (logger as Partial<PowertoolsBackedLogger>).powertools;
