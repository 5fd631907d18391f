import { describe, it, expect } from 'vitest';
import { pageCount, pageWindow } from './pageWindow';

describe('pageWindow', () => {
  it('shows the first three pages at the start', () => {
    expect(pageWindow(1, 67)).toEqual([1, 2, 3]);
    expect(pageWindow(2, 67)).toEqual([1, 2, 3]);
  });

  it('slides with the current page in the middle', () => {
    expect(pageWindow(3, 67)).toEqual([2, 3, 4]);
    expect(pageWindow(40, 67)).toEqual([39, 40, 41]);
  });

  it('stops at the last page', () => {
    expect(pageWindow(67, 67)).toEqual([65, 66, 67]);
    expect(pageWindow(66, 67)).toEqual([65, 66, 67]);
  });

  it('shows fewer numbers when there are fewer pages, and none without results', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 2)).toEqual([1, 2]);
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it('clamps a page beyond the end', () => {
    expect(pageWindow(99, 4)).toEqual([2, 3, 4]);
  });
});

describe('pageCount', () => {
  it('rounds up to whole pages of 20', () => {
    expect(pageCount(1333, 20)).toBe(67);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(0, 20)).toBe(0);
  });
});
