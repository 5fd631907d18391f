/**
 * The Lambda bundles' zod (zod-without-locales.ts) offers every name of `z` but the message
 * catalogues, and validates as zod does, English messages included.
 */
import { describe, expect, it } from 'vitest';
import * as zod from 'zod';
import * as lean from './zod-without-locales';

/** Names the bundles' zod leaves out: the catalogues, and what no function calls (zod-classic-without-locales.ts). */
const LEFT_OUT = new Set(['locales', 'core', 'compile', 'withParser', 'INVALID', 'ZodCompileAsyncError', 'ZodCompileUnsupportedError', 'fromJSONSchema']);

describe('zod without its locales', () => {
  it('exports every name zod exports except the ones left out', () => {
    const left = Object.keys(zod.z).filter((name) => !LEFT_OUT.has(name));
    expect(Object.keys(lean.z).sort()).toEqual(left.sort());
    expect(Object.keys(lean).sort()).toEqual(Object.keys(zod).filter((name) => !LEFT_OUT.has(name)).sort());
  });

  it('answers in English', () => {
    const result = lean.z.object({ page_size: lean.z.number().max(240) }).safeParse({ page_size: 500 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Too big: expected number to be <=240');
  });
});
