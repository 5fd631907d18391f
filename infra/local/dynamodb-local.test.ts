import { describe, expect, it } from 'vitest';
import { DynamoDbLocalError, startDynamoDbLocal } from './dynamodb-local';

describe('startDynamoDbLocal', () => {
  it('says that Java is needed when `java` cannot be found', async () => {
    const path = process.env['PATH'];
    process.env['PATH'] = '/nonexistent';
    try {
      const started = startDynamoDbLocal({ timeoutMs: 10_000 });
      await expect(started).rejects.toBeInstanceOf(DynamoDbLocalError);
      await expect(started).rejects.toThrow(/needs Java/);
    } finally {
      process.env['PATH'] = path;
    }
  });
});
