/**
 * Sends one email through SES v2 SendEmail, retrying only what SES certainly did not take:
 * throttling (TooManyRequestsException / HTTP 429, "Maximum sending rate exceeded") is retried
 * with exponential backoff and full jitter (`exponential-backoff`); every attempt first waits for
 * a slot of the send-rate limiter (`pace`).
 *
 * `send(input)` → one of
 * - `{ kind: 'sent', messageId }`;
 * - `{ kind: 'rejected', error }`: SES refused it (a client error such as MessageRejected,
 *   AccountSuspended, SendingPaused, a daily quota (LimitExceeded), or throttling after the last
 *   attempt): nothing went out;
 * - `{ kind: 'unknown', error }`: a server error, timeout or lost connection: SES may have taken
 *   it. Never retried here (a retry could deliver a second copy).
 */
import type { SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { backOff } from 'exponential-backoff';

export type SendOutcome = { kind: 'sent'; messageId: string } | { kind: 'rejected'; error: string } | { kind: 'unknown'; error: string };

/** The one method of SESv2Client the sender uses (a fake at the network edge in tests). */
export interface SesClientLike {
  send(command: SendEmailCommand): Promise<{ MessageId?: string | undefined }>;
}

export interface SesSenderOptions {
  ses: SesClientLike;
  /** Resolves when the next send may start (the send-rate limiter). */
  pace: <T>(task: () => Promise<T>) => Promise<T>;
  /** Attempts per email while SES throttles (at least 1). */
  attempts: number;
  /** First backoff delay in ms (doubling, full jitter, capped at 20 s). */
  baseDelayMs: number;
}

interface AwsErrorLike {
  name?: string;
  message?: string;
  $fault?: 'client' | 'server';
  $metadata?: { httpStatusCode?: number };
}

const THROTTLING = new Set(['TooManyRequestsException', 'ThrottlingException', 'Throttling']);

export const isThrottling = (error: unknown): boolean => {
  const e = error as AwsErrorLike | null;
  return e !== null && typeof e === 'object' && (THROTTLING.has(e.name ?? '') || e.$metadata?.httpStatusCode === 429);
};

/** A client fault with an HTTP 4xx status: SES answered and refused; nothing was sent. */
const isRefusal = (error: unknown): boolean => {
  const e = error as AwsErrorLike | null;
  const status = e?.$metadata?.httpStatusCode;
  return e !== null && typeof e === 'object' && e.$fault === 'client' && status !== undefined && status >= 400 && status < 500;
};

const describe = (error: unknown): string => {
  const e = error as AwsErrorLike | null;
  return e !== null && typeof e === 'object' ? `${e.name ?? 'Error'}: ${e.message ?? ''}`.trim() : String(error);
};

export const createSesSender = (options: SesSenderOptions) => async (input: SendEmailCommandInput): Promise<SendOutcome> => {
  try {
    const out = await backOff(() => options.pace(() => options.ses.send(new SendEmailCommand(input))), {
      numOfAttempts: Math.max(1, options.attempts),
      startingDelay: options.baseDelayMs,
      timeMultiple: 2,
      maxDelay: 20_000,
      jitter: 'full',
      retry: (error: unknown) => isThrottling(error),
    });
    return out.MessageId ? { kind: 'sent', messageId: out.MessageId } : { kind: 'unknown', error: 'SES answered without a MessageId' };
  } catch (error) {
    if (isThrottling(error) || isRefusal(error)) return { kind: 'rejected', error: describe(error) };
    return { kind: 'unknown', error: describe(error) };
  }
};
