import { describe, expect, it } from 'vitest';
import { returnPath } from './paths.ts';

describe('returnPath', () => {
  it.each([
    [null, '/dashboard'],
    ['/files/12?x=1', '/files/12?x=1'],
    ['https://evil.test/', '/dashboard'],
    ['//evil.test/', '/dashboard'],
    ['/account/login?from=/x', '/dashboard'],
    ['/logout', '/dashboard'],
  ])('returns %s to %s', (from, expected) => {
    expect(returnPath(from)).toBe(expected);
  });
});
