import { describe, expect, it } from 'vitest';
import { createAnswerCache } from './answer-cache';

describe('answer cache', () => {
  it('answers a search repeated on the same index from the cache, and a new index afresh', async () => {
    const answers = createAnswerCache<object, string>(4);
    let made = 0;
    const make = async () => `answer ${(made += 1)}`;
    const index = {};
    expect(await answers(index, 'q', make)).toBe('answer 1');
    expect(await answers(index, 'q', make)).toBe('answer 2');
    expect(await answers(index, 'q', make)).toBe('answer 2');
    expect(await answers({}, 'q', make)).toBe('answer 3');
    expect(await answers(index, null, make)).toBe('answer 4');
    expect(await answers(index, null, make)).toBe('answer 5');
    expect(await answers(index, 'x'.repeat(2001), make)).toBe('answer 6');
    expect(await answers(index, 'x'.repeat(2001), make)).toBe('answer 7');
    expect(await answers(index, 'x'.repeat(2001), make)).toBe('answer 8');
  });

  it('keeps no answer to a search asked once, so a stream of distinct searches leaves the popular ones', async () => {
    const answers = createAnswerCache<object, string>(2);
    const index = {};
    await answers(index, 'popular', async () => 'p1');
    await answers(index, 'popular', async () => 'p2');
    for (let n = 0; n < 100; n += 1) expect(await answers(index, `once ${n}`, async () => `o${n}`)).toBe(`o${n}`);
    expect(await answers(index, 'popular', async () => 'p3')).toBe('p2');
  });

  it('keeps the most recently used answers and none that failed', async () => {
    const answers = createAnswerCache<object, string>(2);
    const index = {};
    const ask = (key: string, answer: string) => answers(index, key, async () => answer);
    for (const key of ['a', 'b', 'a', 'b']) await ask(key, `${key}1`);
    await ask('a', 'a2');
    await ask('c', 'c1');
    await ask('c', 'c2');
    expect(await ask('a', 'a3')).toBe('a1');
    expect(await ask('b', 'b2')).toBe('b2');
    await expect(answers(index, 'd', async () => Promise.reject(new Error('bad query')))).rejects.toThrow('bad query');
    expect(await ask('d', 'd1')).toBe('d1');
    expect(await ask('d', 'd2')).toBe('d2');
    expect(await ask('d', 'd3')).toBe('d2');
  });
});
