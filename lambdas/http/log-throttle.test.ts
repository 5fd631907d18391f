import { describe, expect, it } from 'vitest';
import { createLogThrottle } from './log-throttle';
import { isStorageUnreachable } from './storage-outage';

describe('createLogThrottle', () => {
  it('lets one line of a kind through per interval, then says how many were held back', () => {
    let now = 0;
    const throttle = createLogThrottle(10_000, () => now);
    const seen = [];
    for (let n = 0; n < 1000; n += 1) {
      now = n * 37; // 1,000 failures in 37 s
      seen.push(throttle('503 Error ECONNREFUSED'));
    }
    const logged = seen.filter((count) => count !== null);
    expect(logged).toHaveLength(4);
    expect(logged[0]).toBe(0);
    expect(logged.slice(1).every((count) => count! > 200)).toBe(true);
    expect(throttle('500 TypeError undefined')).toBe(0);
  });
});

describe('isStorageUnreachable', () => {
  it('knows the AWS SDK connection failures, plain and wrapped', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
    expect(isStorageUnreachable(refused)).toBe(true);
    expect(isStorageUnreachable(new AggregateError([refused]))).toBe(true);
    expect(isStorageUnreachable(new Error('x', { cause: refused }))).toBe(true);
    expect(isStorageUnreachable(Object.assign(new Error('slow'), { name: 'TimeoutError' }))).toBe(true);
    expect(isStorageUnreachable(new TypeError('deps.clock is not a function'))).toBe(false);
    expect(isStorageUnreachable(Object.assign(new Error('bad key'), { name: 'ValidationException' }))).toBe(false);
  });
});
