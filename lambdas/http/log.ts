/**
 * Structured logging for the handlers: one JSON object a line on stdout/stderr, which
 * CloudWatch Logs (and `npm start`'s terminal) keep as is.
 * Shape: `{ "level": "error", "time": "<UTC ISO-8601>", "message": "...", ...fields }`.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export type LogFields = Record<string, unknown>;

export type Logger = (level: LogLevel, message: string, fields?: LogFields) => void;

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

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

/** A logger writing lines at `minLevel` and above (errors and warnings to stderr). */
export const createLogger =
  (minLevel: LogLevel = 'info'): Logger =>
  (level, message, fields = {}) => {
    if (RANK[level] < RANK[minLevel]) return;
    const line = JSON.stringify({ level, time: new Date().toISOString(), message, ...fields });
    if (RANK[level] >= RANK.warn) console.error(line);
    else console.log(line);
  };
