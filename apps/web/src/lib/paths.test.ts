import { describe, expect, it } from 'vitest';
import { alertParamId, returnPath } from './paths.ts';

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

describe('alertParamId', () => {
  it.each([
    ['123', 123],
    ['2147483647', 2147483647],
    ['2147483648', null],
    ['0', null],
    ['012', null],
    ['0x10', null],
    ['1e3', null],
    ['-5', null],
    [' 5', null],
    ['', null],
  ])('reads %j as %s', (value, expected) => {
    expect(alertParamId(value)).toBe(expected);
  });
});
