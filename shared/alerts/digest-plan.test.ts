import { describe, expect, it } from 'vitest';
import { DigestBatchMessageSchema, digestBatchSize, MAX_DIGEST_BATCH, planDigestBatches, workerSendRate } from './digest-plan';

describe('the digest plan', () => {
  it('splits the account send rate over the workers so that together they never exceed it', () => {
    expect(workerSendRate(14, 1)).toBe(14);
    expect(workerSendRate(500, 20) * 20).toBe(500);
    expect(() => workerSendRate(0, 4)).toThrow(/account rate/);
    expect(() => workerSendRate(14, 0)).toThrow(/workers/);
  });

  it('sizes a batch to about the given seconds at the worker rate, within one SQS message', () => {
    expect(digestBatchSize(14, 2, 60)).toBe(420);
    expect(digestBatchSize(500, 10, 300)).toBe(MAX_DIGEST_BATCH);
    expect(digestBatchSize(1, 10, 5)).toBe(1);
  });

  it('queues every subscriber exactly once, in order', () => {
    const ids = Array.from({ length: 1234 }, (_, i) => `user-${i}`);
    const batches = planDigestBatches(ids, 500);
    expect(batches.map((batch) => batch.length)).toEqual([500, 500, 234]);
    expect(batches.flat()).toEqual(ids);
    expect(planDigestBatches([], 10)).toEqual([]);
    expect(() => planDigestBatches(ids, MAX_DIGEST_BATCH + 1)).toThrow(/size/);
  });

  it('reads back a queued batch and refuses a malformed one', () => {
    const message = { kind: 'digest-batch', day: '2026-03-10', cadence: 'daily', now: '2026-03-10T07:00:00.000Z', user_ids: ['a', 'b'] };
    expect(DigestBatchMessageSchema.parse(JSON.parse(JSON.stringify(message)))).toEqual(message);
    // A batch queued before the hourly run existed is a daily one.
    const { cadence: _daily, ...older } = message;
    expect(DigestBatchMessageSchema.parse(older)).toEqual(message);
    const hourly = { ...message, day: '2026-03-10T07', cadence: 'hourly' };
    expect(DigestBatchMessageSchema.parse(hourly)).toEqual(hourly);
    expect(DigestBatchMessageSchema.safeParse({ ...message, cadence: 'monthly' }).success).toBe(false);
    expect(DigestBatchMessageSchema.safeParse({ ...message, user_ids: [] }).success).toBe(false);
    expect(DigestBatchMessageSchema.safeParse({ ...message, day: '10/03/2026' }).success).toBe(false);
    expect(DigestBatchMessageSchema.safeParse({ ...message, extra: 1 }).success).toBe(false);
  });
});
