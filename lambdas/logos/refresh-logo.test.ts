import { describe, expect, it } from 'vitest';
import { logoAttemptDue } from './refresh-logo';

describe('logoAttemptDue', () => {
  it('is due in exactly one hour of the day for a company', () => {
    const hours = Array.from({ length: 24 }, (_, hour) => new Date(Date.UTC(2026, 10, 24, hour, 30)));
    for (const key of ['cohere', 'anthropic', 'physical intelligence']) {
      expect(hours.filter((hour) => logoAttemptDue(key, hour)), key).toHaveLength(1);
    }
  });
});
