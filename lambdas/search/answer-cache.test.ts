import { describe, expect, it } from 'vitest';
import { createAnswerCache } from './answer-cache';

describe('answer cache', () => {
  it('answers a repeated search on the same index from the cache, and a new index afresh', async () => {
    const answers = createAnswerCache<object, string>(4);
    let made = 0;
    const make = async () => `answer ${(made += 1)}`;
    const index = {};
    expect(await answers(index, 'q', make)).toBe('answer 1');
    expect(await answers(index, 'q', make)).toBe('answer 1');
    expect(await answers({}, 'q', make)).toBe('answer 2');
    expect(await answers(index, null, make)).toBe('answer 3');
    expect(await answers(index, 'x'.repeat(2001), make)).toBe('answer 4');
    expect(await answers(index, 'x'.repeat(2001), make)).toBe('answer 5');
  });

  it('keeps the most recently used answers and none that failed', async () => {
    const answers = createAnswerCache<object, string>(2);
    const index = {};
    await answers(index, 'a', async () => 'a1');
    await answers(index, 'b', async () => 'b1');
    await answers(index, 'a', async () => 'a2');
    await answers(index, 'c', async () => 'c1');
    expect(await answers(index, 'a', async () => 'a3')).toBe('a1');
    expect(await answers(index, 'b', async () => 'b2')).toBe('b2');
    await expect(answers(index, 'd', async () => Promise.reject(new Error('bad query')))).rejects.toThrow('bad query');
    expect(await answers(index, 'd', async () => 'd1')).toBe('d1');
  });
});
