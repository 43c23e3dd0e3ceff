import { describe, expect, it } from 'vitest';
import { seenOnce } from './seen-once.ts';

describe('seenOnce', () => {
  it('answers true only the first time a key is given', () => {
    const isFirst = seenOnce<string>(10);
    expect(['a', 'b', 'a', 'c', 'b'].map(isFirst)).toEqual([true, true, false, true, false]);
  });

  it('forgets the oldest keys beyond its limit, and only those', () => {
    const isFirst = seenOnce<number>(3);
    for (const id of [1, 2, 3, 4]) isFirst(id);
    // 1 was forgotten when 4 came; 2, 3 and 4 are still remembered.
    expect([2, 3, 4].map(isFirst)).toEqual([false, false, false]);
    expect(isFirst(1)).toBe(true);
    // Remembering 1 again pushed out 2, the oldest.
    expect(isFirst(2)).toBe(true);
    expect(isFirst(4)).toBe(false);
  });
});
