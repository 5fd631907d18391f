import { describe, expect, it } from 'vitest';
import { retryAfterMs } from './retry-after';

describe('retryAfterMs', () => {
  const now = Date.parse('Wed, 21 Oct 2015 07:27:00 GMT');
  it('reads delay-seconds and HTTP dates', () => {
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs(['120'], now)).toBe(120_000);
    expect(retryAfterMs('Wed, 21 Oct 2015 07:28:00 GMT', now)).toBe(60_000);
    expect(retryAfterMs('Wed, 21 Oct 2015 07:00:00 GMT', now)).toBe(0);
  });
  it('is null when absent or unreadable', () => {
    expect(retryAfterMs(undefined, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs('-5', now)).toBeNull();
  });
});
